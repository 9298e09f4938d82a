import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { hhmm } from "#server/modules/planning/contract";
import type { DayEntry } from "#server/modules/timesheets/contract";
import { moneyOf } from "./format";

const NS = ["timesheets", "common"];

/** What the correction form of every day shares: the step's hidden fields, its errors, and whether it starts open. */
export interface CorrectDayForm {
  hidden: React.ReactNode;
  errorOn: (f: string) => React.ReactNode;
  busy: boolean;
  open?: boolean;
}

/** The agency's correction of a submitted day: the hours as they should be, with the reason; the costs and notes stay. */
export function CorrectDay({ entry, hidden, errorOn, busy, open }: { entry: DayEntry } & CorrectDayForm) {
  const { t } = useTranslation(NS);
  const [r1, r2] = entry.ranges;
  const time = (name: string, value: number | undefined, label: string) => (
    <label className="grid gap-1 text-xs">
      {label}
      <input
        type="time"
        name={name}
        defaultValue={value === undefined ? "" : hhmm(value)}
        className="h-8 rounded-md border px-1"
        data-testid={`correct-${name}`}
      />
    </label>
  );
  return (
    <details className="mt-1" open={open}>
      <summary className="cursor-pointer text-xs underline" data-testid="open-correct">
        {t("actions.correct")}
      </summary>
      <Form method="post" className="mt-1 grid gap-2 rounded-md border p-2">
        {hidden}
        <input type="hidden" name="day" value={entry.day} />
        {(["mealFees", "miscCosts", "parking", "travelFees"] as const).map((k) => (
          <input key={k} type="hidden" name={k} value={moneyOf(entry[k])} />
        ))}
        {(["mileageKm", "trainingMin", "travelMin"] as const).map((k) => (
          <input key={k} type="hidden" name={k} value={entry[k]} />
        ))}
        <input type="hidden" name="site" value={entry.site} />
        <input type="hidden" name="notes" value={entry.notes} />
        <div className="flex flex-wrap gap-2">
          {time("start1", r1?.startMin, t("day.start"))}
          {time("end1", r1?.endMin, t("day.end"))}
          {time("start2", r2?.startMin, t("day.start2"))}
          {time("end2", r2?.endMin, t("day.end2"))}
          <label className="grid gap-1 text-xs">
            {t("day.break")}
            <input
              type="number"
              name="breakMin"
              min={0}
              max={600}
              defaultValue={entry.breakMin}
              className="h-8 w-20 rounded-md border px-1"
              data-testid="correct-breakMin"
            />
          </label>
        </div>
        {["start1", "end1", "start2", "end2", "breakMin", "day"].map((f) => errorOn(f))}
        <label className="grid gap-1 text-xs">
          {t("actions.reason")}
          <input
            name="reason"
            required
            maxLength={1000}
            className="h-8 rounded-md border px-2"
            data-testid="reason-correct"
          />
        </label>
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="justify-self-start"
          disabled={busy}
          data-testid="do-correct"
        >
          {t("actions.confirm")}
        </Button>
      </Form>
    </details>
  );
}
