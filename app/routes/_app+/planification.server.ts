import { parseWithZod } from "@conform-to/zod";
import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import {
  addDaysTo,
  changeSchema,
  copySchema,
  createSchema,
  isDay,
  mayEditPlanning,
  mondayOf,
  parsePoolKey,
  PlanningConflictError,
  PlanningWarningsError,
  publishSchema,
  removeSchema,
  repeatSchema,
  ROW_KINDS,
  shiftOfForm,
  VIEWS,
  type ChangeForm,
  type CreateForm,
  type PlanningView,
  type PlanningWarning,
  type RowKind,
} from "#server/modules/planning/contract";

/** The period a view shows around a day: the day, its ISO week, or its month. */
export function periodOf(view: PlanningView, anchor: string) {
  if (view === "day") return { from: anchor, to: anchor };
  if (view === "week") return { from: mondayOf(anchor), to: addDaysTo(mondayOf(anchor), 6) };
  const from = `${anchor.slice(0, 8)}01`;
  const next = new Date(Date.UTC(Number(anchor.slice(0, 4)), Number(anchor.slice(5, 7)), 1));
  return { from, to: addDaysTo(next.toISOString().slice(0, 10), -1) };
}

export function boardParams(url: URL) {
  const q = url.searchParams;
  const view = (VIEWS as readonly string[]).includes(q.get("view") ?? "") ? (q.get("view") as PlanningView) : "week";
  const rows = (ROW_KINDS as readonly string[]).includes(q.get("rows") ?? "")
    ? (q.get("rows") as RowKind)
    : "candidates";
  const date = isDay(q.get("date")) ? q.get("date")! : new Date().toISOString().slice(0, 10);
  const mission = Number(q.get("mission"));
  const filters = {
    branch: q.get("branch") || null,
    client: q.get("client") || null,
    mission: Number.isSafeInteger(mission) && mission > 0 ? mission : null,
    consultant: q.get("consultant") || null,
  };
  return { view, rows, date, filters, list: q.get("mode") === "list", ...periodOf(view, date) };
}

/**
 * /planification: the board of a period (drafts included) for agency staff, read-only for
 * client users (their company's missions) and platform admins. `?mode=list` is the same period
 * as a list with plain forms (the board without JavaScript).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.planning");
  const params = boardParams(new URL(request.url));
  const { planning } = context.services;
  const canEdit = mayEditPlanning(user);
  const none: { candidateId: string; candidateName: string; count: number }[] = [];
  const [board, filterOptions, previewMine, previewAll] = await Promise.all([
    planning.board(user, { from: params.from, to: params.to, filters: params.filters }),
    planning.boardFilters(user),
    canEdit ? planning.publishPreview(user, "mine") : none,
    canEdit ? planning.publishPreview(user, "all") : none,
  ]);
  return json({
    ...params,
    // the shifts around the period: the page derives what it shows and the warnings (boardOf)
    shifts: [...board.shifts],
    pool: [...board.pool],
    expiries: board.expiries,
    filterOptions: {
      branches: [...filterOptions.branches],
      clients: [...filterOptions.clients],
      missions: [...filterOptions.missions],
      consultants: [...filterOptions.consultants],
    },
    canEdit,
    preview: { mine: [...previewMine], all: [...previewAll] },
    me: { id: user.id, name: `${user.firstName} ${user.lastName}`, agencyId: user.agencyId },
  });
}

export type PlanningReply =
  | { ok: true; intent: string; id?: string | null; version?: number; ids?: string[]; published?: number }
  | {
      ok: false;
      intent: string;
      formId: string;
      result: SubmissionResult<string[]>;
      error: string;
      warnings?: PlanningWarning[];
      changedBy?: string;
      currentVersion?: number;
    };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.planning");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const formId = String(form.get("formId") ?? intent);
  // the board's fetchers want the answer as data; plain forms come back to the page they were on
  const fromScript = form.get("js") === "1";
  const back = String(form.get("back") ?? "/planification?mode=list");
  const { planning } = context.services;

  const done = (value: Omit<Extract<PlanningReply, { ok: true }>, "ok" | "intent">) =>
    fromScript
      ? json<PlanningReply>({ ok: true, intent, ...value })
      : redirect(
          `${back.startsWith("/planification") ? back : "/planification"}${back.includes("?") ? "&" : "?"}done=${intent}`,
        );

  const schema = {
    create: createSchema,
    change: changeSchema,
    remove: removeSchema,
    copy: copySchema,
    repeat: repeatSchema,
    publish: publishSchema,
  }[intent];
  if (!schema)
    return json<PlanningReply>(
      {
        ok: false,
        intent,
        formId,
        error: "failed_operation",
        result: { status: "error", error: { "": ["failed_operation"] } },
      },
      { status: 400 },
    );
  const submission = parseWithZod(form, { schema });
  if (submission.status !== "success")
    return json<PlanningReply>(
      { ok: false, intent, formId, error: "invalid", result: submission.reply() },
      { status: 400 },
    );
  // each intent reads only the fields of its own schema, which parsed them
  const v = submission.value as unknown as CreateForm &
    ChangeForm & { days: string[]; weeks: number; scope: "mine" | "all" };

  const outcome = await attempt(async (): Promise<Omit<Extract<PlanningReply, { ok: true }>, "ok" | "intent">> => {
    switch (intent) {
      case "create":
        return {
          id: await planning.planAssignment(user, {
            ...parsePoolKey(v.placementId),
            shift: shiftOfForm(v),
            reason: v.reason,
          }),
        };
      case "change":
        return await planning.changeAssignment(user, {
          assignmentId: v.assignmentId,
          version: v.version,
          shift: shiftOfForm(v),
          reason: v.reason,
          candidateId: v.candidateId,
        });
      case "remove":
        await planning.removeAssignment(user, { assignmentId: v.assignmentId, version: v.version });
        return {};
      case "copy":
        return {
          ids: await planning.copyAssignment(user, { assignmentId: v.assignmentId, days: v.days, reason: v.reason }),
        };
      case "repeat":
        return {
          ids: await planning.repeatAssignmentWeekly(user, {
            assignmentId: v.assignmentId,
            weeks: v.weeks,
            reason: v.reason,
          }),
        };
      default:
        return await planning.publishPlanning(user, v.scope);
    }
  });
  if (outcome.ok) return done(outcome.value);
  const error = outcome.error;
  const reply: PlanningReply = {
    ok: false,
    intent,
    formId,
    error: error.key,
    result: replyWithError(submission, error),
  };
  if (error instanceof PlanningWarningsError) reply.warnings = error.warnings;
  if (error instanceof PlanningConflictError)
    Object.assign(reply, { changedBy: error.changedBy, currentVersion: error.currentVersion });
  return json<PlanningReply>(reply, { status: outcome.status });
}
