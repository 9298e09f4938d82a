import type { LoginRefusal, SessionUser } from "./contract";

/**
 * Whether a person who proved who they are (password or social login) may sign in, in the
 * spec's order. `wantsCandidate` is the login toggle (is_candidate 0).
 */
export function loginRefusal(
  user: SessionUser,
  wantsCandidate: boolean,
  agencyStatus: string | null,
): LoginRefusal | null {
  if (wantsCandidate !== (user.role === "CANDIDATE")) return "WRONG_ACCOUNT_TYPE";
  if (user.disabledBy === "self") return "REACTIVATE_ACCOUNT";
  if (user.disabledBy === "agency") return "ACCOUNT_DISABLED_BY_AGENCY";
  // merged into another record (ADR 0039): its own message, the owner was mailed
  if (user.disabledBy === "merge") return "ACCOUNT_MERGED";
  if (user.agencyId && agencyStatus !== "approved") return "AGENCY_NOT_VERIFIED_ACCOUNT";
  if (!user.verified) return "not_verified_account";
  return null;
}
