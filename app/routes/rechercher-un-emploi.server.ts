import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { seoOf } from "~/utils/seo.server";
import { newIdempotencyKey } from "~/utils/action.server";
import { applyCandidateAdAction, isCandidateAdAction } from "~/utils/candidate-ad-actions.server";
import { getUser, requireAbility } from "~/utils/auth.server";
import { i18next } from "~/utils/i18n.server";
import { shellFor } from "~/utils/open-page.server";
import { adSearchToQuery, parseAdSearch } from "#server/modules/missions/contract";

/**
 * /rechercher-un-emploi: the job search, open to everyone (docs/decisions/0007). Signed-in
 * people get their shell and menu, visitors a light header; candidates also hide ads, keep
 * favourites and save the search, and see how each ad fits their profile (sort by fit, lowest
 * fit). The URL is the whole state.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { adSearch, adFits, engagement, reference, agencies } = context.services;
  const params = new URL(request.url).searchParams;
  const [user, locale] = await Promise.all([getUser(request, context), i18next.getLocale(request)]);
  const candidate = user?.role === "CANDIDATE";
  const search = parseAdSearch(params);
  const [hidden, favourites, fit] = candidate
    ? await Promise.all([
        engagement.hiddenIds(user),
        engagement.favouriteIds(user),
        adFits(user, new Date().toISOString().slice(0, 10)),
      ])
    : [[], [], null];
  // a candidate's results carry their fit; a sort by fit or a lowest fit ranks by it
  const result = await adSearch.search(search, { excludeIds: hidden, ...(fit ? { fit } : {}) });
  const logos = await agencies.logoIds(result.hits.map((h) => h.agencyId));
  const regions = reference.regions.map((r) => ({
    code: r.code,
    country: r.country,
    name: r.names?.[locale as keyof typeof r.names] ?? r.name,
  }));
  const found = result.place ? reference.localityById(result.place.id) : undefined;
  const place = found && reference.localityIn(found, locale);
  const rawSalary = (params.get("salaryMin") ?? "").trim().slice(0, 40);
  return json(
    {
      seo: await (search.q ? seoOf(locale, "jobSearchQuery", { q: search.q }) : seoOf(locale, "jobSearch")),
      shell: user ? await shellFor(user, context) : null,
      candidate,
      search,
      query: adSearchToQuery(search),
      result,
      logos,
      favourites,
      regions,
      place: place
        ? { id: place.id, label: `${place.name} (${[place.postalCode, place.region].filter(Boolean).join(", ")})` }
        : null,
      // a salary that is not a number is shown back with its error, as typed
      invalid: { salaryMin: rawSalary && search.salaryMin === null ? rawSalary : null },
      // the save-search form's key: a retried save keeps one saved search
      idempotencyKey: candidate ? newIdempotencyKey() : "",
    },
    // search away: the page says so with the form kept, and answers 503 as when the database is (ADR 0032)
    { status: result.unavailable ? 503 : 200 },
  );
}

/** Candidates only: not interested (with its undo) and favourites, on an online ad. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const form = await request.formData();
  const intent = form.get("intent");
  const adId = Number(form.get("adId"));
  if (!isCandidateAdAction(intent) || !Number.isSafeInteger(adId))
    return json({ intent: null, adId: null, title: null, error: "failed_operation" }, { status: 400 });
  const { error, status } = await applyCandidateAdAction(context, user, intent, adId);
  if (error) return json({ intent, adId, title: null, error }, { status });
  const ad = intent === "hide" ? await context.services.missions.publicAd(adId) : null;
  return json({ intent, adId, title: ad?.fields.title ?? null, error: null });
}
