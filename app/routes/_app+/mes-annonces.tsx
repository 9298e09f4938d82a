import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { AdRowActions, type RowOutcome } from "~/components/ads/ad-row-actions";
import { AdStateBadge, AwaitingReviewBadge } from "~/components/ads/ad-state-badge";
import { ADS_NS } from "~/components/ads/fields";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useLive } from "~/hooks/use-live";
import { can } from "~/utils/abilities";
import { plainOptions } from "~/utils/ad-form.server";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { attempt } from "~/utils/action.server";
import { AD_ACTIONS, AD_STATES, OWN_SITE, type AdState } from "#server/modules/missions/contract";
import { isPlatformAdmin, isAgencyStaff } from "#server/modules/identity/contract";
import { isUuid } from "#server/lib/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ADS_NS };

const LISTED_STATES = AD_STATES.filter((s) => s !== "deleted");
const SAVED = { add: "success_save_add", updates: "success_save_updates" } as const;
/** What each role may offer on a row (the commands decide again): client managers change their own proposals only. */
const ROW_ACTIONS = ["edit", "publish", "disable", "archive", "delete", "duplicate"] as const;

function filtersOf(url: URL) {
  const p = url.searchParams;
  const id = (name: string) => (isUuid(p.get(name) ?? "") ? p.get(name)! : "");
  const status = p.get("status") ?? "";
  return {
    status: (LISTED_STATES as readonly string[]).includes(status) ? (status as AdState) : ("" as const),
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
    ads: list.ads.map((a) => ({ ...a, published_at: a.published_at?.toISOString() ?? null, updated_at: a.updated_at.toISOString() })),
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
  if (!Number.isSafeInteger(adId) || !(ROW_ACTIONS as readonly string[]).includes(intent) || intent === "edit") return outcome("failed_operation", 400);
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

export default function MyAds() {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const data = useLoaderData<typeof loader>();
  const outcome = useActionData<typeof action>();
  const [params] = useSearchParams();
  const live = useLive((e) => e.type.startsWith("Ad"));
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    next.delete("saved");
    next.delete("confirmDelete");
    next.set("page", String(page));
    return `?${next}`;
  };
  const actionsFor = (ad: ListedAd) => {
    const allowed = AD_ACTIONS[ad.status];
    if (data.admin) return [];
    if (data.staff) return allowed;
    // client managers: their company's ads; publishing, disabling and archiving are the agency's
    return allowed.filter((a) => a === "edit" || a === "delete" || a === "duplicate");
  };
  const filtered = Boolean(data.filters.status || data.filters.consultantId || data.filters.branchId || data.filters.clientId || data.filters.q);

  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold" data-testid="page-title">
          {t("list.title")}
        </h1>
        <span className="text-xs text-muted-foreground" data-testid="live-status">
          {t(live ? "dashboard.live" : "dashboard.offline")}
        </span>
        {data.canCreate && (
          <Button asChild className="ml-auto">
            <Link to="/creer-une-annonce" data-testid="create-ad">
              {t("list.create")}
            </Link>
          </Button>
        )}
      </div>
      {data.saved && (
        <p className="rounded-md border border-emerald-300 bg-emerald-50 p-3 text-sm text-emerald-900 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100" role="status" data-testid="saved">
          {t(data.saved)}
        </p>
      )}

      <Form method="get" className="card-surface grid items-end gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6" data-testid="filters" role="search">
        <FilterSelect name="status" label={t("list.filters.state")} value={data.filters.status} options={LISTED_STATES.map((s) => ({ value: s, label: t(`states.${s}`) }))} />
        {!data.admin && (
          <>
            <FilterSelect name="consultantId" label={t("list.filters.consultant")} value={data.filters.consultantId} options={data.options.contacts.map((o) => ({ value: o.id, label: o.name }))} />
            {data.staff && (
              <>
                <FilterSelect name="branchId" label={t("list.filters.branch")} value={data.filters.branchId} options={data.options.branches.map((o) => ({ value: o.id, label: o.name }))} />
                <FilterSelect name="clientId" label={t("list.filters.client")} value={data.filters.clientId} options={data.options.clients.map((o) => ({ value: o.id, label: o.name }))} />
              </>
            )}
          </>
        )}
        <div className="grid min-w-0 gap-1.5">
          <Label htmlFor="filter-q">{t("list.filters.text")}</Label>
          <Input id="filter-q" name="q" type="search" defaultValue={data.filters.q} placeholder={t("list.filters.textPlaceholder")} data-testid="filter-q" />
        </div>
        <div className="flex gap-2">
          <Button type="submit" data-testid="filter-submit">
            {t("list.filters.apply")}
          </Button>
          {filtered && (
            <Button asChild variant="ghost">
              <Link to="/mes-annonces">{t("list.filters.reset")}</Link>
            </Button>
          )}
        </div>
      </Form>

      <p className="text-sm text-muted-foreground" data-testid="total">
        {t("list.total", { count: data.total })}
      </p>
      {data.ads.length === 0 ? (
        <p className="card-surface p-6 text-center text-muted-foreground" data-testid="empty">
          {filtered ? t("list.emptyFiltered") : t("list.empty")}
        </p>
      ) : (
        <div className="card-surface overflow-x-auto">
          <table className="w-full text-sm" data-testid="ads">
            <thead className="border-b text-left text-xs uppercase text-muted-foreground">
              <tr>
                <th className="px-2 py-2">{t("list.columns.number")}</th>
                <th className="px-2 py-2">{t("list.columns.title")}</th>
                <th className="px-2 py-2">{t("list.columns.state")}</th>
                {data.admin && <th className="px-2 py-2">{t("list.columns.agency")}</th>}
                <th className="px-2 py-2">{t("list.columns.client")}</th>
                <th className="px-2 py-2">{t("list.columns.branch")}</th>
                <th className="px-2 py-2">{t("list.columns.contact")}</th>
                <th className="px-2 py-2">{t("list.columns.endDate")}</th>
                <th className="px-2 py-2 text-right">{t("list.columns.applications")}</th>
                <th className="px-2 py-2">
                  <span className="sr-only">{t("list.columns.actions")}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {data.ads.map((ad) => (
                <tr key={ad.id} className="border-b align-top last:border-0" data-testid="ad-row" data-ad-id={ad.id}>
                  <td className="px-2 py-2 font-mono text-xs" data-testid="ad-number">
                    {ad.id}
                  </td>
                  <td className="px-2 py-2">
                    <div className="font-medium" data-testid="ad-title">
                      {ad.status === "online" ? (
                        <Link to={`/annonce/${ad.id}/${OWN_SITE}`} className="text-primary hover:underline" data-testid="public-link">
                          {ad.title}
                        </Link>
                      ) : (
                        ad.title
                      )}
                    </div>
                    <div className="text-xs text-muted-foreground" data-testid="ad-place">
                      {ad.place_name}
                    </div>
                    {data.admin && ad.memo && (
                      <div className="mt-1 text-xs" data-testid="ad-memo">
                        <span className="text-muted-foreground">{t("edit.memo")} :</span> {ad.memo}
                      </div>
                    )}
                  </td>
                  <td className="px-2 py-2">
                    <div className="flex flex-wrap gap-1">
                      <AdStateBadge status={ad.status} />
                      {ad.awaiting_review && <AwaitingReviewBadge />}
                    </div>
                  </td>
                  {data.admin && <td className="px-2 py-2">{ad.agency_name}</td>}
                  <td className="px-2 py-2">{ad.client_name ?? t("common.empty")}</td>
                  <td className="px-2 py-2">{ad.branch_name ?? t("common.empty")}</td>
                  <td className="px-2 py-2" data-testid="ad-contact">
                    {ad.contact_name ?? t("common.empty")}
                  </td>
                  <td className="px-2 py-2 whitespace-nowrap" data-testid="ad-end-date">
                    {formatDate(ad.end_date)}
                  </td>
                  <td className="px-2 py-2 text-right" data-testid="ad-applications">
                    {ad.application_count}
                  </td>
                  <td className="px-2 py-2">
                    <AdRowActions
                      ad={ad}
                      actions={actionsFor(ad)}
                      admin={data.admin}
                      outcome={outcome?.adId === ad.id ? outcome : null}
                      confirming={data.confirmDelete === ad.id}
                    />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}

      {data.pages > 1 && (
        <nav className="flex items-center justify-center gap-3 text-sm" aria-label={t("list.pagination")} data-testid="pagination">
          {data.page > 1 ? (
            <Link to={pageLink(data.page - 1)} rel="prev" className="text-primary underline">
              {t("list.previous")}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t("list.previous")}</span>
          )}
          <span data-testid="page">{t("list.page", { page: data.page, pages: data.pages })}</span>
          {data.page < data.pages ? (
            <Link to={pageLink(data.page + 1)} rel="next" className="text-primary underline">
              {t("list.next")}
            </Link>
          ) : (
            <span className="text-muted-foreground">{t("list.next")}</span>
          )}
        </nav>
      )}
    </div>
  );
}

function FilterSelect({ name, label, value, options }: { name: string; label: string; value: string; options: { value: string; label: string }[] }) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  return (
    <div className="grid min-w-0 gap-1.5">
      <Label htmlFor={`filter-${name}`}>{label}</Label>
      <select id={`filter-${name}`} name={name} defaultValue={value} className="h-10 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm" data-testid={`filter-${name}`}>
        <option value="">{t("list.filters.all")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}
