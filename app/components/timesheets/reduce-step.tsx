import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Textarea } from "~/components/ui/textarea";
import { dayLabel } from "./format";
import type { SheetDay } from "./sheet-days-table";

const NS = ["timesheets", "common"];

/** The client's reduction: hours to cut on worked days, with a comment; plain form. */
export function ReduceStep({
  days,
  hidden,
  errorOn,
  busy,
  open,
}: {
  days: SheetDay[];
  hidden: React.ReactNode;
  errorOn: (field: string) => React.ReactNode;
  busy: boolean;
  open: boolean | undefined;
}) {
  const { t } = useTranslation(NS);
  return (
    <details className="rounded-md border px-2 py-1" open={open}>
      <summary className="cursor-pointer text-sm" data-testid="open-reduce">
        {t("actions.reduce")}
      </summary>
      <Form method="post" className="mt-2 grid gap-2" data-testid="reduce-form">
        {hidden}
        <p className="text-xs text-muted-foreground">{t("reduction.hint")}</p>
        <div className="flex flex-wrap gap-2">
          {days
            .filter((d) => d.worked > 0)
            .map(({ entry }) => (
              <label key={entry.day} className="grid gap-1 text-xs">
                {dayLabel(entry.day)}
                <input
                  name={`cut.${entry.day}`}
                  inputMode="decimal"
                  placeholder="0:00"
                  className="h-8 w-20 rounded-md border px-2"
                  data-testid={`cut-${entry.day}`}
                />
              </label>
            ))}
        </div>
        {errorOn("cut")}
        {days.map(({ entry }) => errorOn(`cut.${entry.day}`))}
        <label className="grid gap-1 text-xs">
          {t("reduction.comment")}
          <Textarea
            name="reason"
            required
            maxLength={1000}
            rows={2}
            className="rounded-md border p-2"
            data-testid="reason-reduce"
          />
        </label>
        {errorOn("reason")}
        <Button
          type="submit"
          size="sm"
          variant="outline"
          className="justify-self-start"
          disabled={busy}
          data-testid="do-reduce"
        >
          {t("reduction.confirm")}
        </Button>
      </Form>
    </details>
  );
}
