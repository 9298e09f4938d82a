import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { EXPORT_FORMATS } from "#server/modules/timesheets/contract";

const NS = ["timesheets", "common", "documents"];

/**
 * The export: a plain GET form to the export route (the browser downloads the file, the page
 * stays), with the page's filters and the sheets ticked in the list; none ticked: all listed.
 */
export function ExportForm({ filters }: { filters: Record<string, string | null> }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  return (
    <form
      method="get"
      action="/releves-heures/export"
      id="export"
      className="flex flex-wrap items-center gap-2 text-sm"
      data-testid="export-form"
    >
      {Object.entries(filters).map(([name, value]) =>
        value ? <input key={name} type="hidden" name={name} value={value} /> : null,
      )}
      <span className="font-medium">{t("export.heading")}</span>
      {EXPORT_FORMATS.map((format) => (
        <Button
          key={format}
          type="submit"
          name="format"
          value={format}
          size="sm"
          variant="outline"
          data-testid={`export-${format}`}
        >
          {t(`export.${format}`)}
        </Button>
      ))}
      <span className="text-xs text-muted-foreground">{t("export.hint")}</span>
    </form>
  );
}
