import type { MetaFunction } from "@remix-run/node";
import { Input } from "~/components/ui/input";
import { Form, Link, useLoaderData, useLocation, useSearchParams } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { DataTable, type Column } from "~/components/data-table";
import { EmptyState } from "~/components/empty-state";
import { FilterBar, FilterSelect, FilterText } from "~/components/filter-bar";
import { ErrorList } from "~/components/forms/field";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import { formatDate } from "~/utils/dates";
import { INTERESTS, PIPELINE_SORTS, STATUS, STATUS_CODES, statusName } from "#server/modules/applications/contract";
import { StatusChoice } from "~/components/applications/status-choice";
import { StatusBadge, Countdown } from "~/components/applications/status-badge";
import type { loader, PipelineReply } from "./candidatures.server";

export { action, loader } from "./candidatures.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications", "placements"] };

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

  const toggle = (id: string, on: boolean) => setSelected((s) => (on ? new Set(s).add(id) : new Set([...s].filter((x) => x !== id))));
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
              <input type="checkbox" form="bulk" name="ids" value={r.id} aria-label={t("pipeline.select", { name: r.candidateName })} checked={selected.has(r.id)} onChange={(e) => toggle(r.id, e.target.checked)} data-testid="select-row" />
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
          <span className="flex flex-wrap gap-1">
            {r.isNew && <span className="rounded-full bg-primary px-2 text-xs text-primary-foreground" data-testid="new-badge">{t("new")}</span>}
            {r.unanswered && <span className="rounded-full bg-amber-200 px-2 text-xs text-amber-900" data-testid="unanswered-badge">{t("pipeline.unanswered")}</span>}
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
    { id: "interest", header: t("pipeline.columns.interest"), cell: (r) => <span data-testid="row-interest">{t(`interest.${r.interest ?? "unrated"}`)}</span> },
    { id: "consultant", header: t("pipeline.columns.consultant"), cell: (r) => r.consultantName ?? t("common.empty") },
    { id: "source", header: t("pipeline.columns.source"), cell: (r) => r.source },
    { id: "date", header: t("pipeline.columns.date"), className: "whitespace-nowrap", cell: (r) => formatDate(r.createdAt) },
  ];

  return (
    <div className="grid gap-4">
      <PageHeader
        title={t("pipeline.title")}
        actions={
          <span className="flex flex-wrap gap-4">
            <Link to="/candidatures/propositions" className="text-sm text-primary underline" data-testid="proposals-link">
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

      <FilterBar
        testId="filters"
        actions={
          <>
            <Button type="submit" className="h-9" data-testid="filter-submit">
              {t("pipeline.filter")}
            </Button>
            {filtered && (
              <Button asChild variant="ghost" className="h-9">
                <Link to="/candidatures">{t("pipeline.reset")}</Link>
              </Button>
            )}
          </>
        }
      >
        <FilterSelect name="adId" label={t("pipeline.filters.ad")} allLabel={t("pipeline.all")} value={f.adId ? String(f.adId) : ""} options={data.options.ads.map((a) => ({ value: String(a.id), label: a.title }))} testId="filter-ad" />
        <FilterSelect name="status" label={t("pipeline.filters.status")} allLabel={t("pipeline.all")} value={f.status ? String(f.status) : ""} options={STATUS_CODES.map((c) => ({ value: String(c), label: t(`status.${statusName(c)}`) }))} testId="filter-status" />
        <FilterSelect name="interest" label={t("pipeline.filters.interest")} allLabel={t("pipeline.all")} value={f.interest ?? ""} options={[...INTERESTS, "unrated" as const].map((i) => ({ value: i, label: t(`interest.${i}`) }))} />
        <FilterSelect name="consultantId" label={t("pipeline.filters.consultant")} allLabel={t("pipeline.all")} value={f.consultantId} options={data.options.consultants.map((c) => ({ value: c.id, label: c.name }))} />
        <FilterSelect name="branchId" label={t("pipeline.filters.branch")} allLabel={t("pipeline.all")} value={f.branchId} options={data.options.branches.map((c) => ({ value: c.id, label: c.name }))} />
        <FilterSelect name="clientId" label={t("pipeline.filters.client")} allLabel={t("pipeline.all")} value={f.clientId} options={data.options.clients.map((c) => ({ value: c.id, label: c.name }))} />
        <FilterSelect name="source" label={t("pipeline.filters.source")} allLabel={t("pipeline.all")} value={f.source} options={data.options.sources.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))} />
        <label className="grid gap-1 text-sm">
          <span>{t("pipeline.filters.from")}</span>
          <Input type="date" name="from" defaultValue={f.from} className="h-9 px-2" data-testid="filter-from" />
        </label>
        <label className="grid gap-1 text-sm">
          <span>{t("pipeline.filters.to")}</span>
          <Input type="date" name="to" defaultValue={f.to} className="h-9 px-2" />
        </label>
        <FilterSelect name="sort" label={t("pipeline.filters.sort")} allLabel={t("pipeline.sorts.newest")} value={f.sort === "newest" ? "" : f.sort} options={PIPELINE_SORTS.filter((s) => s !== "newest").map((s) => ({ value: s, label: t(`pipeline.sorts.${s}`) }))} />
        <label className="flex items-center gap-2 self-end pb-2 text-sm">
          <input type="checkbox" name="unanswered" value="1" defaultChecked={f.unanswered} data-testid="filter-unanswered" />
          {t("pipeline.filters.unanswered")}
        </label>
        <FilterText name="q" label={t("pipeline.filters.text")} value={f.q} placeholder={t("pipeline.filters.textPlaceholder")} />
      </FilterBar>

      {data.canHandle && <BulkBar count={selected.size} names={names} reply={reply} onDone={() => setSelected(new Set())} />}

      <p className="text-sm text-muted-foreground" data-testid="total">
        {t("pipeline.total", { count: data.total })}
      </p>
      {data.rows.length === 0 ? (
        <EmptyState testId="empty" message={filtered ? t("pipeline.emptyFiltered") : t("pipeline.empty")} />
      ) : (
        <DataTable testId="applications" label={t("pipeline.title")} rows={data.rows} columns={columns} rowKey={(r) => r.id} rowProps={(r) => ({ "data-testid": "application-row", "data-id": r.id, "data-status": r.status })} />
      )}

      <Pagination
        page={data.page}
        pages={data.pages}
        labels={{ nav: t("pipeline.pagination"), previous: t("pipeline.previous"), next: t("pipeline.next"), page: t("pipeline.page", { page: data.page, pages: data.pages }) }}
      />
    </div>
  );
}

/** The bulk change: a status (and a reason for refusals) for the selected rows, the result per row, and the undo. */
function BulkBar({ count, names, reply, onDone }: { count: number; names: Map<string, string>; reply: PipelineReply | undefined; onDone: () => void }) {
  const { t } = useTranslation(NS);
  const bulk = reply?.bulk ?? null;
  const [params] = useSearchParams();
  const undone = params.get("undone") && !bulk ? Number(params.get("undone")) : null;
  const [undoOpen, setUndoOpen] = useState(Boolean(bulk));
  useEffect(() => {
    if (!bulk) return;
    onDone();
    const left = new Date(bulk.undoUntil).getTime() - Date.now();
    setUndoOpen(left > 0);
    const timer = setTimeout(() => setUndoOpen(false), Math.max(0, left));
    return () => clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [bulk?.batchId]);
  const changed = bulk?.results.filter((r) => r.ok) ?? [];
  const refused = bulk?.results.filter((r) => !r.ok) ?? [];
  return (
    <section className="grid gap-3" aria-label={t("pipeline.bulk.title")}>
      <Form method="post" id="bulk" className="card-surface flex flex-wrap items-end gap-3 p-3" data-testid="bulk-form">
        <p className="self-center text-sm" data-testid="selected-count">
          {t("pipeline.bulk.selected", { count })}
        </p>
        <StatusChoice statuses={[STATUS.retained, STATUS.pending, STATUS.rejected]} placeholder={t("pipeline.bulk.choose")} testId="bulk" />
        <SubmitButton name="intent" value="bulk" className="h-9" disabled={count === 0} data-testid="bulk-apply">
          {t("pipeline.bulk.apply")}
        </SubmitButton>
      </Form>
      {reply?.error && <ErrorList errors={[reply.error]} ns={NS} />}
      {undone !== null && <StatusNotice testId="undone">{t("pipeline.bulk.undone", { count: undone })}</StatusNotice>}
      {bulk && (
        <StatusNotice testId="bulk-result">
          <p>{t("pipeline.bulk.done", { count: changed.length, status: t(`status.${statusName(bulk.to)}`) })}</p>
          {refused.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-sm" data-testid="bulk-refused">
              {refused.map((r) => (
                <li key={r.id} data-testid="bulk-refused-row" data-id={r.id}>
                  {names.get(r.id) ?? r.id}: {t(r.error ?? "failed_operation")}
                </li>
              ))}
            </ul>
          )}
          {undoOpen && changed.length > 0 && (
            <Form method="post" className="mt-2">
              <input type="hidden" name="batchId" value={bulk.batchId} />
              {changed.map((r) => (
                <input key={r.id} type="hidden" name="ids" value={r.id} />
              ))}
              <SubmitButton name="intent" value="undo" variant="outline" size="sm" data-testid="bulk-undo">
                {t("pipeline.bulk.undo")}
              </SubmitButton>
            </Form>
          )}
        </StatusNotice>
      )}
    </section>
  );
}
