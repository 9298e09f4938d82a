import type { FieldMetadata } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useHydrated } from "~/hooks/use-hydrated";
import { JOB_BOARDS } from "#server/modules/missions/contract";
import { boardsFor } from "./ad-form-schema";
import { ADS_NS, Section } from "./fields";

/**
 * The ad form's job boards: with JavaScript only the boards of the chosen country can be ticked
 * (the others are hidden); without, every board shows, each naming its countries.
 */
export function JobBoardsSection({
  meta,
  country,
  chosen,
}: {
  meta: FieldMetadata<string[]>;
  country: string;
  /** the boards ticked when the form opens (the ad's, or those of the refused submission) */
  chosen: string[];
}) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const hydrated = useHydrated();
  const boards = hydrated ? boardsFor(country) : JOB_BOARDS;
  return (
    <Section title={t("form.sections.boards")} testId="section-boards">
      <fieldset className="grid gap-2" aria-describedby={meta.errors?.length ? meta.errorId : undefined}>
        <legend className="sr-only">{t("form.sections.boards")}</legend>
        <div className="grid gap-2 sm:grid-cols-2" key={meta.key}>
          {JOB_BOARDS.map((b) => {
            const available = boards.some((x) => x.code === b.code);
            return (
              <label key={b.code} className={`flex items-center gap-2 text-sm ${available ? "" : "hidden"}`}>
                <input
                  type="checkbox"
                  name={meta.name}
                  value={b.code}
                  defaultChecked={chosen.includes(b.code)}
                  disabled={!available}
                  data-testid={`board-${b.code}`}
                />
                {b.name}
                {!hydrated && (
                  <span className="text-xs text-muted-foreground">
                    ({b.countries.map((c) => t(`countries.${c}`)).join(", ")})
                  </span>
                )}
              </label>
            );
          })}
        </div>
        <ErrorList id={meta.errorId} errors={meta.errors} />
      </fieldset>
    </Section>
  );
}
