import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { readDocumentForm, uploadOf } from "~/utils/files.server";
import { actionsFor, actionSchema, mayAttachReport, partyOf, reasonSchema, REPORT_MAX_BYTES, TIMESHEET_STATUSES, workedMinutes, type TimesheetAction } from "#server/modules/timesheets/contract";

/**
 * /releves-heures: the agency's sheets for its staff, the company's for a client's users, by
 * status, week, client, candidate and consultant; each row with the steps its reader may take,
 * the client's signed report (staff attach it) and a tick to export it (releves-heures.export).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  const party = partyOf(user);
  const q = new URL(request.url).searchParams;
  const filters = { status: q.get("status"), week: q.get("week"), client: q.get("client"), candidate: q.get("candidate"), consultant: q.get("consultant") };
  const rows = await context.services.timesheets.timesheets(user, filters);
  return json({
    party,
    filters,
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
      minutes: s.days.reduce((n, d) => n + workedMinutes(d), 0),
      actions: party ? actionsFor(s.status, party).filter((a) => a !== "save" && a !== "submit") : [],
      report: s.report ? { name: s.report.name } : null,
      canAttachReport: mayAttachReport(s.status, party),
    })),
  });
}

const WITH_REASON: readonly TimesheetAction[] = ["request_verification", "cancel", "not_performed"];
export type SheetsReply = { error: string; id?: string; failed?: number; field?: string };

/** One step on one sheet, "validate" on the sheets ticked (each with the version shown), or the signed report of a sheet. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  // multipart only for the signed report (its file, up to the upload limit); a bigger one is refused on its field
  const { formData: form, tooLarge } = await readDocumentForm(request, REPORT_MAX_BYTES);
  const intent = String(form.get("intent") ?? "") as TimesheetAction | "bulk" | "report";
  const back = new URL(request.url).search;
  const { timesheets } = context.services;
  const validate: TimesheetAction = partyOf(user) === "client" ? "validate_client" : "validate_agency";
  if (intent === "report" || tooLarge) {
    const id = String(form.get("timesheetId") ?? "");
    if (tooLarge) return json<SheetsReply>({ error: "document_too_large", id, field: "file" }, { status: 413 });
    const upload = await uploadOf(form);
    const done = await attempt(() => timesheets.attachTimesheetReport(user, { timesheetId: id, upload }));
    if (!done.ok) return json<SheetsReply>({ error: done.error.key, id, field: done.error.field ?? undefined }, { status: done.status });
    return redirect(`/releves-heures${back}`);
  }
  if (intent === "bulk") {
    // "id:version" per sheet ticked: each validated alone, a refusal does not stop the others
    const picked = form.getAll("sheet").map(String).map((v) => v.split(":") as [string, string]);
    let failed = 0;
    for (const [id, version] of picked) {
      const done = await attempt(() => timesheets.moveTimesheet(user, { timesheetId: id, version: Number(version), action: validate as never }));
      if (!done.ok) failed++;
    }
    if (failed) return json<SheetsReply>({ error: "timesheet_bulk_failed", failed }, { status: 409 });
    return redirect(`/releves-heures${back}`);
  }
  if (!["validate_agency", "validate_client", ...WITH_REASON].includes(intent)) return json<SheetsReply>({ error: "failed_operation" }, { status: 400 });
  const submission = parseWithZod(form, { schema: WITH_REASON.includes(intent) ? reasonSchema : actionSchema });
  const id = String(form.get("timesheetId") ?? "");
  if (submission.status !== "success") return json<SheetsReply>({ error: "timesheet_reason_required", id }, { status: 400 });
  const v = submission.value as { timesheetId: string; version: number; reason?: string };
  const done = await attempt(() => timesheets.moveTimesheet(user, { timesheetId: v.timesheetId, version: v.version, action: intent as never, reason: v.reason ?? null }));
  if (!done.ok) return json<SheetsReply>({ error: done.error.key, id }, { status: done.status });
  return redirect(`/releves-heures${back}`);
}
