import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import type { SheetsData } from "./sheet-list-row";

const NS = ["timesheets", "common", "documents"];

/** The sheets' filters: status, week, client, candidate, consultant (those with a choice), disputed only. */
export function SheetFilters({
  filters,
  statuses,
  options,
}: {
  filters: SheetsData["filters"];
  statuses: SheetsData["statuses"];
  options: SheetsData["options"];
}) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  return (
    <Form method="get" className="card-surface flex flex-wrap items-end gap-3 p-3 text-sm" data-testid="sheet-filters">
      <label className="grid gap-1.5 text-sm font-medium">
        {t("filters.status")}
        <select
          name="status"
          defaultValue={filters.status ?? ""}
          className="h-10 rounded-md border border-input bg-background px-2 font-normal"
        >
          <option value="">{t("filters.all")}</option>
          {statuses.map((s) => (
            <option key={s} value={s}>
              {t(`status.${s}`)}
            </option>
          ))}
        </select>
      </label>
      <label className="grid gap-1.5 text-sm font-medium">
        {t("filters.week")}
        <Input type="date" name="week" defaultValue={filters.week ?? ""} className="w-40 font-normal" />
      </label>
      {(["client", "candidate", "consultant"] as const).map((f) => {
        const list = options[`${f}s`];
        return list.length > 1 || filters[f] ? (
          <label key={f} className="grid gap-1.5 text-sm font-medium">
            {t(`filters.${f}`)}
            <select
              name={f}
              defaultValue={filters[f] ?? ""}
              className="h-10 max-w-48 rounded-md border border-input bg-background px-2 font-normal"
              data-testid={`filter-${f}`}
            >
              <option value="">{t("filters.all")}</option>
              {list.map((o) => (
                <option key={o.id} value={o.id}>
                  {o.name}
                </option>
              ))}
            </select>
          </label>
        ) : null;
      })}
      <label className="flex h-10 items-center gap-2 text-sm">
        <input
          type="checkbox"
          name="disputed"
          value="1"
          defaultChecked={filters.disputed === "1"}
          data-testid="filter-disputed"
        />
        {t("filters.disputed")}
      </label>
      <Button type="submit">{t("filters.apply")}</Button>
    </Form>
  );
}
