import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import type { SubmissionResult } from "@conform-to/react";
import { attempt, idempotencyKeyOf, replyWithError } from "~/utils/action.server";
import { stepFromForm } from "~/utils/timesheet-steps.server";
import { requireAbility } from "~/utils/auth.server";
import {
  actionsOn,
  actionSchema,
  countryOf,
  daySchema,
  dayEntrySchema,
  dayOfForm,
  dayProblems,
  emptyDay,
  workedMinutes,
  type DayEntry,
} from "#server/modules/timesheets/contract";

/** /fiches-horaires/{id}: the candidate's week, day by day (their own sheet only: another reads as 404). */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const sheet = await context.services.timesheets.timesheet(user, params.id ?? "");
  if (!sheet) throw new Response("Not found", { status: 404 });
  const byDay = new Map(sheet.days.map((d) => [d.day, d]));
  const days = sheet.openDays.map((day) => {
    const entry = byDay.get(day) ?? emptyDay(day);
    return { entry, worked: workedMinutes(entry), warnings: dayProblems(entry, countryOf(sheet.country)).warnings };
  });
  return json({
    pay: context.services.timesheets.weekPayLines(sheet),
    sheet: {
      id: sheet.id,
      week: sheet.week,
      adTitle: sheet.adTitle,
      agencyName: sheet.agencyName,
      status: sheet.status,
      comment: sheet.comment,
      version: sheet.version,
      adjusts: sheet.adjusts,
      zone: sheet.zone,
    },
    days,
    reductions: sheet.reductions,
    dispute: sheet.dispute,
    adjustments: await context.services.timesheets.adjustmentsOf(user, sheet.id),
    actions: actionsOn(sheet, "candidate"),
    history: (await context.services.timesheets.timesheetHistory(user, sheet)) ?? [],
  });
}

export type DayReply =
  | { ok: true; day: string; version: number | null; entry: DayEntry }
  | {
      ok: false;
      day: string;
      result: SubmissionResult<string[]>;
      error: string;
      /** a conflict: the day as the server has it now, and whether it can still be changed */
      server?: { entry: DayEntry; editable: boolean; version: number };
    };

/** The day as a device last had it (`expected`, JSON), when its form sends one. */
function expectedOf(form: FormData): DayEntry | null {
  const raw = form.get("expected");
  if (typeof raw !== "string" || !raw) return null;
  try {
    const parsed = dayEntrySchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const fromScript = form.get("js") === "1";
  const { timesheets } = context.services;
  const id = params.id ?? "";
  if (intent === "saveDay") {
    const submission = parseWithZod(form, { schema: daySchema });
    const day = String(form.get("day") ?? "");
    if (submission.status !== "success")
      return json<DayReply>({ ok: false, day, result: submission.reply(), error: "invalid" }, { status: 400 });
    const done = await attempt(() =>
      timesheets.saveTimesheetDay(user, {
        timesheetId: id,
        entry: dayOfForm(submission.value),
        expected: expectedOf(form),
        idempotencyKey: idempotencyKeyOf(form),
      }),
    );
    if (!done.ok) {
      const sheet = done.status === 409 ? await timesheets.timesheet(user, id) : null;
      const server = sheet && {
        entry: sheet.days.find((d) => d.day === day) ?? emptyDay(day),
        editable: actionsOn(sheet, "candidate").includes("save"),
        version: sheet.version,
      };
      return json<DayReply>(
        {
          ok: false,
          day,
          result: replyWithError(submission, done.error),
          error: done.error.key,
          server: server ?? undefined,
        },
        { status: done.status },
      );
    }
    return fromScript
      ? json<DayReply>({ ok: true, day, version: done.value.version, entry: dayOfForm(submission.value) })
      : redirect(`/fiches-horaires/${id}?saved=${day}#day-${day}`);
  }
  if (intent === "submit") {
    const submission = parseWithZod(form, { schema: actionSchema });
    if (submission.status !== "success") return json({ error: "invalid" }, { status: 400 });
    const done = await attempt(() =>
      timesheets.moveTimesheet(user, {
        timesheetId: id,
        version: submission.value.version,
        action: "submit",
        idempotencyKey: idempotencyKeyOf(form),
      }),
    );
    if (!done.ok) return json({ error: done.error.key }, { status: done.status });
    // an offline device's queue sends the week when the network is back, and reads the answer
    return fromScript
      ? json({ ok: true, version: done.value.version })
      : redirect(`/fiches-horaires/${id}?submitted=1`);
  }
  if (intent === "dispute") {
    const step = await stepFromForm(user, form, context);
    if (!step.done) return json(step.reply, { status: step.status });
    return redirect(`/fiches-horaires/${id}?disputed=1`);
  }
  return json({ error: "failed_operation" }, { status: 400 });
}
