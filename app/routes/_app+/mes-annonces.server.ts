import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { useLoaderData } from "@remix-run/react";
import type { RowOutcome } from "~/components/ads/ad-row-actions";
import { can } from "~/utils/abilities";
import { plainOptions } from "~/utils/ad-form.server";
import { requireAbility } from "~/utils/auth.server";
import { attempt } from "~/utils/action.server";
import { LISTED_AD_STATES, type AdState } from "#server/modules/missions/contract";
import { isPlatformAdmin, isAgencyStaff } from "#server/modules/identity/contract";
import { isUuid } from "#server/lib/contract";

const SAVED = { add: "success_save_add", updates: "success_save_updates" } as const;
/** What each role may offer on a row (the commands decide again): client managers change their own proposals only. */
const ROW_ACTIONS = ["edit", "publish", "disable", "archive", "delete", "duplicate"] as const;

function filtersOf(url: URL) {
  const p = url.searchParams;
  const id = (name: string) => (isUuid(p.get(name) ?? "") ? p.get(name)! : "");
  const status = p.get("status") ?? "";
  return {
    status: (LISTED_AD_STATES as readonly string[]).includes(status) ? (status as AdState) : ("" as const),
    consultantId: id("consultantId"),
    branchId: id("branchId"),
    clientId: id("clientId"),
    q: (p.get("q") ?? "").trim().slice(0, 100),
    page: Math.max(1, Math.min(1000, Math.floor(Number(p.get("page"))) || 1)),
  };
}

/**
 * Spec route /mes-annonces: the ads of the person's agency (a client manager: their company's;
 * a platform admin: every agency's, with the memo), filtered by state, consultant, branch, client
 * and text, 20 a page. Each row offers what its state allows (AD_ACTIONS) as plain POST forms.
 * The list follows changes live.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.ads");
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const { missions } = context.services;
  const [list, options] = await Promise.all([missions.listAds(user, filters), missions.formOptions(user)]);
  const saved = url.searchParams.get("saved");
  return json({
    ads: list.ads.map((a) => ({
      ...a,
      publishedAt: a.publishedAt?.toISOString() ?? null,
      updatedAt: a.updatedAt.toISOString(),
    })),
    total: list.total,
    page: list.page,
    pages: list.pages,
    filters,
    options: plainOptions(options),
    staff: isAgencyStaff(user),
    admin: isPlatformAdmin(user),
    canCreate: can(user.role, "agency.createAd") && Boolean(user.agencyId) && user.role !== "CLIENT",
    saved: saved === "add" || saved === "updates" ? SAVED[saved] : null,
    confirmDelete: Number(url.searchParams.get("confirmDelete")) || null,
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.ads");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const adId = Number(form.get("adId"));
  const { missions } = context.services;
  const outcome = (error: string | null, status = 200) => json<RowOutcome>({ adId, intent, error }, { status });
  if (!Number.isSafeInteger(adId) || !(ROW_ACTIONS as readonly string[]).includes(intent) || intent === "edit")
    return outcome("failed_operation", 400);
  const done = await attempt(async () => {
    if (intent === "publish") await missions.publishAd(user, adId);
    else if (intent === "disable") await missions.disableAd(user, adId);
    else if (intent === "archive") await missions.archiveAd(user, adId);
    else if (intent === "delete") await missions.deleteAd(user, adId);
    else return missions.duplicateAd(user, adId);
  });
  if (!done.ok) return outcome(done.error.key, done.status);
  if (intent === "duplicate" && done.value) return redirect(`/mes-annonces/${done.value}/modifier?copiedFrom=${adId}`);
  return outcome(null);
}

export type ListedAd = ReturnType<typeof useLoaderData<typeof loader>>["ads"][number];
