import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useOnline } from "~/hooks/use-online";
import { drop, type QueuedChange } from "~/utils/offline-queue";
import { dayLabel } from "./format";

const NS = ["timesheets", "common"];

/**
 * What this device still has to send for the week (issue 31): each day typed and the week's
 * validation, with why it waits: no network, on its way, or the person's choice after a conflict.
 */
export function PendingChanges({ changes }: { changes: QueuedChange[] }) {
  const { t } = useTranslation(NS);
  const online = useOnline();
  if (changes.length === 0) return null;
  return (
    <section
      aria-live="polite"
      className="grid gap-1 rounded-md border border-sky-500 bg-sky-50 p-3 text-sm dark:bg-sky-950"
      data-testid="pending-changes"
      data-count={changes.length}
    >
      <p className="font-medium">
        {online ? t("queue.sending", { count: changes.length }) : t("queue.offline", { count: changes.length })}
      </p>
      <ul className="grid gap-1">
        {changes.map((c) => (
          <li
            key={c.key}
            className="flex flex-wrap items-center gap-2"
            data-testid="pending-change"
            data-state={c.state}
          >
            <span>
              {c.kind === "day"
                ? t(`weekday.${new Date(`${c.day}T00:00:00Z`).getUTCDay()}`) + " " + dayLabel(c.day).slice(0, 5)
                : t("queue.week")}
            </span>
            <span className="text-muted-foreground">· {t(`queue.state.${c.state}`)}</span>
            {c.kind === "submit" && c.state === "conflict" ? (
              <>
                <span className="text-destructive">{t(c.error ?? "changed_by_someone_else")}</span>
                <Button type="button" size="sm" variant="outline" onClick={() => drop(c.key)} data-testid="drop-submit">
                  {t("queue.dismiss")}
                </Button>
              </>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
