import { parseWithZod } from "@conform-to/zod";
import type { AppLoadContext } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import type { SessionUser } from "#server/modules/identity/contract";
import {
  actionSchema,
  daySchema,
  dayOfForm,
  reasonSchema,
  reductionSchema,
  reductionsOf,
  type TimesheetAction,
} from "#server/modules/timesheets/contract";

/** What a refused step answers: the error key, on which sheet (and field), and how many failed in a bulk. */
export type StepReply = { error: string; id?: string; field?: string; failed?: number };

const WITH_REASON: readonly string[] = [
  "request_verification",
  "cancel",
  "not_performed",
  "dismiss_dispute",
  "dispute",
];

/**
 * One step on one sheet from a posted form (the list's and the sheet page's forms): validations,
 * steps with a reason, a client's reduction, an agency's correction of a day, an adjustment sheet.
 * Returns null when done (the caller redirects), the adjustment's id for `adjust`, or the refusal.
 */
export async function stepFromForm(
  user: SessionUser,
  form: FormData,
  context: AppLoadContext,
): Promise<{ done: true; adjustmentId?: string } | { done: false; reply: StepReply; status: number }> {
  const { timesheets } = context.services;
  const intent = String(form.get("intent") ?? "") as TimesheetAction;
  const id = String(form.get("timesheetId") ?? "");
  const refused = (error: string, status: number, field?: string) => ({
    done: false as const,
    reply: { error, id, field },
    status,
  });
  if (intent === "correct") {
    const day = parseWithZod(form, { schema: daySchema });
    const step = parseWithZod(form, { schema: reasonSchema });
    if (day.status !== "success")
      return refused(Object.values(day.error ?? {}).flat()[0] ?? "invalid", 400, Object.keys(day.error ?? {})[0]);
    if (step.status !== "success") return refused("timesheet_reason_required", 400, "reason");
    const done = await attempt(() =>
      timesheets.correctTimesheetDay(user, {
        timesheetId: id,
        version: step.value.version,
        entry: dayOfForm(day.value),
        reason: step.value.reason,
      }),
    );
    return done.ok ? { done: true } : refused(done.error.key, done.status, done.error.field ?? undefined);
  }
  if (intent === "reduce") {
    const step = parseWithZod(form, { schema: reductionSchema });
    if (step.status !== "success") {
      const [field, keys] = Object.entries(step.error ?? {})[0] ?? ["reason", ["timesheet_reason_required"]];
      return refused(keys?.[0] ?? "invalid", 400, field);
    }
    const done = await attempt(() =>
      timesheets.moveTimesheet(user, {
        timesheetId: id,
        version: step.value.version,
        action: "reduce",
        reason: step.value.reason,
        reductions: reductionsOf(step.value.cut),
      }),
    );
    return done.ok ? { done: true } : refused(done.error.key, done.status, done.error.field ?? undefined);
  }
  if (intent === "adjust") {
    const step = parseWithZod(form, { schema: actionSchema });
    if (step.status !== "success") return refused("failed_operation", 400);
    const reason =
      String(form.get("reason") ?? "")
        .trim()
        .slice(0, 1000) || null;
    const done = await attempt(() =>
      timesheets.adjustTimesheet(user, { timesheetId: id, version: step.value.version, reason }),
    );
    return done.ok ? { done: true, adjustmentId: done.value } : refused(done.error.key, done.status);
  }
  if (!["validate_agency", "validate_client", "submit", ...WITH_REASON].includes(intent))
    return refused("failed_operation", 400);
  const step = parseWithZod(form, { schema: WITH_REASON.includes(intent) ? reasonSchema : actionSchema });
  if (step.status !== "success") return refused("timesheet_reason_required", 400, "reason");
  const v = step.value as { version: number; reason?: string };
  const done = await attempt(() =>
    timesheets.moveTimesheet(user, {
      timesheetId: id,
      version: v.version,
      action: intent as never,
      reason: v.reason ?? null,
    }),
  );
  return done.ok ? { done: true } : refused(done.error.key, done.status, done.error.field ?? undefined);
}
