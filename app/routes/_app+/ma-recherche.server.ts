import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { DescribedSearch } from "~/components/engagement/search-criteria";
import { requireAbility } from "~/utils/auth.server";
import { savedSearchAction, type SavedSearchReply } from "~/utils/saved-searches.server";
import { i18next } from "~/utils/i18n.server";
import { renameSearchSchema, saveSearchSchema } from "#server/modules/engagement/contract";
import { parseAdSearch } from "#server/modules/missions/contract";

const schemas = { save: saveSearchSchema, rename: renameSearchSchema } as const;

/**
 * /ma-recherche: the candidate's saved searches, with their criteria in words, how many ads
 * appeared since the last alert, run, alerts on/off, rename and delete (confirmed on the page
 * itself, so it works without JavaScript).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const { engagement, adSearch, reference } = context.services;
  const url = new URL(request.url);
  const [searches, locale] = await Promise.all([engagement.savedSearches(user), i18next.getLocale(request)]);
  const counts = await engagement.newMatchCounts(user, adSearch, searches);
  const regionName = (code: string) => {
    const r = reference.regions.find((x) => x.code === code);
    return r ? (r.names?.[locale as keyof NonNullable<typeof r.names>] ?? r.name) : code;
  };
  return json({
    searches: searches.map((s) => {
      const search = parseAdSearch(new URLSearchParams(s.query));
      const described: DescribedSearch = {
        search,
        placeName: search.placeId ? (reference.localityById(search.placeId)?.name ?? null) : null,
        regionNames: search.region.map(regionName),
      };
      return { id: s.id, name: s.name, query: s.query, alerts: s.alerts, newCount: counts[s.id] ?? null, described };
    }),
    saved: url.searchParams.get("saved"),
    confirmDelete: url.searchParams.get("delete"),
  });
}

export type Reply = SavedSearchReply;

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const { engagement } = context.services;
  return savedSearchAction(await request.formData(), {
    page: "/ma-recherche",
    schemas,
    commands: {
      save: (input) => engagement.saveSearch(user, input),
      rename: (id, name) => engagement.renameSearch(user, id, name),
      switchAlerts: (id, on) => engagement.switchSearchAlerts(user, id, on),
      remove: (id) => engagement.deleteSearch(user, id),
    },
  });
}
