import { Form, useRevalidator } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Button } from "~/components/ui/button";
import { formatDate } from "~/utils/dates";
import type { PushDevice } from "#server/modules/notifications/contract";

const NS = ["push", "common"];
type State = "unsupported" | "idle" | "busy" | "enabled" | "denied" | "failed";

/**
 * Turns push on in this browser: asks the permission, subscribes through the service worker (the
 * site's, registered elsewhere) and saves the subscription for the signed-in person.
 */
async function subscribe(publicKey: string): Promise<State> {
  if ((await Notification.requestPermission()) !== "granted") return "denied";
  // the site's worker registers itself on load; one that never comes makes this fail, not hang
  const registration = await Promise.race([
    navigator.serviceWorker.ready,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error("no service worker")), 10_000)),
  ]);
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    // the base64url text itself: browsers take it as it is
    applicationServerKey: publicKey,
  });
  const { endpoint, keys } = subscription.toJSON();
  const res = await fetch("/notifications/push", {
    method: "POST",
    body: new URLSearchParams({
      intent: "subscribe",
      endpoint: endpoint ?? "",
      p256dh: keys?.p256dh ?? "",
      auth: keys?.auth ?? "",
    }),
  });
  return res.ok ? "enabled" : "failed";
}

/**
 * /communication's push section (ADR 0050): the person's devices, each removable by a plain form
 * (no JavaScript needed), and, where the browser can take pushes, the button turning it on here.
 */
export function PushDevices({
  devices,
  publicKey,
  removed,
}: {
  devices: PushDevice[];
  publicKey: string;
  removed: boolean;
}) {
  const { t } = useTranslation(NS);
  const revalidator = useRevalidator();
  // drawn by the server as unsupported: the button exists only where a script found push support
  const [state, setState] = useState<State>("unsupported");
  useEffect(() => {
    if (!("serviceWorker" in navigator) || !("PushManager" in window) || !("Notification" in window)) return;
    setState(Notification.permission === "denied" ? "denied" : "idle");
  }, []);
  const here = devices.some((d) => d.current);

  async function enable() {
    setState("busy");
    setState(await subscribe(publicKey).catch((): State => "failed"));
    revalidator.revalidate();
  }

  return (
    <section className="card-surface grid gap-4 p-4 sm:p-6" data-testid="push-devices">
      <h2 className="text-lg font-semibold">{t("devices.title")}</h2>
      <p className="text-sm text-muted-foreground">{t("devices.intro")}</p>
      {removed && <StatusNotice testId="push-removed">{t("devices.removed")}</StatusNotice>}
      {devices.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("devices.none")}</p>
      ) : (
        <ul className="grid gap-2">
          {devices.map((d) => (
            <li
              key={d.id}
              className="flex flex-wrap items-center justify-between gap-2 border-b pb-2 last:border-b-0"
              data-testid="push-device"
            >
              <span className="text-sm">
                <span className="font-medium">{d.device}</span>
                {d.current && <span className="text-muted-foreground"> ({t("devices.current")})</span>}
                <span className="block text-muted-foreground">
                  {t("devices.added", { date: formatDate(d.createdAt) })}
                  {d.lastSuccessAt && ` · ${t("devices.lastPush", { date: formatDate(d.lastSuccessAt) })}`}
                </span>
              </span>
              <Form method="post" action="/notifications/push">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="id" value={d.id} />
                <SubmitButton variant="outline" size="sm" data-testid="remove-push-device">
                  {t("devices.remove")}
                </SubmitButton>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {state === "denied" && <StatusNotice testId="push-denied">{t("devices.denied")}</StatusNotice>}
      {state === "failed" && <StatusNotice testId="push-failed">{t("devices.failed")}</StatusNotice>}
      {(state === "enabled" || (here && state !== "unsupported")) && (
        <StatusNotice tone="inline" testId="push-enabled">
          {t("devices.enabled")}
        </StatusNotice>
      )}
      {(state === "idle" || state === "busy") && !here && (
        <Button
          type="button"
          className="justify-self-start"
          onClick={enable}
          disabled={state === "busy"}
          data-testid="enable-push"
        >
          {state === "busy" ? t("devices.enabling") : t("devices.enable")}
        </Button>
      )}
    </section>
  );
}
