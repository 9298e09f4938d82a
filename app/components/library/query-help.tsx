import { useTranslation } from "react-i18next";

/** The query syntax, in a native disclosure: it opens without JavaScript. */
export function QueryHelp() {
  const { t } = useTranslation("library");
  const rows = ["and", "or", "not", "phrase", "group", "typo"] as const;
  return (
    <details className="relative text-sm" data-testid="query-help">
      <summary className="cursor-pointer text-primary underline">{t("help.title")}</summary>
      <div className="card-surface absolute z-10 mt-2 grid w-80 max-w-[90vw] gap-2 p-4 shadow-lg">
        <p>{t("help.intro")}</p>
        <dl className="grid gap-1">
          {rows.map((r) => (
            <div key={r}>
              <dt className="font-mono text-xs">{t(`help.examples.${r}`)}</dt>
              <dd className="text-muted-foreground">{t(`help.rules.${r}`)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </details>
  );
}
