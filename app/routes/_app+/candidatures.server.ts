import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt } from "~/utils/action.server";
import { isUuid } from "#server/lib/contract";
import {
  BULK_MAX,
  INTERESTS,
  isNewApplication,
  isStatusCode,
  isUnanswered,
  mayHandleApplications,
  mayManageTemplates,
  readsAgencyOwn,
  PIPELINE_SORTS,
  REFUSAL_REASONS,
  STATUS_CODES,
  UNDO_MS,
  type PipelineFilters,
  type RefusalReason,
} from "#server/modules/applications/contract";
import { JOB_BOARDS, SOURCE_CODE } from "#server/modules/missions/contract";

function filtersOf(url: URL): PipelineFilters {
  const p = url.searchParams;
  const id = (name: string) => (isUuid(p.get(name) ?? "") ? p.get(name)! : "");
  const day = (name: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(p.get(name) ?? "") && !Number.isNaN(Date.parse(p.get(name)!)) ? p.get(name)! : "";
  const status = Number(p.get("status"));
  const interest = p.get("interest") ?? "";
  const sort = p.get("sort") ?? "";
  const adId = Number(p.get("adId"));
  return {
    adId: Number.isSafeInteger(adId) && adId > 0 ? adId : null,
    status: isStatusCode(status) ? status : null,
    interest:
      interest === "unrated" || (INTERESTS as readonly string[]).includes(interest)
        ? (interest as PipelineFilters["interest"])
        : null,
    consultantId: id("consultantId"),
    branchId: id("branchId"),
    clientId: id("clientId"),
    source: SOURCE_CODE.test(p.get("source") ?? "") ? p.get("source")! : "",
    from: day("from"),
    to: day("to"),
    q: (p.get("q") ?? "").trim().slice(0, 100),
    unanswered: p.get("unanswered") === "1",
    sort: (PIPELINE_SORTS as readonly string[]).includes(sort) ? (sort as PipelineFilters["sort"]) : "newest",
    page: Math.max(1, Math.min(10_000, Math.floor(Number(p.get("page"))) || 1)),
  };
}

/**
 * /candidatures: the agency's applications (a client's users: their company's, read only),
 * filtered by ad, status, interest, consultant, branch, client, source, dates and text, sorted
 * and paginated; new ones arrive live. Rows left unanswered for three days are flagged, and the
 * countdown of an automatic negative reply shows. Bulk status change of up to 500 rows.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const url = new URL(request.url);
  const filters = filtersOf(url);
  const { applications, missions } = context.services;
  const now = new Date();
  const [list, options, formOptions] = await Promise.all([
    applications.pipeline(user, filters, now),
    applications.pipelineOptions(user),
    missions.formOptions(user),
  ]);
  return json({
    rows: list.rows.map((r) => ({
      ...r,
      isNew: isNewApplication(r.createdAt, now),
      unanswered: isUnanswered(r, now),
      createdAt: r.createdAt.toISOString(),
      autoReplyDueAt:
        r.autoReplyDueAt && !r.answeredAt && r.status === 3 && !r.withdrawnAt ? r.autoReplyDueAt.toISOString() : null,
      answeredAt: r.answeredAt?.toISOString() ?? null,
      withdrawnAt: r.withdrawnAt?.toISOString() ?? null,
    })),
    total: list.total,
    page: list.page,
    pages: list.pages,
    filters,
    options: {
      ads: options.ads,
      sources: JOB_BOARDS.map((b) => ({ code: b.code, name: b.name })),
      consultants: formOptions.contacts.map((c) => ({ id: c.id, name: c.name })),
      branches: formOptions.branches.map((b) => ({ id: b.id, name: b.name })),
      clients: formOptions.clients.map((c) => ({ id: c.id, name: c.name })),
    },
    canHandle: mayHandleApplications(user),
    // the interest rating is the agency's own (ADR 0028): no column nor filter for a client's users
    seesInterest: readsAgencyOwn(user),
    canManageTemplates: mayManageTemplates(user),
    now: now.toISOString(),
  });
}

export type BulkOutcome = {
  batchId: string;
  to: number;
  results: { id: string; ok: boolean; error: string | null }[];
  undoUntil: string;
};
export type PipelineReply = { bulk: BulkOutcome | null; undone: number | null; error: string | null };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const form = await request.formData();
  const { applications } = context.services;
  const ids = form
    .getAll("ids")
    .filter(isUuid)
    .slice(0, BULK_MAX + 1);
  const intent = form.get("intent");
  if (intent === "undo") {
    const batchId = form.get("batchId");
    if (!isUuid(batchId))
      return json<PipelineReply>({ bulk: null, undone: null, error: "failed_operation" }, { status: 400 });
    const done = await attempt(() => applications.undoBulk(user, batchId, ids));
    if (!done.ok)
      return json<PipelineReply>({ bulk: null, undone: null, error: done.error.key }, { status: done.status });
    // the outcome rides in the URL: a live update reloads the data and would drop the action's reply
    const back = new URL(request.url);
    back.searchParams.set("undone", String(done.value.undone));
    return redirect(`${back.pathname}${back.search}`);
  }
  if (intent !== "bulk")
    return json<PipelineReply>({ bulk: null, undone: null, error: "failed_operation" }, { status: 400 });
  const to = Number(form.get("status"));
  const reason = String(form.get("reason") ?? "");
  if (!isStatusCode(to) || !STATUS_CODES.includes(to))
    return json<PipelineReply>({ bulk: null, undone: null, error: "bulk_choose_status" }, { status: 400 });
  const done = await attempt(() =>
    applications.bulkChangeStatus(user, ids, {
      to,
      reason: (REFUSAL_REASONS as readonly string[]).includes(reason) ? (reason as RefusalReason) : null,
    }),
  );
  if (!done.ok)
    return json<PipelineReply>({ bulk: null, undone: null, error: done.error.key }, { status: done.status });
  return json<PipelineReply>({
    bulk: {
      batchId: done.value.batchId,
      to,
      results: done.value.results,
      undoUntil: new Date(Date.now() + UNDO_MS).toISOString(),
    },
    undone: null,
    error: null,
  });
}
