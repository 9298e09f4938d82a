import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { SubmitButton } from "~/components/submit-button";
import { NS } from "~/components/support/contact-form";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { i18next } from "~/utils/i18n.server";
import { FAQ_TOPICS, faqIdSchema, faqMoveSchema, languageOf } from "#server/modules/support/contract";

export const meta: MetaFunction = () => [{ title: "FAQ · Missio" }];
export const handle = { i18n: ["common", "support"] };

/** /support/faq: the platform admins' FAQ editor: every entry by topic, published or not, moved up or down. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "admin.support");
  const lang = languageOf(await i18next.getLocale(request));
  const entries = await context.services.support.faqEntries(user);
  return json({
    entries: entries.map((e) => ({ ...e, question: e.texts[lang]?.question ?? "" })),
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "admin.support");
  const { support } = context.services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const run = async (call: () => Promise<void>) => {
    const done = await attempt(call);
    if (!done.ok) throw new Response("Not found", { status: done.status });
    return redirect("/support/faq");
  };
  if (intent === "publish" || intent === "unpublish") {
    const s = parseWithZod(form, { schema: faqIdSchema });
    if (s.status !== "success") throw new Response("Bad request", { status: 400 });
    return run(() => support.publishFaqEntry(user, s.value.faqId, intent === "publish"));
  }
  if (intent === "move") {
    const s = parseWithZod(form, { schema: faqMoveSchema });
    if (s.status !== "success") throw new Response("Bad request", { status: 400 });
    return run(() => support.moveFaqEntry(user, s.value.faqId, s.value.position));
  }
  throw new Response("Bad request", { status: 400 });
}

export default function FaqEditor() {
  const { t } = useTranslation(NS);
  const { entries } = useLoaderData<typeof loader>();
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={t("editor.title")}
        actions={
          <Button asChild size="sm">
            <Link to="/support/faq/nouvelle" data-testid="faq-new">
              {t("editor.new")}
            </Link>
          </Button>
        }
      />
      {entries.length === 0 && <EmptyState message={t("faq.empty")} />}
      {FAQ_TOPICS.map((topic) => {
        const inTopic = entries.filter((e) => e.topic === topic);
        if (!inTopic.length) return null;
        return (
          <section key={topic} className="grid gap-2" data-testid="editor-topic" data-topic={topic}>
            <h2 className="font-semibold">{t(`topics.${topic}`)}</h2>
            <ol className="grid gap-2">
              {inTopic.map((e, i) => (
                <li
                  key={e.id}
                  className="card-surface flex flex-wrap items-center gap-2 p-3"
                  data-testid="editor-entry"
                >
                  <Link to={`/support/faq/${e.id}`} className="min-w-0 basis-full text-primary hover:underline">
                    {e.question}
                  </Link>
                  <Badge>{e.published ? t("editor.published") : t("editor.draft")}</Badge>
                  <Form method="post" className="flex gap-1">
                    <input type="hidden" name="faqId" value={e.id} />
                    <input type="hidden" name="position" value={Math.max(0, i - 1)} />
                    <SubmitButton
                      name="intent"
                      value="move"
                      size="sm"
                      variant="ghost"
                      disabled={i === 0}
                      aria-label={t("editor.up")}
                    >
                      ↑
                    </SubmitButton>
                  </Form>
                  <Form method="post" className="flex gap-1">
                    <input type="hidden" name="faqId" value={e.id} />
                    <input type="hidden" name="position" value={i + 1} />
                    <SubmitButton
                      name="intent"
                      value="move"
                      size="sm"
                      variant="ghost"
                      disabled={i === inTopic.length - 1}
                      aria-label={t("editor.down")}
                    >
                      ↓
                    </SubmitButton>
                  </Form>
                  <Form method="post">
                    <input type="hidden" name="faqId" value={e.id} />
                    <SubmitButton
                      name="intent"
                      value={e.published ? "unpublish" : "publish"}
                      size="sm"
                      variant="outline"
                      data-testid="toggle-publish"
                    >
                      {e.published ? t("editor.unpublish") : t("editor.publish")}
                    </SubmitButton>
                  </Form>
                </li>
              ))}
            </ol>
          </section>
        );
      })}
    </div>
  );
}
