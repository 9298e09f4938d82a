import type { SessionUser } from "./queries";

/** Login outcomes of spec section 4 that stop short of a session (shown as a modal). */
export type LoginRefusal = "WRONG_ACCOUNT_TYPE" | "REACTIVATE_ACCOUNT" | "ACCOUNT_DISABLED_BY_AGENCY" | "AGENCY_NOT_VERIFIED_ACCOUNT" | "not_verified_account";

/**
 * Whether a person who proved who they are (password or social login) may sign in, in the
 * spec's order. `wantsCandidate` is the login toggle (is_candidate 0).
 */
export function loginRefusal(user: SessionUser, wantsCandidate: boolean, agencyStatus: string | null): LoginRefusal | null {
  if (wantsCandidate !== (user.role === "CANDIDATE")) return "WRONG_ACCOUNT_TYPE";
  if (user.disabledBy === "self") return "REACTIVATE_ACCOUNT";
  if (user.disabledBy === "agency") return "ACCOUNT_DISABLED_BY_AGENCY";
  if (user.agencyId && agencyStatus !== "approved") return "AGENCY_NOT_VERIFIED_ACCOUNT";
  if (!user.verified) return "not_verified_account";
  return null;
}

export const REFUSAL_STATUS: Record<LoginRefusal, number> = {
  WRONG_ACCOUNT_TYPE: 403,
  REACTIVATE_ACCOUNT: 200,
  ACCOUNT_DISABLED_BY_AGENCY: 409,
  AGENCY_NOT_VERIFIED_ACCOUNT: 403,
  not_verified_account: 403,
};
