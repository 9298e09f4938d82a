import { parseWithZod } from "@conform-to/zod";
import { json, type AppLoadContext } from "@remix-run/node";
import type { SessionUser } from "#server/modules/identity/queries";
import { requestErasureSchema } from "#server/modules/erasure/contract";
import { attempt, replyWithError } from "~/utils/action.server";

const INTENTS = ["erase", "cancel-erase"] as const;
export const isErasureIntent = (v: unknown): v is (typeof INTENTS)[number] => INTENTS.includes(v as never);

/**
 * The security page's erasure forms (issue 30): ask (with the password; the session stays, the
 * grace period starts) or cancel (also posted by the banner of every page). A wrong password is
 * an error on the field; the password itself is never sent back.
 */
export async function erasureAction(request: Request, context: AppLoadContext, user: SessionUser, form: FormData) {
  const { erasure } = context.services;
  if (form.get("intent") === "cancel-erase") {
    const done = await attempt(() => erasure.cancelErasure(user));
    return json(
      { intent: "cancel-erase" as const, result: null, done: false, erasure: done.ok ? ("cancelled" as const) : null },
      { status: done.ok ? 200 : done.status },
    );
  }
  const submission = parseWithZod(form, { schema: requestErasureSchema });
  const hidden = ["erasePassword"];
  if (submission.status !== "success")
    return json(
      { intent: "erase" as const, result: submission.reply({ hideFields: hidden }), done: false, erasure: null },
      { status: 400 },
    );
  const done = await attempt(() => erasure.requestErasure(user, submission.value.erasePassword));
  if (!done.ok)
    return json(
      { intent: "erase" as const, result: replyWithError(submission, done.error, hidden), done: false, erasure: null },
      { status: done.status },
    );
  return json({
    intent: "erase" as const,
    result: submission.reply({ resetForm: true }),
    done: false,
    erasure: "requested" as const,
  });
}
