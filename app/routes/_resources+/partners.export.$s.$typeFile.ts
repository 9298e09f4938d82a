import type { LoaderFunctionArgs } from "@remix-run/node";
import { LANGUAGES } from "~/i18n";
import { fixedT } from "~/utils/i18n.server";

/**
 * /partners/export/{s}/{typeFile}: the online ads posted to job board `s` (its source code), as
 * `xml` in the board's dialect or as `json`. Public, as boards fetch them without an account;
 * unknown boards and types are not found. Boards poll: a few minutes of caching is fine.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { missions, env } = context.services;
  const translations = await Promise.all(LANGUAGES.map((l) => fixedT(l, "reference")));
  // category names in each ad's own language
  const professionName = (id: string, language: string) =>
    (translations[LANGUAGES.indexOf(language as (typeof LANGUAGES)[number])] ?? translations[0]!)(`professions.${id}`);
  const feed = await missions.feed(params.s ?? "", params.typeFile ?? "", {
    publicUrl: context.services.publicUrl(),
    professionName,
    jobcloudOrganisationId: env.JOBCLOUD_ORGANISATION_ID,
  });
  if (!feed) throw new Response("Not found", { status: 404 });
  return new Response(feed.body, {
    headers: { "Content-Type": feed.contentType, "Cache-Control": "public, max-age=300" },
  });
}
