import { redirect, type AppLoadContext } from "@remix-run/node";
import { homeFor, type Role } from "#server/modules/identity/contract";
import type { SessionUser } from "#server/modules/identity/contract";
import { can, type Resource } from "./abilities";

/** The signed-in user, or null. A session whose account is gone or disabled counts as none. */
export async function getUser(request: Request, context: AppLoadContext): Promise<SessionUser | null> {
  const session = await context.services.sessions.getSession(request.headers.get("Cookie"));
  const userId = session.get("userId");
  if (!userId) return null;
  const user = await context.services.identity.userById(userId);
  return user?.enabled ? user : null;
}

/** Why a person was signed out: the agency disabled the account (spec section 4), or the session was revoked. */
export type SignedOutReason = "disabled" | "revoked";

/**
 * Why this request's signed-in session ended, or null when it has none that ended (an anonymous
 * session never "ends"). The signed cookie outlives the session: its row is gone when it was
 * revoked (logout elsewhere, account disabled), and its SessionEnded says whose it was.
 */
export async function signedOutReason(request: Request, context: AppLoadContext): Promise<SignedOutReason | null> {
  const { sessions, identity } = context.services;
  const cookie = request.headers.get("Cookie");
  let userId = (await sessions.getSession(cookie)).get("userId") ?? null;
  if (!userId) {
    const id = await sessions.idFromCookie(cookie ?? undefined);
    if (id === null || (await sessions.exists(id))) return null;
    userId = await identity.endedSessionUser(id);
  }
  const user = userId ? await identity.userById(userId) : null;
  return user && !user.enabled && user.disabledBy === "agency" ? "disabled" : "revoked";
}

/**
 * Protected routes: anonymous visitors go to /login and come back after signing in. One whose
 * session ended meanwhile (revoked, account disabled, timed out: the signed cookie is still
 * there) is told why on the login page, whether the page reloaded first or its socket was
 * closed first.
 */
export async function requireUser(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await getUser(request, context);
  if (!user) {
    const url = new URL(request.url);
    const back = url.pathname + url.search;
    const ended = await signedOutReason(request, context);
    const params = new URLSearchParams();
    if (ended) params.set("signedOut", ended);
    if (back !== "/") params.set("redirectTo", back);
    throw redirect(params.size ? `/login?${params}` : "/login");
  }
  return user;
}

/** The ability check of spec section 6: not permitted leads to /not-authorized. */
export async function requireAbility(
  request: Request,
  context: AppLoadContext,
  resource: Resource,
): Promise<SessionUser> {
  const user = await requireUser(request, context);
  if (!can(user.role, resource)) throw redirect("/not-authorized");
  return user;
}

/**
 * Public auth routes (login, registration, recovery) for someone already signed in: candidates
 * to the job search, agency users to their ads, keeping the query string (spec section 2).
 */
export async function redirectSignedIn(request: Request, context: AppLoadContext) {
  const user = await getUser(request, context);
  if (!user) return;
  const { search } = new URL(request.url);
  throw redirect(publicRouteRedirect(user.role) + search);
}

export function publicRouteRedirect(role: Role): string {
  if (role === "CANDIDATE") return "/rechercher-un-emploi";
  if (can(role, "agency.ads")) return "/mes-annonces";
  return "/";
}

export { homeFor };
