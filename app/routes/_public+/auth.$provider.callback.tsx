import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { rememberPending, signIn } from "~/utils/sign-in.server";
import { loginOutcomeUrl } from "~/utils/social-login.server";
import { loginRefusal } from "../../../server/modules/identity/login-outcome";

/**
 * The provider sends the browser back here. The verified email finds the account; from there
 * the outcome is the form login's (loginRefusal), shown by the login page through ?outcome=.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { social, identity, agencies } = context.services;
  const provider = params.provider;
  if (!social.isEnabled(provider)) throw new Response("Not Found", { status: 404 });
  // the flow cookie is spent whatever happens next
  const clearFlow = await social.clearCookie();
  const headers = new Headers({ "Set-Cookie": clearFlow, "Cache-Control": "no-store" });

  const proof = await social.finish(provider, request);
  if (!proof.ok) return redirect(loginOutcomeUrl(proof.error, proof.redirectTo), { headers });
  const user = await identity.credentialsByEmail(proof.email);
  if (!user) return redirect(loginOutcomeUrl("unsaved_mail", proof.redirectTo), { headers });

  const refusal = loginRefusal(user, proof.isCandidate === "0", user.agencyId ? await agencies.status(user.agencyId) : null);
  if (!refusal) {
    const signedIn = await signIn(context, user, proof.redirectTo);
    signedIn.headers.append("Set-Cookie", clearFlow);
    signedIn.headers.set("Cache-Control", "no-store");
    return signedIn;
  }
  // as the form login: the follow-up (reactivate, resend the verification) needs no second proof
  if (refusal === "REACTIVATE_ACCOUNT" || refusal === "not_verified_account") headers.append("Set-Cookie", await rememberPending(context, user.id));
  return redirect(loginOutcomeUrl(refusal, proof.redirectTo), { headers });
}
