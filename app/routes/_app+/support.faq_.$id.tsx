import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { PageHeader } from "~/components/page-header";
import { SubmitButton } from "~/components/submit-button";
import { NS } from "~/components/support/contact-form";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useActionReply } from "~/hooks/use-action-reply";
import { attempt, replyWithError } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { isUuid } from "#server/lib/contract";
import { AUDIENCES, FAQ_ANSWER_MAX, FAQ_TOPICS, faqEntrySchema, LANGUAGES } from "#server/modules/support/contract";

export const meta: MetaFunction = () => [{ title: "FAQ · Missio" }];
export const handle = { i18n: ["common", "support"] };

const notFound = () => new Response("Not found", { status: 404 });
const NEW = "nouvelle";

/** /support/faq/{id} (or /nouvelle): one FAQ entry's topic, audiences and its texts in the five languages. */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "admin.support");
  if (params.id === NEW) return json({ entry: null });
  const entry = isUuid(params.id)
    ? (await context.services.support.faqEntries(user)).find((e) => e.id === params.id)
    : null;
  if (!entry) throw notFound();
  const texts = Object.fromEntries(
    LANGUAGES.flatMap((l) => [
      [`question_${l}`, entry.texts[l]?.question ?? ""],
      [`answer_${l}`, entry.texts[l]?.answer ?? ""],
    ]),
  );
  return json({ entry: { topic: entry.topic, audiences: entry.audiences, ...texts } });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "admin.support");
  const id = params.id === NEW ? null : isUuid(params.id) ? params.id : undefined;
  if (id === undefined) throw notFound();
  const submission = parseWithZod(await request.formData(), { schema: faqEntrySchema });
  if (submission.status !== "success") return json({ result: submission.reply() }, 400);
  const done = await attempt(() => context.services.support.writeFaqEntry(user, id, submission.value));
  if (!done.ok && done.status === 404) throw notFound();
  if (!done.ok) return json({ result: replyWithError(submission, done.error) }, done.status);
  return redirect("/support/faq");
}

export default function FaqEntryEditor() {
  const { t } = useTranslation(NS);
  const { entry } = useLoaderData<typeof loader>();
  const reply = useActionReply<{ result: SubmissionResult<string[]> }>();
  const [form, fields] = useZodForm(faqEntrySchema, reply?.result, {
    id: "faq-entry",
    defaultValue: entry ?? { audiences: ["candidate"] },
    browserValidation: false,
  });
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title={entry ? t("editor.edit") : t("editor.new")} />
      <Form method="post" {...getFormProps(form)} className="grid gap-4" data-testid="faq-form">
        <div className="grid gap-1.5">
          <Label htmlFor={fields.topic.id}>{t("contact.topic")}</Label>
          <select
            {...getSelectProps(fields.topic)}
            key={fields.topic.key}
            className="h-10 rounded-md border border-input bg-background px-3 text-sm"
          >
            <option value="">{t("contact.chooseTopic")}</option>
            {FAQ_TOPICS.map((topic) => (
              <option key={topic} value={topic}>
                {t(`topics.${topic}`)}
              </option>
            ))}
          </select>
          <ErrorList id={fields.topic.errorId} errors={fields.topic.errors} ns={NS} />
        </div>
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">{t("editor.audiences")}</legend>
          {AUDIENCES.map((a) => (
            <label key={a} className="flex items-center gap-2 text-sm">
              <input
                {...getInputProps(fields.audiences, { type: "checkbox", value: a })}
                key={`${fields.audiences.key}-${a}`}
              />
              {t(`audiences.${a}`)}
            </label>
          ))}
          <ErrorList id={fields.audiences.errorId} errors={fields.audiences.errors} ns={NS} />
        </fieldset>
        {LANGUAGES.map((l) => {
          const answer = fields[`answer_${l}`];
          return (
            <fieldset key={l} className="card-surface grid gap-2 p-4" data-testid={`faq-lang-${l}`}>
              <legend className="font-medium">{t(`languages.${l}`)}</legend>
              <TextField label={t("editor.question")} meta={fields[`question_${l}`]} ns={NS} />
              <Label htmlFor={answer.id}>{t("editor.answer")}</Label>
              <Textarea
                {...getTextareaProps(answer)}
                key={answer.key}
                maxLength={FAQ_ANSWER_MAX}
                rows={4}
                className="rounded-md border border-input bg-background px-3 py-2 text-sm"
              />
              <ErrorList id={answer.errorId} errors={answer.errors} ns={NS} />
            </fieldset>
          );
        })}
        <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
        <div>
          <SubmitButton data-testid="faq-save">{t("editor.save")}</SubmitButton>
        </div>
      </Form>
    </div>
  );
}
