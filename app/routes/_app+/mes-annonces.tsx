import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { AdListFilters } from "~/components/ads/ad-list-filters";
import { AdRowActions } from "~/components/ads/ad-row-actions";
import { AdStateBadge, AwaitingReviewBadge } from "~/components/ads/ad-state-badge";
import { ADS_NS } from "~/components/ads/fields";
import { DataTable, type Column } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { StatusNotice } from "~/components/status-notice";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import { formatDate } from "~/utils/dates";
import { OWN_SITE } from "#server/modules/missions/contract";
import type { action, ListedAd, loader } from "./mes-annonces.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ADS_NS };

export { action, loader } from "./mes-annonces.server";

export default function MyAds() {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const data = useLoaderData<typeof loader>();
  const outcome = useActionReply<typeof action>();
  const live = useLive((e) => e.type.startsWith("Ad"));

  const filtered = Boolean(
    data.filters.status ||
    data.filters.consultantId ||
    data.filters.branchId ||
    data.filters.clientId ||
    data.filters.q,
  );

  const columns: (Column<ListedAd> | false)[] = [
    {
      id: "number",
      header: t("list.columns.number"),
      className: "whitespace-nowrap font-mono text-xs",
      cell: (ad) => <span data-testid="ad-number">{ad.id}</span>,
    },
    {
      id: "title",
      header: t("list.columns.title"),
      // titles wrap (never cut: a consultant reads the whole title) so the row fits without scrolling
      className: "min-w-44 max-w-72",
      cell: (ad) => (
        <>
          <div className="font-medium" data-testid="ad-title">
            {ad.status === "online" ? (
              <Link
                to={`/annonce/${ad.id}/${OWN_SITE}`}
                className="text-primary hover:underline"
                data-testid="public-link"
              >
                {ad.title}
              </Link>
            ) : (
              ad.title
            )}
          </div>
          <div className="text-xs text-muted-foreground" data-testid="ad-place">
            {ad.placeName}
          </div>
          {data.admin && ad.memo && (
            <div className="mt-1 text-xs" data-testid="ad-memo">
              <span className="text-muted-foreground">{t("edit.memo")} :</span> {ad.memo}
            </div>
          )}
        </>
      ),
    },
    {
      id: "state",
      header: t("list.columns.state"),
      cell: (ad) => (
        <div className="flex flex-wrap gap-1">
          <AdStateBadge status={ad.status} />
          {ad.awaitingReview && <AwaitingReviewBadge />}
        </div>
      ),
    },
    data.admin && { id: "agency", header: t("list.columns.agency"), cell: (ad: ListedAd) => ad.agencyName },
    { id: "client", header: t("list.columns.client"), cell: (ad) => ad.clientName ?? t("common.empty") },
    { id: "branch", header: t("list.columns.branch"), cell: (ad) => ad.branchName ?? t("common.empty") },
    {
      id: "contact",
      header: t("list.columns.contact"),
      cell: (ad) => <span data-testid="ad-contact">{ad.contactName ?? t("common.empty")}</span>,
    },
    {
      id: "endDate",
      header: t("list.columns.endDate"),
      className: "whitespace-nowrap",
      cell: (ad) => <span data-testid="ad-end-date">{formatDate(ad.endDate)}</span>,
    },
    {
      id: "applications",
      header: t("list.columns.applications"),
      align: "right",
      cell: (ad) => <span data-testid="ad-applications">{ad.applicationCount}</span>,
    },
    {
      id: "actions",
      header: t("list.columns.actions"),
      hiddenHeader: true,
      align: "right",
      cell: (ad) => (
        <AdRowActions
          ad={ad}
          actions={ad.actions}
          admin={data.admin}
          outcome={outcome && outcome.adId === ad.id ? outcome : null}
          confirming={data.confirmDelete === ad.id}
        />
      ),
    },
  ];

  return (
    <div className="grid gap-4">
      <PageHeader
        title={t("list.title")}
        actions={
          data.canCreate && (
            <Button asChild>
              <Link to="/creer-une-annonce" data-testid="create-ad">
                {t("list.create")}
              </Link>
            </Button>
          )
        }
      >
        <span className="text-xs text-muted-foreground" data-testid="live-status">
          {t(live ? "dashboard.live" : "dashboard.offline")}
        </span>
      </PageHeader>
      {data.saved && (
        <StatusNotice tone="success" testId="saved">
          {t(data.saved)}
        </StatusNotice>
      )}

      <AdListFilters data={data} filtered={filtered} />

      <p className="text-sm text-muted-foreground" data-testid="total">
        {t("list.total", { count: data.total })}
      </p>
      {data.ads.length === 0 ? (
        <EmptyState testId="empty" message={filtered ? t("list.emptyFiltered") : t("list.empty")} />
      ) : (
        <DataTable
          testId="ads"
          label={t("list.title")}
          rows={data.ads}
          columns={columns}
          rowKey={(ad) => ad.id}
          rowProps={(ad) => ({ "data-testid": "ad-row", "data-ad-id": ad.id })}
        />
      )}

      <Pagination
        page={data.page}
        pages={data.pages}
        drop={["saved", "confirmDelete"]}
        labels={{
          nav: t("list.pagination"),
          previous: t("list.previous"),
          next: t("list.next"),
          page: t("list.page", { page: data.page, pages: data.pages }),
        }}
      />
    </div>
  );
}
