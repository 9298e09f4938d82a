import type { SerializeFrom } from "@remix-run/node";
import { useTranslation } from "react-i18next";
import { hhmm } from "#server/modules/planning/contract";
import type { DayEntry } from "#server/modules/timesheets/contract";
import type { loader } from "~/routes/_app+/releves-heures_.$id.server";
import { CorrectDay, type CorrectDayForm } from "./correct-day";
import { dayLabel, hoursOf } from "./format";

export type SheetDay = SerializeFrom<typeof loader>["days"][number];
const NS = ["timesheets", "common"];
const rangesText = (d: DayEntry) => d.ranges.map((r) => `${hhmm(r.startMin)}–${hhmm(r.endMin)}`).join(", ");

/** The sheet's days: hours, break, worked and paid time, costs; `correct`: the agency may correct each day's hours. */
export function SheetDaysTable({
  days,
  money,
  correct,
}: {
  days: SheetDay[];
  money: (cents: number) => string;
  correct: CorrectDayForm | null;
}) {
  const { t } = useTranslation(NS);
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm" data-testid="sheet-days">
        <thead className="text-left text-xs text-muted-foreground">
          <tr>
            <th className="p-1">{t("sheet.day")}</th>
            <th className="p-1">{t("sheet.hours")}</th>
            <th className="p-1">{t("day.break")}</th>
            <th className="p-1">{t("sheet.worked")}</th>
            <th className="p-1">{t("sheet.paid")}</th>
            <th className="p-1">{t("sheet.costs")}</th>
          </tr>
        </thead>
        <tbody>
          {days.map(({ entry, worked, paid }) => (
            <tr key={entry.day} className="border-t align-top" data-testid="sheet-day" data-day={entry.day}>
              <td className="p-1">{dayLabel(entry.day)}</td>
              <td className="p-1">
                {rangesText(entry) || "—"}
                {entry.site ? <div className="text-xs text-muted-foreground">{entry.site}</div> : null}
                {entry.notes ? <div className="text-xs text-muted-foreground">{entry.notes}</div> : null}
                {correct ? <CorrectDay entry={entry} {...correct} /> : null}
              </td>
              <td className="p-1 tabular-nums">{entry.breakMin ? hoursOf(entry.breakMin) : "—"}</td>
              <td className="p-1 tabular-nums">{hoursOf(worked)}</td>
              <td
                className={`p-1 tabular-nums ${paid !== worked ? "font-semibold text-amber-700" : ""}`}
                data-testid="paid"
              >
                {hoursOf(paid)}
              </td>
              <td className="p-1 text-xs">
                {[
                  entry.mealFees && t("day.mealFees") + " " + money(entry.mealFees),
                  entry.miscCosts && t("day.miscCosts") + " " + money(entry.miscCosts),
                  entry.parking && t("day.parking") + " " + money(entry.parking),
                  entry.mileageKm && t("day.mileageKm") + " " + entry.mileageKm,
                  entry.travelFees && t("day.travelFees") + " " + money(entry.travelFees),
                ]
                  .filter(Boolean)
                  .join(" · ") || "—"}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
