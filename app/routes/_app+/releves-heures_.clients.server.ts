import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { clientSettingsSchema, partyOf, settingsOfForm } from "#server/modules/timesheets/contract";

/** /releves-heures/clients: the agency's options per client company (deadlines, pay rules of the client or its agreement). Staff only. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  if (partyOf(user) !== "agency") throw redirect("/not-authorized");
  const clients = await context.services.timesheets.clientTimesheetSettings(user);
  const country = clients[0]?.country === "FR" ? "FR" : "CH";
  return json({ clients, regions: context.services.timesheets.holidayRegions(country) });
}

export type Reply = { clientId: string; values: Record<string, string>; errors: Record<string, string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.timesheets");
  if (partyOf(user) !== "agency") throw redirect("/not-authorized");
  const form = await request.formData();
  const clientId = String(form.get("clientId") ?? "");
  const values = Object.fromEntries([...form.entries()].map(([k, v]) => [k, String(v)]));
  const submission = parseWithZod(form, { schema: clientSettingsSchema });
  if (submission.status !== "success")
    return json<Reply>(
      { clientId, values, errors: (submission.error ?? {}) as Record<string, string[]> },
      { status: 400 },
    );
  const done = await attempt(() =>
    context.services.timesheets.setClientTimesheetSettings(user, {
      clientId,
      version: submission.value.version,
      settings: settingsOfForm(submission.value),
    }),
  );
  if (!done.ok)
    return json<Reply>(
      { clientId, values, errors: { [done.error.field ?? "form"]: [done.error.key] } },
      { status: done.status },
    );
  return redirect(`/releves-heures/clients?saved=${clientId}#client-${clientId}`);
}
