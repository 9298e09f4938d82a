import { type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { StatsFilters } from "~/components/statistics/filters";
import { StatsSections } from "~/components/statistics/sections";
import type { loader } from "./statistiques.server";

export { loader } from "./statistiques.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "statistics"] };

/** The agency's statistics: filters, then each figure as a chart with its table and CSV export. */
export default function Statistics() {
  const { t } = useTranslation("statistics");
  const data = useLoaderData<typeof loader>();
  return (
    <div className="grid gap-6">
      <PageHeader title={t("title")} />
      <StatsFilters values={data.values} errors={data.errors} branches={data.branches} consultants={data.consultants} />
      {data.report && data.filters && <StatsSections report={data.report} filters={data.filters} />}
    </div>
  );
}
