import { ddmmyyyy } from "#server/lib/contract";
import { Badge } from "~/components/ui/badge";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { addDaysTo } from "#server/modules/planning/contract";
import { payRuleText, type TimesheetStatus } from "#server/modules/timesheets/contract";

/** "Week of 07/12/2026 – 13/12/2026" */
export const weekLabel = (t: TFunction, week: string) =>
  t("week", { from: ddmmyyyy(week), to: ddmmyyyy(addDaysTo(week, 6)) });
export const dayLabel = (day: string) => ddmmyyyy(day);
export const hoursOf = (minutes: number) => `${Math.floor(minutes / 60)}:${String(minutes % 60).padStart(2, "0")}`;
export const moneyOf = (cents: number) => (cents / 100).toFixed(2);

/** What made a pay line, in words: the law or agreement it follows, or the holiday's name. */
export function ruleText(t: TFunction, rule: string, label: string | null, rate: number) {
  const text = payRuleText(rule, label, rate);
  return t(text.key, text.params);
}

const TONE: Record<TimesheetStatus, string> = {
  in_progress: "bg-secondary",
  employee_validated: "bg-blue-100 text-blue-900",
  agency_validated: "bg-indigo-100 text-indigo-900",
  client_validated: "bg-green-100 text-green-900",
  verification: "bg-amber-100 text-amber-900",
  cancelled: "bg-muted text-muted-foreground",
  not_performed: "bg-muted text-muted-foreground",
};

export function StatusBadge({ status }: { status: TimesheetStatus }) {
  const { t } = useTranslation("timesheets");
  return (
    <Badge className={TONE[status]} data-testid="timesheet-status" data-status={status}>
      {t(`status.${status}`)}
    </Badge>
  );
}
