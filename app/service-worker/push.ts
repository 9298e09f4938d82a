/// <reference lib="webworker" />

/**
 * Web Push in the service worker (ADR 0050). The server sends a JSON payload already in the
 * recipient's language ({title, body, url, tag}); a push is always shown (userVisibleOnly), and
 * clicking it focuses a tab of the site, led to the url, or opens one.
 */
interface PushPayload {
  title: string;
  body: string;
  url: string;
  tag: string;
}

function payloadOf(event: PushEvent, origin: string): PushPayload {
  let data: Partial<PushPayload> = {};
  try {
    data = (event.data?.json() ?? {}) as Partial<PushPayload>;
  } catch {
    // not JSON: shown as a generic notice of the site, never dropped (browsers punish silent pushes)
  }
  const url =
    typeof data.url === "string" && new URL(data.url, origin).origin === origin ? data.url : `${origin}/notifications`;
  return {
    title: typeof data.title === "string" && data.title ? data.title : "Missio",
    body: typeof data.body === "string" ? data.body : "",
    url,
    tag: typeof data.tag === "string" ? data.tag : "",
  };
}

export function installPush(sw: ServiceWorkerGlobalScope): void {
  const origin = sw.location.origin;

  sw.addEventListener("push", (event) => {
    const { title, body, url, tag } = payloadOf(event, origin);
    event.waitUntil(
      sw.registration.showNotification(title, {
        body,
        data: { url },
        ...(tag ? { tag } : {}),
        icon: "/favicon.ico",
      }),
    );
  });

  sw.addEventListener("notificationclick", (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: unknown } | null;
    const url = typeof data?.url === "string" ? data.url : `${origin}/notifications`;
    event.waitUntil(
      (async () => {
        const tabs = await sw.clients.matchAll({ type: "window", includeUncontrolled: true });
        const tab = tabs.find((c) => new URL(c.url).origin === origin);
        if (tab) {
          const focused = await tab.focus();
          await focused.navigate(url).catch(() => undefined);
          return;
        }
        await sw.clients.openWindow(url);
      })(),
    );
  });
}
