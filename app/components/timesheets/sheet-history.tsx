import { useTranslation } from "react-i18next";
import { dayLabel } from "./format";

type Entry = { at: string; kind: string; by: string | null; reason: string | null; days: string[] };

/** Who did what to a sheet, and why: its events, oldest first, at the mission's local time. */
export function SheetHistory({ entries, zone }: { entries: Entry[]; zone: string }) {
  const { t, i18n } = useTranslation(["timesheets", "common"]);
  if (!entries.length) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short", timeZone: zone });
  return (
    <details className="text-sm" data-testid="sheet-history">
      <summary className="cursor-pointer font-semibold">{t("history.title")}</summary>
      <ol className="mt-2 grid gap-1">
        {entries.map((e, i) => (
          <li key={i} className="flex flex-wrap gap-2" data-testid="history-entry" data-kind={e.kind}>
            <time dateTime={e.at} className="tabular-nums text-muted-foreground">
              {when.format(new Date(e.at))}
            </time>
            <span>{t(`history.${e.kind}`)}</span>
            {e.days.length ? <span>({e.days.map(dayLabel).join(", ")})</span> : null}
            <span className="text-muted-foreground">{e.by ?? t("history.system")}</span>
            {e.reason ? <span className="italic">{e.reason}</span> : null}
          </li>
        ))}
      </ol>
    </details>
  );
}
