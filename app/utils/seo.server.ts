import { fixedT } from "~/utils/i18n.server";

export type SeoPage = "login" | "registerUser" | "registerAgency" | "forgotPassword" | "jobSearch" | "jobSearchQuery";

/** A public page's title and description in the visitor's language (what search engines and link previews show). */
export async function seoOf(request: Request, page: SeoPage, values?: Record<string, string>) {
  const t = await fixedT(request);
  return { title: t(`seo.${page}.title`, values), description: t(`seo.${page}.description`, values) };
}
