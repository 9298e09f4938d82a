import type { SerializeFrom } from "@remix-run/node";
import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Countdown } from "~/components/applications/status-badge";
import { formatDate } from "~/utils/dates";
import type { loader } from "~/routes/_app+/candidatures_.$id.server";

const NS = ["applications", "common"];

/** The application as the details page loads it. */
export type ApplicationData = SerializeFrom<typeof loader>["application"];

/** The candidate: contact, country, birth date, the ad, source, CV and links to their documents and profile. */
export function ApplicationCandidate({
  application: a,
  now,
  fileLink = false,
}: {
  application: ApplicationData;
  now: string;
  /** the link to the candidate's file (/cv-theque/{id}): agency staff only */
  fileLink?: boolean;
}) {
  const { t } = useTranslation(NS);
  return (
    <section className="card-surface grid gap-3 p-5" aria-labelledby="candidate-heading">
      <h2 id="candidate-heading" className="font-semibold">
        {t("details.candidate")}
      </h2>
      <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm">
        <dt className="text-muted-foreground">{t("details.email")}</dt>
        <dd>
          <a href={`mailto:${a.candidateEmail}`} className="text-primary underline" data-testid="candidate-email">
            {a.candidateEmail}
          </a>
        </dd>
        <dt className="text-muted-foreground">{t("details.country")}</dt>
        <dd>{a.candidateCountry ? t(`common:countries.${a.candidateCountry}`) : t("common:common.empty")}</dd>
        <dt className="text-muted-foreground">{t("details.birthDate")}</dt>
        <dd>{a.profile?.birthDate ? formatDate(a.profile.birthDate) : t("common:common.empty")}</dd>
        <dt className="text-muted-foreground">{t("details.ad")}</dt>
        <dd data-testid="details-ad">{a.adTitle}</dd>
        <dt className="text-muted-foreground">{t("details.source")}</dt>
        <dd data-testid="details-source">{a.source}</dd>
        <dt className="text-muted-foreground">{t("details.appliedOn")}</dt>
        <dd>{formatDate(a.createdAt)}</dd>
        <dt className="text-muted-foreground">{t("details.cv")}</dt>
        <dd>
          {a.hasCv ? (
            <a href={`/candidatures/${a.id}/cv`} className="text-primary underline" data-testid="cv-download" download>
              {a.cvName}
            </a>
          ) : (
            t("details.noCv")
          )}{" "}
          <Link
            to={`/candidatures/${a.id}/documents`}
            className="text-primary underline"
            data-testid="candidate-documents-link"
          >
            {t("documents:candidate.link")}
          </Link>{" "}
          <Link
            to={`/candidatures/${a.id}/profil`}
            className="text-primary underline"
            data-testid="candidate-profile-link"
          >
            {t("profile:agencyView.link")}
          </Link>{" "}
          {fileLink && (
            <Link
              to={`/cv-theque/${a.candidateId}`}
              className="text-primary underline"
              data-testid="candidate-file-link"
            >
              {t("candidate-file:open")}
            </Link>
          )}
        </dd>
      </dl>
      {a.autoReplyDueAt && (
        <p className="text-sm">
          <Countdown until={a.autoReplyDueAt} now={now} />
        </p>
      )}
    </section>
  );
}

/** The candidate's answers to the ad's yes/no questions (nothing when the ad asks none). */
export function ApplicationAnswers({ application: a }: { application: ApplicationData }) {
  const { t } = useTranslation(NS);
  if (a.questions.length === 0) return null;
  return (
    <section className="card-surface grid gap-2 p-5" data-testid="answers">
      <h2 className="font-semibold">{t("details.answers")}</h2>
      <ul className="grid gap-1 text-sm">
        {a.questions.map((q, i) => (
          <li key={i} className="flex justify-between gap-4" data-testid="answer">
            <span>{q}</span>
            <strong className={a.answers[i] ? "text-emerald-700" : "text-red-700"}>
              {t(a.answers[i] ? "apply.yes" : "apply.no")}
            </strong>
          </li>
        ))}
      </ul>
    </section>
  );
}
