import { AppError } from "../../lib/errors";
import type { createAuthenticator } from "./authenticator";
import { REFUSAL_STATUS, type LoginRefusal, type SessionUser } from "./contract";
import { loginRefusal } from "./login-outcome";
import type { identityQueries } from "./queries";
import type { Throttle } from "./throttle";

/** How a person proves who they are: the login form (remix-auth's form strategy) or a social provider's verified email. */
export type SignInProof =
  { method: "form"; request: Request; email: string; ip: string } | { method: "provider"; email: string };

export type SignInOutcome =
  | { outcome: "signed_in"; user: SessionUser }
  /** the spec's refusals (section 4); `followUp`: reactivating or resending the verification needs no second proof */
  | { outcome: "refused"; refusal: LoginRefusal; status: number; followUp: boolean; user: SessionUser }
  /** a provider's email that no account has */
  | { outcome: "unknown_email" };

export interface SignInDeps {
  authenticator: ReturnType<typeof createAuthenticator>;
  users: ReturnType<typeof identityQueries>;
  /** the form login's throttle; absent where no process-wide pool exists (seeds, tests of the domain) */
  throttle?: Throttle;
  /** the agencies module (a port): an agency member signs in only once their agency is approved */
  agencies: { status(agencyId: string): Promise<string | null> };
}

/**
 * The one sign-in of the product, for the form and for social login: proof, throttling (form),
 * then the spec's outcomes in order. Opening the session is the caller's (it sets the cookie).
 */
export function signInCommand({ authenticator, users, throttle, agencies }: SignInDeps) {
  async function prove(proof: SignInProof): Promise<SessionUser | null> {
    if (proof.method === "provider")
      return users.credentialsByEmail(proof.email).then((found) => (found ? withoutHash(found) : null));
    await throttle?.assertLoginAllowed(proof.email, proof.ip);
    try {
      const user = await authenticator.authenticate("form", proof.request);
      await throttle?.loginSucceeded(proof.email);
      return user;
    } catch (error) {
      if (error instanceof AppError && error.key === "invalid_credential")
        await throttle?.loginFailed(proof.email, proof.ip);
      throw error;
    }
  }

  /** `wantsCandidate`: the login form's toggle; "any" (the API's token endpoint) takes the account's own type. */
  return async function signIn(proof: SignInProof, wantsCandidate: boolean | "any"): Promise<SignInOutcome> {
    const user = await prove(proof);
    if (!user) return { outcome: "unknown_email" };
    const wants = wantsCandidate === "any" ? user.role === "CANDIDATE" : wantsCandidate;
    const refusal = loginRefusal(user, wants, user.agencyId ? await agencies.status(user.agencyId) : null);
    if (!refusal) return { outcome: "signed_in", user };
    return {
      outcome: "refused",
      refusal,
      status: REFUSAL_STATUS[refusal],
      followUp: refusal === "REACTIVATE_ACCOUNT" || refusal === "not_verified_account",
      user,
    };
  };
}

const withoutHash = ({ passwordHash: _hash, ...user }: SessionUser & { passwordHash: string }): SessionUser => user;
