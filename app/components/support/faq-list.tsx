import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { FAQ_TOPICS, type FaqItem } from "#server/modules/support/contract";

/** The FAQ's search (a GET form: works without JavaScript) and its entries grouped by topic. */
export function FaqList({ q, faq, degraded }: { q: string; faq: FaqItem[]; degraded: boolean }) {
  const { t } = useTranslation(["support", "common"]);
  const topics = FAQ_TOPICS.filter((topic) => faq.some((f) => f.topic === topic));
  return (
    <section className="grid content-start gap-4" aria-labelledby="faq-title">
      <h2 id="faq-title" className="text-lg font-semibold">
        {t("faq.title")}
      </h2>
      <Form method="get" action="/support" role="search" className="flex flex-wrap gap-2">
        <label htmlFor="faq-q" className="sr-only">
          {t("faq.search")}
        </label>
        <Input
          id="faq-q"
          name="q"
          type="search"
          defaultValue={q}
          maxLength={100}
          placeholder={t("faq.search")}
          className="min-w-0 flex-1"
          data-testid="faq-search"
        />
        <Button type="submit" variant="outline">
          {t("faq.searchSubmit")}
        </Button>
      </Form>
      {degraded && (
        <p
          role="alert"
          className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-100"
          data-testid="faq-degraded"
        >
          {t("faq.degraded")}
        </p>
      )}
      {faq.length === 0 ? (
        <EmptyState message={q ? t("faq.noMatch", { q }) : t("faq.empty")} testId="faq-empty" />
      ) : (
        topics.map((topic) => (
          <div key={topic} className="grid gap-2" data-testid="faq-topic" data-topic={topic}>
            <h3 className="font-medium">{t(`topics.${topic}`)}</h3>
            {faq
              .filter((f) => f.topic === topic)
              .map((f) => (
                <details key={f.id} className="card-surface p-3" data-testid="faq-entry">
                  <summary className="cursor-pointer font-medium">{f.question}</summary>
                  <p className="mt-2 whitespace-pre-line text-sm">{f.answer}</p>
                </details>
              ))}
          </div>
        ))
      )}
    </section>
  );
}
