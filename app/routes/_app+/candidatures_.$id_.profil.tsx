import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { json } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { PageHeader } from "~/components/page-header";
import { requireAbility } from "~/utils/auth.server";
import { formatDate, formatPeriod } from "~/utils/dates";
import { formatIban } from "#server/modules/candidates/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "profile"] };

/**
 * /candidatures/{id}/profil: the application's candidate's profile, read-only, for the agency's
 * staff under the documents' rule (the candidate applied to the agency or is on one of its
 * missions); anyone else, another agency or a client user included, gets 404. The payroll fields
 * (AVS, bank, criminal record, family) only once the candidate is on one of the agency's missions.
 */
export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.applications");
  const application = await context.services.applications.applicationDetails(user, params.id ?? "");
  const profile = application
    ? await context.services.candidates.openCandidateProfile(user, application.candidateId)
    : null;
  if (!application || !profile) throw new Response("Not found", { status: 404 });
  return json({ application: { id: application.id, candidateName: application.candidateName }, profile });
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

export default function CandidateProfileForAgency() {
  const { t, i18n } = useTranslation(["profile", "common"], { nsMode: "fallback" });
  const { application, profile } = useLoaderData<typeof loader>();
  const { identity: id, address, about } = profile;
  const empty = t("agencyView.empty");
  const or = (v: ReactNode) => (v === undefined || v === null || v === "" ? empty : v);
  const language = new Intl.DisplayNames([i18n.language, "en"], { type: "language" });
  const region = new Intl.DisplayNames([i18n.language, "en"], { type: "region" });
  const yesNo = (v: boolean | undefined) => (v === undefined ? empty : v ? t("agencyView.yes") : t("agencyView.no"));
  return (
    <div className="grid max-w-4xl gap-6">
      <PageHeader
        title={`${t("agencyView.title")} · ${application.candidateName}`}
        actions={
          <Link to={`/candidatures/${application.id}`} className="text-sm text-primary underline">
            {t("agencyView.back")}
          </Link>
        }
      />
      <p className="text-sm text-muted-foreground">{t("agencyView.intro")}</p>
      <section className="card-surface grid gap-3 p-6" data-testid="agency-profile-identity">
        <h2 className="text-lg font-semibold">{t("parts.identity")}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <Row label={t("fields.civility")}>{id?.civility ? t(`civility.${id.civility}`) : empty}</Row>
          <Row label={t("fields.firstName")}>{or(id?.firstName)}</Row>
          <Row label={t("fields.lastName")}>{or(id?.lastName)}</Row>
          <Row label={t("fields.birthDate")}>{id?.birthDate ? formatDate(id.birthDate) : empty}</Row>
          <Row label={t("fields.nationality")}>{id?.nationality ? region.of(id.nationality) : empty}</Row>
          <Row label={t("fields.phone")} testId="agency-profile-phone">
            {or(id?.phone)}
          </Row>
          <Row label={t("fields.emergencyPhone")}>{or(id?.emergencyPhone)}</Row>
          <Row label={t("fields.workPermit")}>{id?.workPermit ? t(`permits.${id.workPermit}`) : empty}</Row>
          <Row label={t("fields.transport")}>{id?.transport ? t(`transport.${id.transport}`) : empty}</Row>
          <Row label={t("fields.licences")}>
            {id?.licences?.length ? id.licences.map((l) => t(`licences.${l}`)).join(", ") : empty}
          </Row>
          <Row label={t("fields.medicalVisitDate")}>
            {id?.medicalVisitDate ? formatDate(id.medicalVisitDate) : empty}
          </Row>
          {profile.payroll && (
            <>
              <Row label={t("fields.avsNumber")} testId="agency-profile-avs">
                {or(id?.avsNumber)}
              </Row>
              <Row label={t("fields.iban")}>{id?.iban ? formatIban(id.iban) : empty}</Row>
              <Row label={t("fields.bankName")}>{or(id?.bankName)}</Row>
              <Row label={t("fields.unemploymentFund")}>{or(id?.unemploymentFund)}</Row>
              <Row label={t("fields.taxAtSource")}>{yesNo(id?.taxAtSource)}</Row>
              <Row label={t("fields.maritalStatus")}>
                {id?.maritalStatus ? t(`marital.${id.maritalStatus}`) : empty}
              </Row>
              <Row label={t("fields.dependentChildren")}>{or(id?.dependentChildren)}</Row>
              <Row label={t("fields.familyAllowance")}>{yesNo(id?.familyAllowance)}</Row>
              <Row label={t("fields.criminalRecord")}>
                {id?.criminalRecord ? t(`criminalRecord.${id.criminalRecord}`) : empty}
              </Row>
            </>
          )}
        </dl>
        {!profile.payroll && (
          <p className="text-xs text-muted-foreground" data-testid="agency-profile-payroll-hidden">
            {t("agencyView.payrollHidden")}
          </p>
        )}
      </section>
      <section className="card-surface grid gap-3 p-6">
        <h2 className="text-lg font-semibold">{t("parts.address")}</h2>
        <p className="text-sm">
          {address
            ? [address.street, [address.postalCode, address.city].filter(Boolean).join(" "), address.country]
                .filter(Boolean)
                .join(", ")
            : empty}
        </p>
      </section>
      <section className="card-surface grid gap-3 p-6">
        <h2 className="text-lg font-semibold">{t("parts.languages")}</h2>
        {profile.languages.length ? (
          <ul className="text-sm">
            {profile.languages.map((l) => (
              <li key={l.code}>
                {l.code ? language.of(l.code) : ""} {l.spoken ? `· ${t(`levels.${l.spoken}`)}` : ""}{" "}
                {l.written ? `/ ${t(`levels.${l.written}`)}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">{empty}</p>
        )}
      </section>
      <section className="card-surface grid gap-3 p-6" data-testid="agency-profile-experience">
        <h2 className="text-lg font-semibold">{t("parts.experience")}</h2>
        {profile.experiences.length ? (
          <ul className="grid gap-1 text-sm">
            {profile.experiences.map((e) => (
              <li key={e.id}>
                <span className="font-medium">{e.values.jobTitle}</span> · {e.values.company}
                {e.values.place ? ` · ${e.values.place}` : ""} ·{" "}
                <span data-testid="agency-profile-period">{formatPeriod(e.values)}</span>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">{empty}</p>
        )}
      </section>
      <section className="card-surface grid gap-3 p-6">
        <h2 className="text-lg font-semibold">{t("parts.training")}</h2>
        {profile.trainings.length ? (
          <ul className="grid gap-1 text-sm">
            {profile.trainings.map((e) => (
              <li key={e.id}>
                <span className="font-medium">{e.values.diploma}</span> · {e.values.school}
                {e.values.year ? ` · ${e.values.year}` : ""}
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm">{empty}</p>
        )}
      </section>
      <section className="card-surface grid gap-3 p-6" data-testid="agency-profile-skills">
        <h2 className="text-lg font-semibold">{t("parts.skills")}</h2>
        <p className="text-sm">{profile.skills.length ? profile.skills.join(", ") : empty}</p>
      </section>
      <section className="card-surface grid gap-3 p-6">
        <h2 className="text-lg font-semibold">{t("parts.about")}</h2>
        <p className="text-sm whitespace-pre-line">{or(about?.aboutMe)}</p>
        {about?.certifications && (
          <>
            <h3 className="text-sm font-medium">{t("agencyView.certifications")}</h3>
            <p className="text-sm whitespace-pre-line">{about.certifications}</p>
          </>
        )}
      </section>
    </div>
  );
}
