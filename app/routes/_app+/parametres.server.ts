import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { sessionEnded } from "~/utils/signed-out.server";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { schemas, type Intent } from "~/utils/security-schema";
import { erasureAction, isErasureIntent } from "~/utils/erasure-action.server";

/** /parametres: the account's security, a new password or email, or the account deactivated. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "account.security");
  // candidates may ask for their account's erasure here (issue 30)
  const erasure = user.role === "CANDIDATE" ? { request: await context.services.erasure.myErasureRequest(user) } : null;
  // the applications signed in through the API (ADR 0049), each revocable here
  const apiTokens = (await context.services.identity.apiTokens.familiesOf(user.id)).map((f) => ({
    id: f.id,
    clientName: f.clientName,
    createdAt: f.createdAt.toISOString(),
    lastUsedAt: f.lastUsedAt.toISOString(),
  }));
  return json({ email: user.email, erasure, apiTokens });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "account.security");
  const form = await request.formData();
  if (isErasureIntent(form.get("intent"))) return erasureAction(request, context, user, form);
  if (form.get("intent") === "revoke-api-token") {
    // another person's family (or one revoked already) reads as not found
    const done = await attempt(() =>
      context.services.identity.apiTokens.revokeFamilyOf(user.id, String(form.get("familyId") ?? "")),
    );
    return json(
      { intent: "revoke-api-token" as const, result: null, done: false as const, apiTokenRevoked: done.ok },
      {
        status: done.ok ? 200 : done.status,
      },
    );
  }
  const intent = String(form.get("intent")) as Intent;
  const schema = schemas[intent];
  if (!schema) return json({ intent, result: null, done: false }, { status: 400 });
  const submission = parseWithZod(form, { schema });
  const hidden = ["oldPassword", "password", "confirmPassword", "currentPassword"];
  if (submission.status !== "success")
    return json({ intent, result: submission.reply({ hideFields: hidden }), done: false }, { status: 400 });
  const { identity } = context.services;
  const value = submission.value;
  // a new password or email signs every session out (the identity module's commands do it)
  const done = await attempt(() =>
    value.intent === "password"
      ? identity.changePassword(user, value.oldPassword, value.password)
      : value.intent === "email"
        ? identity.changeEmail(user, value.email, value.currentPassword)
        : identity.deactivateAccount(user, value.reason),
  );
  if (!done.ok)
    return json(
      { intent, result: replyWithError(submission, done.error, hidden), done: false },
      { status: done.status },
    );
  return sessionEnded(request, value.intent, { intent, result: submission.reply({ resetForm: true }), done: true });
}
