import { useTranslation } from "react-i18next";
import { FilterBar, FilterSelect } from "~/components/filter-bar";
import { ErrorList } from "~/components/forms/errors";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { PERIOD_PRESETS } from "#server/modules/statistics/contract";

type Option = { value: string; label: string };

/** The statistics' GET form: a period preset or a custom range (its errors on its fields, the input kept), branch and consultant. */
export function StatsFilters({
  values,
  errors,
  branches,
  consultants,
}: {
  values: Record<"period" | "from" | "to" | "branch" | "consultant", string>;
  errors: Partial<Record<string, string[]>>;
  branches: Option[];
  consultants: Option[];
}) {
  const { t } = useTranslation("statistics");
  return (
    <FilterBar testId="stats-filters" actions={<Button type="submit">{t("filters.apply")}</Button>}>
      <div className="grid min-w-0 flex-1 basis-36 gap-1.5 sm:max-w-56">
        <Label htmlFor="filter-period">{t("filters.period")}</Label>
        <select
          id="filter-period"
          name="period"
          defaultValue={values.period || "this_month"}
          className="h-9 w-full min-w-0 rounded-md border border-input bg-background px-3 text-sm"
          data-testid="filter-period"
        >
          {PERIOD_PRESETS.map((p) => (
            <option key={p} value={p}>
              {t(`period.${p}`)}
            </option>
          ))}
        </select>
      </div>
      {(["from", "to"] as const).map((f) => (
        <div key={f} className="grid min-w-0 basis-36 gap-1.5">
          <Label htmlFor={`filter-${f}`}>{t(`filters.${f}`)}</Label>
          <Input
            id={`filter-${f}`}
            name={f}
            type="date"
            defaultValue={values[f]}
            className="h-9"
            aria-invalid={errors[f] ? true : undefined}
            aria-describedby={errors[f] ? `filter-${f}-error` : undefined}
            data-testid={`filter-${f}`}
          />
          <ErrorList id={`filter-${f}-error`} errors={errors[f]} ns={["statistics", "common"]} />
        </div>
      ))}
      {branches.length > 0 && (
        <FilterSelect
          name="branch"
          label={t("filters.branch")}
          value={values.branch}
          options={branches}
          allLabel={t("filters.allBranches")}
        />
      )}
      <FilterSelect
        name="consultant"
        label={t("filters.consultant")}
        value={values.consultant}
        options={consultants}
        allLabel={t("filters.allConsultants")}
      />
    </FilterBar>
  );
}
