import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { appHarness, DEMO_PASSWORD } from "../support/harness";
import { loginCookie } from "../support/test-app";

/**
 * The push routes over HTTP (issue 31, ADR 0050): /notifications/push saves this browser's
 * subscription for the signed-in person and removes one of their devices (a plain form, no
 * JavaScript) or this browser's (DELETE); /communication lists the devices, this browser's marked;
 * nobody removes another person's device; signing out in a browser removes its subscription, and
 * so does another person signing in there.
 */
const app = appHarness({}, 240_000);
const cookies: Record<string, string> = {};
const COMMUNICATION = encodeURIComponent("routes/_app+/communication");
const ANDROID =
  "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Mobile Safari/537.36";

beforeAll(async () => {
  cookies.lea = await loginCookie(app.url, "candidate@demo.test", true);
  cookies.hugo = await loginCookie(app.url, "candidate.fr@demo.test", true);
}, 60_000);

const subscription = () => ({
  endpoint: `https://push.example/send/${randomUUID()}`,
  p256dh: randomBytes(65).toString("base64url"),
  auth: randomBytes(16).toString("base64url"),
});

/** A request as the person's browser sends it: their session, and this browser's push cookie if it has one. */
function send(
  method: string,
  path: string,
  cookie: string,
  body?: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${app.url}${path}`, {
    method,
    redirect: "manual",
    headers: { cookie, "User-Agent": ANDROID, ...headers },
    body: body ? new URLSearchParams(body) : undefined,
  });
}

/** Subscribes in a browser; returns its cookies with the push cookie it was given (or kept). */
async function subscribe(cookie: string, sub = subscription()) {
  const res = await send("POST", "/notifications/push", cookie, { intent: "subscribe", ...sub });
  expect(res.status).toBe(200);
  const device = res.headers
    .getSetCookie()
    .find((c) => c.startsWith("push_device="))
    ?.split(";")[0];
  return { cookie: device ? `${cookie}; ${device}` : cookie, device, sub };
}

async function devices(cookie: string) {
  const res = await send("GET", `/communication?_data=${COMMUNICATION}`, cookie);
  expect(res.status).toBe(200);
  return ((await res.json()) as { push: { devices: { id: string; device: string; current: boolean }[] } }).push.devices;
}

const rows = async (endpoint: string) =>
  app.db.sql<{ userId: string }[]>`select user_id as "userId" from push_subscriptions where endpoint = ${endpoint}`;

describe("/notifications/push", () => {
  it("saves this browser's subscription for the signed-in person, listed on /communication as this device", async () => {
    const browser = await subscribe(cookies.lea!);
    expect(browser.device).toMatch(/^push_device=/);
    const mine = await devices(browser.cookie);
    expect(mine).toContainEqual(expect.objectContaining({ device: "Chrome · Android", current: true }));
    // seen from another browser of hers (no push cookie): listed, not as this one
    expect((await devices(cookies.lea!)).every((d) => !d.current)).toBe(true);
    expect(await devices(cookies.hugo!)).toEqual([]);
    // subscribing again in the same browser keeps its cookie and its one row
    const again = await subscribe(browser.cookie, browser.sub);
    expect(again.device).toBeUndefined();
    expect(await rows(browser.sub.endpoint)).toHaveLength(1);
  });

  it("refuses a malformed subscription, an anonymous visitor and another site's page", async () => {
    expect(
      (
        await send("POST", "/notifications/push", cookies.lea!, {
          intent: "subscribe",
          endpoint: "not a url",
          p256dh: "x",
          auth: "y",
        })
      ).status,
    ).toBe(400);
    const anonymous = await send("POST", "/notifications/push", "", { intent: "subscribe", ...subscription() });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("location")).toMatch(/^\/login/);
    const sub = subscription();
    const forged = await send(
      "POST",
      "/notifications/push",
      cookies.lea!,
      { intent: "subscribe", ...sub },
      { Origin: "https://evil.test" },
    );
    expect(forged.status).toBe(403);
    expect(await rows(sub.endpoint)).toEqual([]);
  });

  it("removes one of the person's devices by a plain form; another person's reads as unknown and stays", async () => {
    const { sub } = await subscribe(cookies.lea!);
    const [row] = await app.db.sql<
      { id: string }[]
    >`select id from push_subscriptions where endpoint = ${sub.endpoint}`;
    const foreign = await send("POST", "/notifications/push", cookies.hugo!, { intent: "remove", id: row!.id });
    expect(foreign.status).toBe(404);
    expect(await rows(sub.endpoint)).toHaveLength(1);
    const removed = await send("POST", "/notifications/push", cookies.lea!, { intent: "remove", id: row!.id });
    expect(removed.status).toBe(302);
    expect(removed.headers.get("location")).toBe("/communication?push=removed");
    expect(await rows(sub.endpoint)).toEqual([]);
  });

  it("DELETE removes this browser's subscription, for its own person only", async () => {
    const { sub } = await subscribe(cookies.lea!);
    expect((await send("DELETE", "/notifications/push", cookies.hugo!, { endpoint: sub.endpoint })).status).toBe(200);
    expect(await rows(sub.endpoint)).toHaveLength(1);
    expect((await send("DELETE", "/notifications/push", cookies.lea!, { endpoint: sub.endpoint })).status).toBe(200);
    expect(await rows(sub.endpoint)).toEqual([]);
  });
});

describe("a shared browser", () => {
  it("signing out there removes its subscription; her other devices stay", async () => {
    const session = await loginCookie(app.url, "candidate@demo.test", true);
    const phone = await subscribe(session);
    const laptop = await subscribe(cookies.lea!);
    const out = await send("POST", "/logout", phone.cookie);
    expect(out.status).toBe(302);
    expect(await rows(phone.sub.endpoint)).toEqual([]);
    expect(await rows(laptop.sub.endpoint)).toHaveLength(1);
  });

  it("another person signing in there removes the first one's subscription", async () => {
    const phone = await subscribe(cookies.lea!);
    const res = await fetch(`${app.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: phone.device! },
      body: new URLSearchParams({ email: "candidate.fr@demo.test", password: DEMO_PASSWORD, is_candidate: "0" }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.getSetCookie().some((c) => c.startsWith("__session="))).toBe(true);
    expect(await rows(phone.sub.endpoint)).toEqual([]);
  });

  it("the same person signing in again there keeps it", async () => {
    const phone = await subscribe(cookies.lea!);
    const res = await fetch(`${app.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: phone.device! },
      body: new URLSearchParams({ email: "candidate@demo.test", password: DEMO_PASSWORD, is_candidate: "0" }),
    });
    expect(res.status).toBe(302);
    expect(await rows(phone.sub.endpoint)).toHaveLength(1);
  });
});
