import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { formatDate } from "~/utils/dates";
import type { DataExportView } from "#server/modules/privacy/contract";

/** What the last request said (the action redirects back with it), shown above the button. */
export type ExportOutcome = "requested" | "busy" | null;

/**
 * "Download my data" on the data page: request an archive (built in the background), follow
 * it, download it while it lasts. Plain forms and links: works without JavaScript.
 */
export function DataExportSection({
  dataExport,
  outcome,
}: {
  dataExport: DataExportView | null;
  outcome: ExportOutcome;
}) {
  const { t } = useTranslation("export");
  const status = dataExport?.status ?? null;
  return (
    <section id="data-export" className="card-surface grid gap-4 p-6" data-testid="data-export">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      {outcome === "requested" ? <StatusNotice tone="success">{t("requested")}</StatusNotice> : null}
      {outcome === "busy" ? (
        <StatusNotice tone="info">{t("data_export_in_progress", { ns: "common" })}</StatusNotice>
      ) : null}
      {status === "building" ? (
        <p data-testid="data-export-status">{t("building", { date: formatDate(dataExport!.requestedAt) })}</p>
      ) : null}
      {status === "ready" ? (
        <div className="grid gap-2" data-testid="data-export-status">
          <p>{t("ready", { date: formatDate(dataExport!.expiresAt!) })}</p>
          <a className="font-medium text-primary underline" href={`/mes-donnees/archive/${dataExport!.id}`} download>
            {t("download")}
          </a>
        </div>
      ) : null}
      {status === "expired" ? <p data-testid="data-export-status">{t("expired")}</p> : null}
      {status !== "building" ? (
        <Form method="post" action="/mes-donnees/export">
          <SubmitButton variant="outline">{status ? t("again") : t("request")}</SubmitButton>
        </Form>
      ) : null}
    </section>
  );
}
