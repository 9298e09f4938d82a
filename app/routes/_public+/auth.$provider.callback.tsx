import { redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { rememberPending, signIn } from "~/utils/sign-in.server";
import { loginOutcomeUrl } from "~/utils/social-login.server";

/**
 * The provider sends the browser back here. The verified email finds the account; from there
 * the outcome is the form login's (loginRefusal), shown by the login page through ?outcome=.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const { social, identity } = context.services;
  const provider = params.provider;
  if (!social.isEnabled(provider)) throw new Response("Not Found", { status: 404 });
  // the flow cookie is spent whatever happens next
  const clearFlow = await social.clearCookie();
  const headers = new Headers({ "Set-Cookie": clearFlow, "Cache-Control": "no-store" });

  const proof = await social.finish(provider, request);
  if (!proof.ok) return redirect(loginOutcomeUrl(proof.error, proof.redirectTo), { headers });
  // the form's sign-in, with the provider's verified email as the proof
  const outcome = await identity.signIn({ method: "provider", email: proof.email }, proof.isCandidate === "0");
  if (outcome.outcome === "unknown_email")
    return redirect(loginOutcomeUrl("unsaved_mail", proof.redirectTo), { headers });
  if (outcome.outcome === "signed_in") {
    const signedIn = await signIn(request, context, outcome.user, proof.redirectTo);
    signedIn.headers.append("Set-Cookie", clearFlow);
    signedIn.headers.set("Cache-Control", "no-store");
    return signedIn;
  }
  // as the form login: the follow-up (reactivate, resend the verification) needs no second proof
  if (outcome.followUp) headers.append("Set-Cookie", await rememberPending(context, outcome.user.id));
  return redirect(loginOutcomeUrl(outcome.refusal, proof.redirectTo), { headers });
}
