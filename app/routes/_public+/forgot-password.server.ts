import { seoOf } from "~/utils/seo.server";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { redirectSignedIn } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";

export const schema = z.object({
  email: z.string({ required_error: "validation.required" }).trim().email("validation.email"),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  return json({ seo: await seoOf(request, "forgotPassword"), constraint: getZodConstraint(schema) });
}

/** Mails a single-use reset link; email_not_exist for an unknown address (spec section 8). */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  if (submission.status !== "success") return json({ result: submission.reply(), sent: false }, { status: 400 });
  const { throttle, identity } = context.services;
  const done = await attempt(async () => {
    await throttle.consume("reset", context.clientIp);
    await identity.requestPasswordReset(submission.value.email);
  });
  if (!done.ok) return json({ result: replyWithError(submission, done.error), sent: false }, { status: done.status });
  return json({ result: submission.reply({ resetForm: true }), sent: true });
}
