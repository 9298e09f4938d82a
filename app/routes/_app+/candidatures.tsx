import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData, useLocation } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AddToFolderLink } from "~/components/folders/add-to-folder-link";
import { DataTable, type Column } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { useLive } from "~/hooks/use-live";
import { formatDate } from "~/utils/dates";
import { StatusBadge, Countdown } from "~/components/applications/status-badge";
import { BulkBar } from "~/components/applications/bulk-bar";
import { PipelineFilterBar } from "~/components/applications/pipeline-filters";
import type { loader, PipelineReply } from "./candidatures.server";

export { action, loader } from "./candidatures.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications", "placements", "candidate-file", "folders"] };

type Row = ReturnType<typeof useLoaderData<typeof loader>>["rows"][number];
const NS = ["applications", "common"];

export default function Pipeline() {
  const { t } = useTranslation(NS);
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<PipelineReply>();
  const live = useLive((e) => e.type.startsWith("Application"));
  const location = useLocation();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const f = data.filters;
  const filtered = location.search.length > 1;
  const names = new Map(data.rows.map((r) => [r.id, r.candidateName]));

  const toggle = (id: string, on: boolean) =>
    setSelected((s) => (on ? new Set(s).add(id) : new Set([...s].filter((x) => x !== id))));
  const allOnPage = data.rows.length > 0 && data.rows.every((r) => selected.has(r.id));

  const columns: Column<Row>[] = [
    ...(data.canHandle
      ? [
          {
            id: "select",
            header: (
              <input
                type="checkbox"
                aria-label={t("pipeline.selectPage")}
                checked={allOnPage}
                onChange={(e) => setSelected(e.target.checked ? new Set(data.rows.map((r) => r.id)) : new Set())}
                data-testid="select-page"
              />
            ),
            cell: (r: Row) => (
              <input
                type="checkbox"
                form="bulk"
                name="ids"
                value={r.id}
                aria-label={t("pipeline.select", { name: r.candidateName })}
                checked={selected.has(r.id)}
                onChange={(e) => toggle(r.id, e.target.checked)}
                data-testid="select-row"
              />
            ),
          },
        ]
      : []),
    {
      id: "candidate",
      header: t("pipeline.columns.candidate"),
      cell: (r) => (
        <div className="grid gap-0.5">
          <Link to={`/candidatures/${r.id}`} className="font-medium hover:underline" data-testid="open-application">
            {r.candidateName}
          </Link>
          <span className="text-xs text-muted-foreground [overflow-wrap:anywhere]">{r.candidateEmail}</span>
          {data.canHandle && (
            <Link
              to={`/cv-theque/${r.candidateId}`}
              className="text-xs text-primary underline"
              data-testid="open-candidate-file"
            >
              {t("candidate-file:open")}
            </Link>
          )}
          {data.canHandle && <AddToFolderLink candidateId={r.candidateId} className="text-xs text-primary underline" />}
          <span className="flex flex-wrap gap-1">
            {r.isNew && (
              <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground" data-testid="new-badge">
                {t("new")}
              </span>
            )}
            {r.unanswered && (
              <span className="rounded-full bg-amber-200 px-2 text-xs text-amber-900" data-testid="unanswered-badge">
                {t("pipeline.unanswered")}
              </span>
            )}
          </span>
        </div>
      ),
    },
    { id: "ad", header: t("pipeline.columns.ad"), cell: (r) => <span data-testid="row-ad">{r.adTitle}</span> },
    {
      id: "status",
      header: t("pipeline.columns.status"),
      cell: (r) => (
        <div className="grid gap-1">
          <StatusBadge status={r.status} withdrawn={Boolean(r.withdrawnAt)} />
          {r.autoReplyDueAt && <Countdown until={r.autoReplyDueAt} now={data.now} />}
        </div>
      ),
    },
    ...(data.seesInterest
      ? [
          {
            id: "interest",
            header: t("pipeline.columns.interest"),
            cell: (r: Row) => <span data-testid="row-interest">{t(`interest.${r.interest ?? "unrated"}`)}</span>,
          },
        ]
      : []),
    { id: "consultant", header: t("pipeline.columns.consultant"), cell: (r) => r.consultantName ?? t("common.empty") },
    { id: "source", header: t("pipeline.columns.source"), cell: (r) => r.source },
    {
      id: "date",
      header: t("pipeline.columns.date"),
      className: "whitespace-nowrap",
      cell: (r) => formatDate(r.createdAt),
    },
  ];

  return (
    <div className="grid gap-4">
      <PageHeader
        title={t("pipeline.title")}
        actions={
          <span className="flex flex-wrap gap-4">
            <Link
              to="/candidatures/propositions"
              className="text-sm text-primary underline"
              data-testid="proposals-link"
            >
              {t("placements:agency.title")}
            </Link>
            {data.canManageTemplates && (
              <Link to="/candidatures/modeles" className="text-sm text-primary underline" data-testid="templates-link">
                {t("templates.title")}
              </Link>
            )}
          </span>
        }
      >
        <span className="text-xs text-muted-foreground" data-testid="live-status">
          {t(live ? "common:dashboard.live" : "common:dashboard.offline")}
        </span>
      </PageHeader>

      <PipelineFilterBar filters={f} options={data.options} filtered={filtered} seesInterest={data.seesInterest} />

      {data.canHandle && (
        <BulkBar count={selected.size} names={names} reply={reply} onDone={() => setSelected(new Set())} />
      )}

      <p className="text-sm text-muted-foreground" data-testid="total">
        {t("pipeline.total", { count: data.total })}
      </p>
      {data.rows.length === 0 ? (
        <EmptyState testId="empty" message={filtered ? t("pipeline.emptyFiltered") : t("pipeline.empty")} />
      ) : (
        <DataTable
          testId="applications"
          label={t("pipeline.title")}
          rows={data.rows}
          columns={columns}
          rowKey={(r) => r.id}
          rowProps={(r) => ({ "data-testid": "application-row", "data-id": r.id, "data-status": r.status })}
        />
      )}

      <Pagination
        page={data.page}
        pages={data.pages}
        labels={{
          nav: t("pipeline.pagination"),
          previous: t("pipeline.previous"),
          next: t("pipeline.next"),
          page: t("pipeline.page", { page: data.page, pages: data.pages }),
        }}
      />
    </div>
  );
}
