import { useEffect, useState } from "react";
import { Badge } from "~/components/ui/badge";
import { useTranslation } from "react-i18next";
import { STATUS, statusName } from "#server/modules/applications/contract";

const TONE: Record<number, string> = {
  [STATUS.pending]: "bg-secondary",
  [STATUS.retained]: "bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100",
  [STATUS.rejected]: "bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100",
  [STATUS.mission]: "bg-primary text-primary-foreground",
};

export function StatusBadge({ status, withdrawn = false }: { status: number; withdrawn?: boolean }) {
  const { t } = useTranslation("applications");
  return (
    <Badge className={withdrawn ? "line-through" : TONE[status]} data-testid="status-badge" data-status={status}>
      {withdrawn ? t("status.canceled") : t(`status.${statusName(status)}`)}
    </Badge>
  );
}

const left = (until: string, now: number) => Math.max(0, new Date(until).getTime() - now);

/** The time left before the automatic negative reply goes (ticks once a minute once hydrated). */
export function Countdown({ until, now }: { until: string; now: string }) {
  const { t } = useTranslation("applications");
  const [at, setAt] = useState(() => new Date(now).getTime());
  useEffect(() => {
    setAt(Date.now());
    const timer = setInterval(() => setAt(Date.now()), 60_000);
    return () => clearInterval(timer);
  }, []);
  const ms = left(until, at);
  const hours = Math.floor(ms / 3_600_000);
  const minutes = Math.floor((ms % 3_600_000) / 60_000);
  return (
    <span
      className="text-xs text-amber-700 dark:text-amber-300"
      data-testid="auto-reply-countdown"
      title={t("autoReply.explain")}
    >
      {ms > 0 ? t("autoReply.in", { hours, minutes }) : t("autoReply.due")}
    </span>
  );
}
