import type { ShouldRevalidateFunction } from "@remix-run/react";

/**
 * An action that ended the person's session (spec: logout 1 s after a change of password or
 * email, or a deactivation) says so in its answer. The signed-in loaders then keep their data
 * instead of reloading it: without a session they would redirect to /login at once, before the
 * page has shown what happened.
 */
export const SIGNED_OUT = "signedOut";

export const skipRevalidationWhenSignedOut: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  actionResult && typeof actionResult === "object" && SIGNED_OUT in actionResult ? false : defaultShouldRevalidate;
