import { redirect, type AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "#server/modules/identity/contract";
import { homeFor } from "./auth.server";
import { pushDeviceKey } from "./push-device.server";
import { safeRedirect } from "./safe-redirect.server";

/** Opens the session and records it; the cookie carries only the session id. */
export async function signIn(
  request: Request,
  context: AppLoadContext,
  user: SessionUser,
  redirectTo: string | null | undefined,
) {
  const { sessions, identity, erasure, notifications } = context.services;
  const session = await sessions.getSession(null);
  session.set("userId", user.id);
  const cookie = await sessions.commit(session);
  const sessionId = await sessions.idFromCookie(cookie);
  if (sessionId) await identity.sessionStarted(sessionId, user.id, user.agencyId ?? undefined);
  // a sign-in is activity: it restarts the retention delays and cancels a retention warning (ADR 0048)
  await erasure.signedIn(user.id);
  // another person's push subscription in this browser stops here (ADR 0050)
  const device = await pushDeviceKey(request);
  if (device) await notifications.signedInOnDevice(user.id, device);
  return redirect(safeRedirect(redirectTo, homeFor(user.role)), { headers: { "Set-Cookie": cookie } });
}

/**
 * Remembers, in an anonymous session, which account proved who it is, so the follow-up
 * (one-click reactivation, resending the verification) needs no second password entry.
 */
export async function rememberPending(context: AppLoadContext, userId: string) {
  const { sessions } = context.services;
  const session = await sessions.getSession(null);
  session.set("pendingUserId", userId);
  return sessions.commit(session);
}
