import { createCookie, type AppLoadContext } from "@remix-run/node";
import { randomBytes } from "node:crypto";

/**
 * The browser's push cookie (ADR 0050): a random key naming the push subscription made in this
 * browser, so signing out here (or another person signing in here) removes it. Not a credential:
 * all it can do is remove a subscription.
 */
const pushDeviceCookie = createCookie("push_device", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 400,
});

/** Same rule as the session cookie (server/infra/resolve.ts): secure behind TLS in production. */
const secure = ({ services: { env } }: AppLoadContext) =>
  env.NODE_ENV === "production" && Boolean(env.DATABASE_URL) && env.COOKIE_SECURE;

export async function pushDeviceKey(request: Request): Promise<string | null> {
  const value: unknown = await pushDeviceCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && /^[A-Za-z0-9_-]{32,64}$/.test(value) ? value : null;
}

/** This browser's key, and the cookie to set when it had none yet. */
export async function ensurePushDeviceKey(
  request: Request,
  context: AppLoadContext,
): Promise<{ key: string; setCookie: string | null }> {
  const key = await pushDeviceKey(request);
  if (key) return { key, setCookie: null };
  const fresh = randomBytes(32).toString("base64url");
  return { key: fresh, setCookie: await pushDeviceCookie.serialize(fresh, { secure: secure(context) }) };
}
