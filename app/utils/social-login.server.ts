import { REFUSAL_STATUS, type LoginRefusal } from "#server/modules/identity/contract";
import type { SocialFailure } from "#server/modules/identity/social-login";
import { safeRedirect } from "./safe-redirect.server";

/**
 * How a social login that did not end in a session reaches the login page: a redirect to
 * /login?outcome=<key>, which the login loader turns into the same modal or message as the
 * form login (spec section 4: "Social login routes by role in the same way").
 */
export type LoginOutcome = LoginRefusal | "unsaved_mail" | SocialFailure;

/** Outcomes shown as a modal; the others are an error message above the form. */
export type OutcomeModal = LoginRefusal | "unsaved_mail";

const MODALS = new Set<string>([...Object.keys(REFUSAL_STATUS), "unsaved_mail"]);
const ERRORS: Record<SocialFailure, string> = {
  social_unavailable: "login.social.unavailable",
  social_failed: "login.social.failed",
  social_email_unverified: "login.social.emailUnverified",
};

export function loginOutcomeUrl(outcome: LoginOutcome, redirectTo?: string): string {
  const params = new URLSearchParams({ outcome });
  const back = safeRedirect(redirectTo, "");
  if (back) params.set("redirectTo", back);
  return `/login?${params}`;
}

/** The login page's reading of ?outcome=; unknown values are ignored. */
export function readLoginOutcome(url: URL): { modal: OutcomeModal | null; error: string | null } {
  const outcome = url.searchParams.get("outcome") ?? "";
  if (MODALS.has(outcome)) return { modal: outcome as OutcomeModal, error: null };
  return { modal: null, error: Object.hasOwn(ERRORS, outcome) ? ERRORS[outcome as SocialFailure] : null };
}
