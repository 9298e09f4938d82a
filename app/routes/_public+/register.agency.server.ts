import { seoOf } from "~/utils/seo.server";
import { getZodConstraint, parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { redirectSignedIn } from "~/utils/auth.server";
import { i18next } from "~/utils/i18n.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { agencySchema as schema } from "~/utils/registration-schemas";

export async function loader({ request, context }: LoaderFunctionArgs) {
  await redirectSignedIn(request, context);
  return json({ seo: await seoOf(request, "registerAgency"), constraint: getZodConstraint(schema) });
}

/** Agency, first branch and first user; the agency then waits for a platform admin. */
export async function action({ request, context }: ActionFunctionArgs) {
  const submission = parseWithZod(await request.formData(), { schema });
  const hidden = ["password", "confirmPassword"];
  if (submission.status !== "success")
    return json({ result: submission.reply({ hideFields: hidden }), done: false }, { status: 400 });
  const { terms: _terms, confirmPassword: _confirm, ...input } = submission.value;
  const locale = await i18next.getLocale(request);
  const done = await attempt(async () => {
    await context.services.throttle.consume("register", context.clientIp);
    await context.services.agencies.signUp({ ...input, locale });
  });
  if (!done.ok)
    return json({ result: replyWithError(submission, done.error, hidden), done: false }, { status: done.status });
  return json({ result: submission.reply({ resetForm: true }), done: true });
}
