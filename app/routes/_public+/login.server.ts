import { seoOf } from "~/utils/seo.server";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectSignedIn, signedOutReason } from "~/utils/auth.server";
import { rememberPending, signIn } from "~/utils/sign-in.server";
import { readLoginOutcome } from "~/utils/social-login.server";
import { attempt } from "~/utils/action.server";
import { SESSION_ENDING } from "~/utils/signed-out";
import { loginSchema, type LoginRefusal } from "#server/modules/identity/contract";

/** Login outcomes of spec section 4 that open a modal instead of signing in. */
export type Modal = LoginRefusal | "verification_sent";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  const url = new URL(request.url);
  // sent here because the session ended (requireUser, or the open page's socket closed): the
  // reason comes from the ended session itself, so the URL cannot show a warning that is not so
  const ended =
    url.searchParams.has("signedOut") || url.searchParams.has("done") ? await signedOutReason(request, context) : null;
  const signedOut = url.searchParams.has("signedOut") ? (ended ?? "revoked") : null;
  // what the person changed before being signed out (loginAfter), said only if their session did end
  const done =
    ended === "revoked" ? (SESSION_ENDING.find((change) => change === url.searchParams.get("done")) ?? null) : null;
  // a social login that stopped short comes back as ?outcome= (auth.$provider.callback.tsx)
  const outcome = readLoginOutcome(url);
  return json({
    signedOut,
    done,
    outcome,
    social: context.services.social.enabled,
    seo: await seoOf(request, "login"),
    constraint: getZodConstraint(loginSchema),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { services, clientIp } = context;
  const form = await request.clone().formData();
  const intent = form.get("intent");

  if (intent === "reactivate" || intent === "resend") {
    const session = await services.sessions.getSession(request.headers.get("Cookie"));
    const userId = session.get("pendingUserId");
    const user = userId ? await services.identity.userById(userId) : null;
    if (!user) return json({ result: null, modal: null, error: "failed_operation" }, { status: 400 });
    if (intent === "reactivate") {
      await services.identity.reactivateAccount(user);
      return signIn(request, context, { ...user, enabled: true, disabledBy: null }, undefined);
    }
    const sent = await attempt(async () => {
      await services.throttle.consume("verify", clientIp);
      await services.identity.requestVerification(user.id);
    });
    if (!sent.ok) return json({ result: null, modal: null, error: sent.error.key }, { status: sent.status });
    return json({ result: null, modal: "verification_sent" as Modal, error: null });
  }

  const submission = parseWithZod(form, { schema: loginSchema });
  if (submission.status !== "success")
    return json({ result: submission.reply({ hideFields: ["password"] }), modal: null, error: null }, { status: 400 });
  const { email, is_candidate, redirectTo } = submission.value;
  const fail = (key: string, status: number) =>
    json(
      { result: submission.reply({ formErrors: [key], hideFields: ["password"] }), modal: null, error: null },
      { status },
    );
  const modal = (m: Modal, status: number, headers?: HeadersInit) =>
    json({ result: submission.reply({ hideFields: ["password"] }), modal: m, error: null }, { status, headers });

  const signedIn = await attempt(() =>
    services.identity.signIn({ method: "form", request, email, ip: clientIp }, is_candidate === "0"),
  );
  if (!signedIn.ok) return fail(signedIn.error.key, signedIn.status);
  const outcome = signedIn.value;
  if (outcome.outcome === "signed_in") return signIn(request, context, outcome.user, redirectTo);
  if (outcome.outcome === "unknown_email") return fail("invalid_credential", 401);
  return modal(
    outcome.refusal,
    outcome.status,
    outcome.followUp ? { "Set-Cookie": await rememberPending(context, outcome.user.id) } : undefined,
  );
}
