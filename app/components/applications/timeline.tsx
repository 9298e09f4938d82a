import { useTranslation } from "react-i18next";
import { statusName } from "#server/modules/applications/contract";
import type { TimelineEntry } from "#server/modules/applications/queries";

export type TimelineItem = Omit<TimelineEntry, "at"> & { at: string };

const time = (iso: string) => {
  const d = new Date(iso);
  const p = (n: number) => String(n).padStart(2, "0");
  return `${p(d.getDate())}/${p(d.getMonth() + 1)}/${d.getFullYear()} ${p(d.getHours())}:${p(d.getMinutes())}`;
};

/** An application's history, oldest first: who did what and when (built from its events). */
export function Timeline({ items, testId = "timeline" }: { items: TimelineItem[]; testId?: string }) {
  const { t } = useTranslation("applications");
  return (
    <ol className="grid gap-2 border-l pl-4 text-sm" data-testid={testId}>
      {items.map((e, i) => (
        <li key={i} className="relative" data-testid="timeline-entry" data-kind={e.kind}>
          <span className="absolute -left-[21px] top-1.5 h-2 w-2 rounded-full bg-primary" aria-hidden />
          <time className="mr-2 text-xs text-muted-foreground" dateTime={e.at}>
            {time(e.at)}
          </time>
          <span>{describe(t, e)}</span>
          {e.by && <span className="text-muted-foreground"> · {e.by}</span>}
          {e.kind === "note" && <p className="mt-1 whitespace-pre-wrap rounded bg-secondary p-2">{e.note}</p>}
          {e.kind === "mail" && e.body && <p className="mt-1 whitespace-pre-wrap rounded bg-secondary p-2">{e.body}</p>}
        </li>
      ))}
    </ol>
  );
}

function describe(t: (key: string, o?: Record<string, unknown>) => string, e: TimelineItem): string {
  switch (e.kind) {
    case "submitted":
      return t("timeline.submitted");
    case "status": {
      const status = t(`status.${statusName(e.status ?? 0)}`);
      const text = e.byKind === "system" ? t("timeline.autoStatus", { status }) : t("timeline.status", { status });
      return e.reason ? `${text} (${t(`reasons.${e.reason}`)})` : text;
    }
    case "withdrawn":
      return t("timeline.withdrawn");
    case "mail":
      return t("timeline.mail", { subject: e.subject ?? "" });
    case "refusal_notified":
      return t("timeline.refusalNotified");
    case "interest":
      return t("timeline.interest", { interest: t(`interest.${e.interest ?? "unrated"}`) });
    case "note":
      return t("timeline.note");
  }
}
