import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { daySchema, dayOfForm, type DayEntry } from "#server/modules/timesheets/contract";
import { hhmm } from "#server/modules/planning/contract";
import type { DayChange, ServerDay } from "~/utils/offline-queue";
import { hoursOf, moneyOf } from "./format";

const NS = ["timesheets", "common"];

/** A day in a line: its ranges, break and costs. */
function DaySummary({ entry }: { entry: DayEntry | null }) {
  const { t } = useTranslation(NS);
  if (!entry) return <span>—</span>;
  const ranges = entry.ranges.map((r) => `${hhmm(r.startMin)}–${hhmm(r.endMin)}`).join(", ") || t("conflict.noHours");
  const costs = entry.mealFees + entry.miscCosts + entry.parking + entry.travelFees;
  return (
    <span>
      {ranges}
      {entry.breakMin ? ` · ${t("conflict.break", { hours: hoursOf(entry.breakMin) })}` : ""}
      {costs ? ` · ${t("conflict.costs", { amount: moneyOf(costs) })}` : ""}
      {entry.notes ? ` · ${entry.notes}` : ""}
    </span>
  );
}

/**
 * A day changed on the server while this device's version waited (another device, the agency's
 * correction): both versions side by side, and the person's choice. A week that can no longer be
 * changed keeps theirs on the device until they drop it.
 */
export function DayConflict({
  change,
  server,
  onMine,
  onTheirs,
}: {
  change: DayChange;
  server: ServerDay;
  onMine: (change: DayChange) => void;
  onTheirs: (change: DayChange) => void;
}) {
  const { t } = useTranslation(NS);
  const parsed = daySchema.safeParse(change.values);
  const mine = parsed.success ? dayOfForm(parsed.data) : null;
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950"
      data-testid="day-conflict"
    >
      <p className="font-medium">{server.editable ? t("conflict.title") : t("conflict.locked")}</p>
      <dl className="grid gap-1 sm:grid-cols-[max-content_1fr] sm:gap-x-3">
        <dt className="text-muted-foreground">{t("conflict.mine")}</dt>
        <dd data-testid="conflict-mine">
          <DaySummary entry={mine} />
        </dd>
        <dt className="text-muted-foreground">{t("conflict.theirs")}</dt>
        <dd data-testid="conflict-theirs">
          <DaySummary entry={server.entry} />
        </dd>
      </dl>
      <div className="flex flex-wrap gap-2">
        {server.editable ? (
          <Button type="button" size="sm" onClick={() => onMine(change)} data-testid="keep-mine">
            {t("conflict.keepMine")}
          </Button>
        ) : null}
        <Button type="button" size="sm" variant="outline" onClick={() => onTheirs(change)} data-testid="keep-theirs">
          {server.editable ? t("conflict.keepTheirs") : t("conflict.dropMine")}
        </Button>
      </div>
    </div>
  );
}
