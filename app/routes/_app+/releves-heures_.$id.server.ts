import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { stepFromForm, type StepReply } from "~/utils/timesheet-steps.server";
import { actionsOn, emptyDay, paidDays, partyOf, workedMinutes } from "#server/modules/timesheets/contract";

/**
 * /releves-heures/{id}: one sheet for the agency's staff and the client company's users (platform
 * admins read): the days as entered and as paid, the pay lines, the reduction, the dispute and the
 * adjustments; staff correct a submitted day with a reason, clients reduce hours with a comment.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  const { timesheets } = context.services;
  const sheet = await timesheets.timesheet(user, params.id ?? "");
  if (!sheet) throw new Response("Not found", { status: 404 });
  const party = partyOf(user);
  const entered = new Map(sheet.days.map((d) => [d.day, d]));
  const paid = new Map(paidDays(sheet.days, sheet.reductions).map((d) => [d.day, d]));
  const original = sheet.adjusts ? await timesheets.timesheet(user, sheet.adjusts) : null;
  const paidOf = (s: NonNullable<typeof original>) =>
    paidDays(s.days, s.reductions).reduce((n, d) => n + workedMinutes(d), 0);
  return json({
    party,
    sheet: {
      id: sheet.id,
      week: sheet.week,
      adTitle: sheet.adTitle,
      candidateName: sheet.candidateName,
      // the candidate's file is the agency's (a client user would get 404)
      candidateId: party === "agency" ? sheet.candidateId : null,
      clientName: sheet.clientName,
      agencyName: sheet.agencyName,
      status: sheet.status,
      comment: sheet.comment,
      version: sheet.version,
      adjusts: sheet.adjusts,
      clientValidatedBy: sheet.clientValidatedBy,
      zone: sheet.zone,
      country: sheet.country,
    },
    days: sheet.openDays.map((day) => {
      const entry = entered.get(day) ?? emptyDay(day);
      return { entry, worked: workedMinutes(entry), paid: workedMinutes(paid.get(day) ?? entry) };
    }),
    pay: timesheets.weekPayLines(sheet),
    reductions: sheet.reductions,
    dispute: sheet.dispute,
    adjustments: await timesheets.adjustmentsOf(user, sheet.id),
    /** an adjustment: the paid hours of the sheet it corrects, to show the difference */
    originalMinutes: original ? paidOf(original) : null,
    actions: party ? actionsOn(sheet, party) : [],
    history: (await timesheets.timesheetHistory(user, sheet)) ?? [],
  });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  const form = await request.formData();
  form.set("timesheetId", params.id ?? "");
  const step = await stepFromForm(user, form, context);
  if (!step.done) return json<StepReply>(step.reply, { status: step.status });
  return redirect(`/releves-heures/${step.adjustmentId ?? params.id}`);
}
