import { json, redirect, type ActionFunctionArgs } from "@remix-run/node";
import { requireAbility } from "~/utils/auth.server";
import { attempt } from "~/utils/action.server";
import { ensurePushDeviceKey } from "~/utils/push-device.server";
import { pushSubscriptionSchema } from "#server/modules/notifications/contract";

/**
 * /notifications/push (ADR 0050): this browser's push subscription. POST `intent=subscribe` with
 * the subscription's endpoint and keys (the page's script, after the person allowed
 * notifications) saves it for the signed-in person; POST `intent=remove` with a device id (the
 * /communication list, without JavaScript) removes one of their devices; DELETE with the endpoint
 * (the script, when the browser unsubscribed) removes this one. Origin-checked like every form.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "account.communication");
  const { notifications } = context.services;
  const form = await request.formData();
  if (request.method === "DELETE") {
    const endpoint = form.get("endpoint");
    if (typeof endpoint !== "string" || !endpoint) return json({ ok: false }, { status: 400 });
    await notifications.removePushEndpoint(user, endpoint);
    return json({ ok: true });
  }
  if (request.method !== "POST") return json({ ok: false }, { status: 405 });
  if (form.get("intent") === "remove") {
    const done = await attempt(() => notifications.removePushDevice(user, String(form.get("id") ?? "")));
    if (!done.ok) return json({ ok: false, error: done.error.key }, { status: done.status });
    return redirect("/communication?push=removed");
  }
  const parsed = pushSubscriptionSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success) return json({ ok: false, error: "failed_operation" }, { status: 400 });
  const device = await ensurePushDeviceKey(request, context);
  await notifications.savePushSubscription(user, parsed.data, {
    userAgent: request.headers.get("User-Agent"),
    deviceKey: device.key,
  });
  return json({ ok: true }, device.setCookie ? { headers: { "Set-Cookie": device.setCookie } } : undefined);
}

export function loader() {
  return redirect("/communication");
}
