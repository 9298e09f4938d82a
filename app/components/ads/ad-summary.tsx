import { useTranslation } from "react-i18next";
import { formatDate } from "~/utils/dates";
import { formatMoneyRange } from "#server/lib/contract";
import { currencyOf, type AdFields, type AdState } from "#server/modules/missions/contract";
import { AdStateBadge } from "./ad-state-badge";
import { ADS_NS } from "./fields";

/** An ad read-only: for those who may see it but not change it (platform admins, another person's proposal, archived ads). */
export function AdSummary({
  id,
  status,
  fields,
  image,
}: {
  id: number;
  status: AdState;
  fields: AdFields;
  image: { url: string } | null;
}) {
  const { t, i18n } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const amount = formatMoneyRange(fields.salaryMin, fields.salaryMax, fields.country, i18n.language);
  const salary = amount
    ? `${amount} ${currencyOf(fields.country)} / ${t(`salaryPeriods.${fields.salaryPeriod}`)}`
    : t("common.empty");
  const rows: [string, string][] = [
    [t("form.qualification"), fields.qualification || t("common.empty")],
    [t("form.profession"), `${t(`professions.${fields.professionId}`)} (${t(`sectors.${fields.sectorId}`)})`],
    [t("form.contract"), `${t(`contracts.${fields.contract}`)} · ${t(`jobTypes.${fields.jobType}`)}`],
    [t("form.place"), `${fields.place.name} (${fields.place.postalCode}) · ${t(`countries.${fields.country}`)}`],
    [t("form.activityRate"), `${fields.activityRateMin} – ${fields.activityRateMax} %`],
    [t("form.places"), String(fields.places)],
    [t("form.salary"), fields.hideSalary ? `${salary} (${t("form.salaryHidden")})` : salary],
    [
      t("form.commitment"),
      fields.commitment === "date" && fields.commitmentDate
        ? formatDate(fields.commitmentDate)
        : t(`commitments.${fields.commitment}`),
    ],
    [t("form.endDate"), formatDate(fields.endDate)],
    [t("form.slots"), fields.slots || t("common.empty")],
    [t("form.duration"), fields.duration || t("common.empty")],
    [t("form.internalId"), fields.internalId || t("common.empty")],
  ];
  return (
    <article className="card-surface grid gap-4 p-6" data-testid="ad-summary">
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">
          #{id} {fields.title}
        </h2>
        <AdStateBadge status={status} />
      </header>
      {image && (
        <img src={image.url} alt={t("form.imagePreview")} className="max-h-48 w-fit rounded-md border object-contain" />
      )}
      <dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {/* sanitised on the server when the ad was saved (server/modules/missions/description.ts) */}
      <div
        className="prose-sm max-w-none [&_a]:text-primary [&_a]:underline [&_ol]:list-decimal [&_ol]:pl-6 [&_ul]:list-disc [&_ul]:pl-6"
        dangerouslySetInnerHTML={{ __html: fields.description }}
      />
      {fields.questions.length > 0 && (
        <div>
          <h3 className="mb-1 font-medium">{t("form.questions")}</h3>
          <ol className="list-decimal pl-6 text-sm">
            {fields.questions.map((q) => (
              <li key={q}>{q}</li>
            ))}
          </ol>
        </div>
      )}
    </article>
  );
}
