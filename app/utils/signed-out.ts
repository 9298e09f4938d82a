import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * An action that ended the person's session (spec: logout 1 s after a change of password or
 * email, or a deactivation) says so in its answer. The signed-in loaders then keep their data
 * instead of reloading it: without a session they would redirect to /login at once, before the
 * page has shown what happened.
 */
export const SIGNED_OUT = "signedOut";

/** The changes that end the person's session (spec section 4); the login page says which was made. */
export const SESSION_ENDING = ["password", "email", "deactivate"] as const;
export type SessionEnding = (typeof SESSION_ENDING)[number];

/** The login page after such a change, saying what was done. */
export const loginAfter = (change: SessionEnding) => `/login?done=${change}`;

export const skipRevalidationWhenSignedOut: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && SIGNED_OUT in actionResult ? false : defaultShouldRevalidate;
