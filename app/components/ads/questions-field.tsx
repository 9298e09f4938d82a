import type { FieldMetadata } from "@conform-to/react";
import { useHydrated } from "~/hooks/use-hydrated";
import { Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { MAX_QUESTIONS } from "#server/modules/missions/contract";

const NS = ["ads", "common"];
const asList = (v: unknown): string[] =>
  Array.isArray(v) ? v.map((q) => (typeof q === "string" ? q : "")) : typeof v === "string" ? [v] : [];

/**
 * Up to five yes/no qualification questions (spec sections 3, 5, 9). Without JavaScript the five
 * inputs are all there (empty ones are not questions); with JavaScript rows are added and removed,
 * and a sixth cannot be added. The server refuses more than five either way.
 */
export function QuestionsField({ meta }: { meta: FieldMetadata<string[]> }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  const id = useId();
  const initial = asList(meta.initialValue).slice(0, MAX_QUESTIONS);
  const hydrated = useHydrated();
  // rows with stable keys, so removing one keeps what was typed in the others
  const next = useRef(initial.length);
  const [rows, setRows] = useState(() => initial.map((text, key) => ({ key, text })));
  const focusLast = useRef(false);
  const list = useRef<HTMLOListElement>(null);
  useEffect(() => {
    if (!focusLast.current) return;
    focusLast.current = false;
    list.current?.querySelector<HTMLInputElement>("li:last-child input")?.focus();
  }, [rows.length]);

  const shown = hydrated
    ? rows
    : Array.from({ length: MAX_QUESTIONS }, (_, key) => ({ key, text: initial[key] ?? "" }));
  const errors = [...(meta.errors ?? []), ...Object.values(meta.allErrors ?? {}).flat()].filter(
    (e, i, all) => all.indexOf(e) === i,
  );

  return (
    <fieldset className="grid gap-2" aria-describedby={`${id}-hint ${meta.errorId}`} data-testid="questions">
      <legend className="mb-1 text-sm font-medium">{t("form.questions")}</legend>
      <p id={`${id}-hint`} className="text-xs text-muted-foreground">
        {t("form.questionsHint", { max: MAX_QUESTIONS })}
      </p>
      <ol ref={list} className="grid gap-2">
        {shown.map((row, i) => (
          <li key={row.key} className="flex items-center gap-2" data-testid="question-row">
            <span className="w-5 text-right text-sm text-muted-foreground">{i + 1}.</span>
            <Input
              name={`${meta.name}[${i}]`}
              defaultValue={row.text}
              maxLength={200}
              aria-label={t("form.questionN", { n: i + 1 })}
              placeholder={t("form.questionPlaceholder")}
              onChange={(e) => {
                const text = e.target.value;
                setRows((rs) => rs.map((r) => (r.key === row.key ? { ...r, text } : r)));
              }}
              data-testid={`question-${i}`}
            />
            {hydrated && (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={t("form.questionRemove", { n: i + 1 })}
                onClick={() => setRows((rs) => rs.filter((r) => r.key !== row.key))}
                data-testid={`question-remove-${i}`}
              >
                <Trash2 className="h-4 w-4" aria-hidden />
              </Button>
            )}
          </li>
        ))}
      </ol>
      {hydrated && (
        <div className="flex items-center gap-3">
          <Button
            type="button"
            variant="outline"
            size="sm"
            disabled={rows.length >= MAX_QUESTIONS}
            onClick={() => {
              focusLast.current = true;
              setRows((rs) => [...rs, { key: next.current++, text: "" }]);
            }}
            data-testid="question-add"
          >
            <Plus className="h-4 w-4" aria-hidden />
            {t("form.questionAdd")}
          </Button>
          <span className="text-xs text-muted-foreground" aria-live="polite" data-testid="question-count">
            {t("form.questionCount", { count: rows.length, max: MAX_QUESTIONS })}
          </span>
        </div>
      )}
      <ErrorList
        id={meta.errorId}
        errors={errors.length ? errors : undefined}
        ns={NS}
        values={{ max: MAX_QUESTIONS }}
      />
    </fieldset>
  );
}
