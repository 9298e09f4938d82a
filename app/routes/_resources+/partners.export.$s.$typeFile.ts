import type { LoaderFunctionArgs } from "@remix-run/node";
import { LANGUAGES } from "~/i18n";
import { i18next } from "~/utils/i18n.server";
import { publicUrlOf } from "~/utils/public-url.server";
import { FEED_TYPES, renderFeed } from "../../../server/modules/missions/feeds";
import { jobBoard } from "../../../server/modules/missions/rules";

/**
 * /partners/export/{s}/{typeFile}: the online ads posted to job board `s` (its source code), as
 * `xml` in the board's dialect or as `json`. Public, as boards fetch them without an account;
 * unknown boards and types are not found. Boards poll: a few minutes of caching is fine.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const board = jobBoard(params.s ?? "");
  const type = FEED_TYPES.find((t) => t === params.typeFile);
  if (!board || !type) throw new Response("Not found", { status: 404 });
  const { missions, env } = context.services;
  const [ads, translations] = await Promise.all([missions.adsForBoard(board.code), Promise.all(LANGUAGES.map((l) => i18next.getFixedT(l, "reference")))]);
  // category names in each ad's own language
  const professionName = (id: string, language: string) => (translations[LANGUAGES.indexOf(language as (typeof LANGUAGES)[number])] ?? translations[0]!)(`professions.${id}`);
  const { body, contentType } = renderFeed(type, ads, { board, publicUrl: publicUrlOf(request, context), now: new Date(), professionName, jobcloudOrganisationId: env.JOBCLOUD_ORGANISATION_ID });
  return new Response(body, { headers: { "Content-Type": contentType, "Cache-Control": "public, max-age=300" } });
}
