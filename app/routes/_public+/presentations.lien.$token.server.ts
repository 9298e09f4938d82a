import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { attempt } from "~/utils/action.server";
import { fixedT } from "~/utils/i18n.server";
import { answerSchema, type ClientDossier } from "#server/modules/presentations/contract";

type Problem = "invalid" | "expired";

/** The page's words in the dossier's language (the client's), whatever the browser's. */
async function labelsFor(view: ClientDossier) {
  const t = await fixedT(view.language, "presentations");
  const tree = (key: string) => t(key, { returnObjects: true }) as unknown as Record<string, string>;
  return {
    heading: t("client.heading", { agency: view.agencyName, client: view.companyName }),
    yourAnswer: t("client.yourAnswer"),
    comment: t("client.comment"),
    submit: t("client.submit"),
    saved: t("client.saved"),
    none: t("client.none"),
    answerRequired: t("errors.answerRequired"),
    answers: tree("answers"),
    sections: tree("sections"),
    ageBands: tree("ageBands"),
    documents: t("documents:categories", { returnObjects: true }) as unknown as Record<string, string>,
  };
}

/**
 * /presentations/lien/{token}: the client's page, without signing in. It shows only the client's
 * view model (anonymity applied in one place, server/modules/presentations/view.ts) and records
 * the visit. A tampered or revoked token answers 404, an expired one 410: a translated page, no data.
 */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { presentations } = context.services;
  const token = params.token ?? "";
  const found = await presentations.clientPresentation(token);
  if (found.state !== "valid")
    return json(
      { problem: found.state as Problem, view: null, labels: null },
      { status: found.state === "expired" ? 410 : 404 },
    );
  await attempt(() => presentations.openPresentationLink(token));
  return json({ problem: null, view: found.view, labels: await labelsFor(found.view) });
}

export type AnswerReply = { n: number | null; problem: Problem | null; result: SubmissionResult<string[]> | null };

/** An answer about one candidate (changeable until the link expires). */
export async function action({ request, params, context }: ActionFunctionArgs) {
  const form = await request.formData();
  const submission = parseWithZod(form, { schema: answerSchema });
  const n = Number(form.get("n")) || null;
  if (submission.status !== "success") return json<AnswerReply>({ n, problem: null, result: submission.reply() }, 400);
  const done = await attempt(() =>
    context.services.presentations.answerPresentation(params.token ?? "", submission.value),
  );
  if (!done.ok) {
    const problem: Problem = done.status === 410 ? "expired" : "invalid";
    return json<AnswerReply>({ n, problem, result: null }, done.status === 410 ? 410 : 404);
  }
  return json<AnswerReply>({ n, problem: null, result: submission.reply() });
}
