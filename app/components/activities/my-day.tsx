import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Label } from "~/components/ui/label";
import { ActivityLine } from "./activity-line";
import { NS, SELECT_CLASS, type ActivitiesData, type ActivityReply } from "./types";

/** "My day": a colleague's (one's own by default) open tasks and meetings, overdue then due today. */
export function MyDay({ data, reply }: { data: ActivitiesData; reply?: ActivityReply }) {
  const { t } = useTranslation(NS);
  const { day, dayOf, colleagues } = data;
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="my-day">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-semibold">{t("day.title")}</h2>
        <Form method="get" className="flex items-end gap-2">
          <div className="grid gap-1.5">
            <Label htmlFor="day-of">{t("day.of")}</Label>
            <select id="day-of" name="day" defaultValue={dayOf} className={SELECT_CLASS}>
              {colleagues.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" variant="outline">
            {t("day.show")}
          </Button>
        </Form>
      </div>
      {day.overdue.length === 0 && day.today.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("day.empty")}</p>
      ) : (
        <>
          {day.overdue.length > 0 && (
            <div data-testid="day-overdue">
              <h3 className="text-sm font-medium text-destructive">
                {t("day.overdue", { count: day.overdue.length })}
              </h3>
              <ul>
                {day.overdue.map((a) => (
                  <ActivityLine key={a.id} item={a} reply={reply} />
                ))}
              </ul>
            </div>
          )}
          {day.today.length > 0 && (
            <div data-testid="day-today">
              <h3 className="text-sm font-medium">{t("day.today", { count: day.today.length })}</h3>
              <ul>
                {day.today.map((a) => (
                  <ActivityLine key={a.id} item={a} reply={reply} />
                ))}
              </ul>
            </div>
          )}
        </>
      )}
    </section>
  );
}
