import { fixedT } from "~/utils/i18n.server";

export type SeoPage =
  | "login"
  | "registerUser"
  | "registerAgency"
  | "forgotPassword"
  | "jobSearch"
  | "jobSearchQuery"
  | "setPassword"
  | "verifyEmail"
  | "restoreEmail";

/** A public page's title and description in the visitor's language, from the request or the language a loader already read (what search engines and link previews show). */
export async function seoOf(requestOrLanguage: Request | string, page: SeoPage, values?: Record<string, string>) {
  const t = await fixedT(requestOrLanguage);
  return { title: t(`seo.${page}.title`, values), description: t(`seo.${page}.description`, values) };
}
