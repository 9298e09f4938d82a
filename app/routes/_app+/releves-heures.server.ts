import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { readDocumentForm, uploadOf } from "~/utils/files.server";
import { stepFromForm, type StepReply } from "~/utils/timesheet-steps.server";
import {
  actionsOn,
  mayAttachReport,
  paidDays,
  partyOf,
  REPORT_MAX_BYTES,
  TIMESHEET_STATUSES,
  workedMinutes,
  type TimesheetAction,
} from "#server/modules/timesheets/contract";

/** The steps the list offers on a row; the others (reduce, correct, disputes, adjustments) are on the sheet's page. */
const LIST_STEPS: readonly TimesheetAction[] = [
  "validate_agency",
  "validate_client",
  "request_verification",
  "cancel",
  "not_performed",
];

/**
 * /releves-heures: the agency's sheets for its staff, the company's for a client's users, by
 * status, week, client, candidate and consultant; each row with the steps its reader may take,
 * the client's signed report (staff attach it) and a tick to export it (releves-heures.export).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  const party = partyOf(user);
  const q = new URL(request.url).searchParams;
  const filters = {
    status: q.get("status"),
    week: q.get("week"),
    client: q.get("client"),
    candidate: q.get("candidate"),
    consultant: q.get("consultant"),
    disputed: q.get("disputed"),
  };
  const [rows, options] = await Promise.all([
    context.services.timesheets.timesheets(user, filters),
    context.services.timesheets.timesheetFilterOptions(user),
  ]);
  return json({
    party,
    filters,
    options,
    statuses: TIMESHEET_STATUSES,
    sheets: rows.map((s) => ({
      id: s.id,
      week: s.week,
      candidateName: s.candidateName,
      adTitle: s.adTitle,
      clientName: s.clientName,
      status: s.status,
      comment: s.comment,
      version: s.version,
      minutes: paidDays(s.days, s.reductions).reduce((n, d) => n + workedMinutes(d), 0),
      reduced: s.reductions.length > 0,
      dispute: s.dispute?.state ?? null,
      adjusts: s.adjusts,
      actions: party ? actionsOn(s, party).filter((a) => LIST_STEPS.includes(a)) : [],
      report: s.report ? { name: s.report.name } : null,
      canAttachReport: mayAttachReport(s.status, party),
    })),
  });
}

export type SheetsReply = StepReply;

/** One step on one sheet, "validate" on the sheets ticked (each with the version shown), or the signed report of a sheet. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  // multipart only for the signed report (its file, up to the upload limit); a bigger one is refused on its field
  const { formData: form, tooLarge } = await readDocumentForm(request, REPORT_MAX_BYTES);
  const back = new URL(request.url).search;
  const { timesheets } = context.services;
  if (form.get("intent") === "report" || tooLarge) {
    const id = String(form.get("timesheetId") ?? "");
    if (tooLarge) return json<StepReply>({ error: "document_too_large", id, field: "file" }, { status: 413 });
    const upload = await uploadOf(form);
    const done = await attempt(() => timesheets.attachTimesheetReport(user, { timesheetId: id, upload }));
    if (!done.ok)
      return json<StepReply>(
        { error: done.error.key, id, field: done.error.field ?? undefined },
        { status: done.status },
      );
    return redirect(`/releves-heures${back}`);
  }
  if (form.get("intent") === "bulk") {
    const validate = partyOf(user) === "client" ? "validate_client" : "validate_agency";
    // "id:version" per sheet ticked: each validated alone, a refusal does not stop the others
    const picked = form
      .getAll("sheet")
      .map(String)
      .map((v) => v.split(":") as [string, string]);
    let failed = 0;
    for (const [id, version] of picked) {
      const done = await attempt(() =>
        timesheets.moveTimesheet(user, { timesheetId: id, version: Number(version), action: validate }),
      );
      if (!done.ok) failed++;
    }
    if (failed) return json<StepReply>({ error: "timesheet_bulk_failed", failed }, { status: 409 });
    return redirect(`/releves-heures${back}`);
  }
  const step = await stepFromForm(user, form, context);
  if (!step.done) return json<StepReply>(step.reply, { status: step.status });
  return redirect(step.adjustmentId ? `/releves-heures/${step.adjustmentId}` : `/releves-heures${back}`);
}
