/// <reference lib="webworker" />
import { describe, expect, it, vi } from "vitest";
import { installPush } from "./push";

/**
 * The service worker's push listeners (ADR 0050) on a stand-in of the worker's global scope: what
 * a push shows, and where clicking it leads.
 */
function fakeWorker(
  tabs: { url: string; focus: () => Promise<unknown>; navigate: (url: string) => Promise<unknown> }[] = [],
) {
  const listeners = new Map<string, (event: unknown) => void>();
  const shown: { title: string; options: NotificationOptions }[] = [];
  const opened: string[] = [];
  const sw = {
    location: { origin: "https://missio.example" },
    addEventListener: (type: string, listener: (event: unknown) => void) => listeners.set(type, listener),
    registration: {
      showNotification: async (title: string, options: NotificationOptions) => void shown.push({ title, options }),
    },
    clients: {
      matchAll: async () => tabs,
      openWindow: async (url: string) => void opened.push(url),
    },
  };
  installPush(sw as unknown as ServiceWorkerGlobalScope);
  /** dispatches an event; resolves once what it asked to wait for is done */
  async function dispatch(type: string, event: object) {
    const waits: Promise<unknown>[] = [];
    listeners.get(type)!({ ...event, waitUntil: (p: Promise<unknown>) => waits.push(p) });
    await Promise.all(waits);
  }
  return { shown, opened, dispatch };
}

const pushOf = (data: unknown) => ({
  data: {
    json: () => {
      if (typeof data === "string") return JSON.parse(data) as unknown;
      return data;
    },
  },
});

describe("a push", () => {
  it("shows the payload's title and text, tagged, and keeps its url for the click", async () => {
    const sw = fakeWorker();
    await sw.dispatch(
      "push",
      pushOf({
        title: "Vos candidatures",
        body: "Votre candidature pour « Serveur » a été retenue",
        url: "https://missio.example/candidatures-retenues",
        tag: "application_retained:/candidatures-retenues",
      }),
    );
    expect(sw.shown).toEqual([
      {
        title: "Vos candidatures",
        options: {
          body: "Votre candidature pour « Serveur » a été retenue",
          data: { url: "https://missio.example/candidatures-retenues" },
          tag: "application_retained:/candidatures-retenues",
          icon: "/favicon.ico",
        },
      },
    ]);
  });

  it("that is not JSON, or leads off the site, still shows, and leads to the notifications", async () => {
    const sw = fakeWorker();
    await sw.dispatch("push", pushOf("not json"));
    await sw.dispatch("push", pushOf({ title: "Hi", body: "x", url: "https://evil.example/", tag: "" }));
    expect(sw.shown.map((s) => [s.title, (s.options.data as { url: string }).url])).toEqual([
      ["Missio", "https://missio.example/notifications"],
      ["Hi", "https://missio.example/notifications"],
    ]);
  });
});

describe("clicking a push", () => {
  const click = (url: string) => ({ notification: { close: vi.fn(), data: { url } } });

  it("focuses an open tab of the site and leads it to the url", async () => {
    const tab = {
      url: "https://missio.example/tableau-de-bord",
      focus: vi.fn(),
      navigate: vi.fn(async () => undefined),
    };
    tab.focus.mockResolvedValue(tab);
    const sw = fakeWorker([{ url: "https://other.example/", focus: vi.fn(), navigate: vi.fn() }, tab]);
    const event = click("https://missio.example/candidatures-retenues");
    await sw.dispatch("notificationclick", event);
    expect(event.notification.close).toHaveBeenCalled();
    expect(tab.navigate).toHaveBeenCalledWith("https://missio.example/candidatures-retenues");
    expect(sw.opened).toEqual([]);
  });

  it("opens the url when no tab of the site is open", async () => {
    const sw = fakeWorker([]);
    await sw.dispatch("notificationclick", click("https://missio.example/mes-propositions"));
    expect(sw.opened).toEqual(["https://missio.example/mes-propositions"]);
  });
});
