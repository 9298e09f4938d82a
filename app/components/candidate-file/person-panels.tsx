import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { formatDate, formatPeriod } from "~/utils/dates";
import { PREVIEWABLE } from "#server/modules/candidates/contract";
import type { FileData } from "./types";

const NS = ["candidate-file", "profile", "documents", "common"];

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <dt className="text-muted-foreground">{label}</dt>
      <dd data-testid={testId}>{children}</dd>
    </>
  );
}

/** Identity and contact (the access rule's view: payroll fields only once on a mission), address, availability and criteria. */
export function ContactPanel({ file }: { file: FileData }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  const { identity: id, address, criteria } = file.profile;
  const empty = t("profile:agencyView.empty");
  const or = (v: ReactNode) => (v === undefined || v === null || v === "" ? empty : v);
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-contact">
      <h2 className="font-semibold">{t("sections.contact")}</h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <Row label={t("fields.email")} testId="file-email">
          {file.person.email ? (
            <a href={`mailto:${file.person.email}`} className="text-primary underline">
              {file.person.email}
            </a>
          ) : (
            empty
          )}
        </Row>
        <Row label={t("fields.phone")} testId="file-phone">
          {id?.phone ? <a href={`tel:${id.phone}`}>{id.phone}</a> : empty}
        </Row>
        <Row label={t("fields.birthDate")}>{id?.birthDate ? formatDate(id.birthDate) : empty}</Row>
        <Row label={t("fields.address")}>
          {address
            ? or(
                [address.street, [address.postalCode, address.city].filter(Boolean).join(" "), address.country]
                  .filter(Boolean)
                  .join(", "),
              )
            : empty}
        </Row>
        <Row label={t("profile:fields.workPermit")}>
          {id?.workPermit ? t(`profile:permits.${id.workPermit}`) : empty}
        </Row>
        <Row label={t("profile:fields.licences")}>
          {id?.licences?.length ? id.licences.map((l) => t(`profile:licences.${l}`)).join(", ") : empty}
        </Row>
      </dl>
      <h3 className="text-sm font-semibold">{t("sections.criteria")}</h3>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm" data-testid="file-criteria">
        <Row label={t("profile:fields.availability")}>
          {criteria?.availability ? t(`profile:availability.${criteria.availability}`) : empty}
        </Row>
        <Row label={t("fields.availableFrom")}>
          {criteria?.availableFrom ? formatDate(criteria.availableFrom) : empty}
        </Row>
        <Row label={t("profile:fields.contractType")}>
          {criteria?.contractType ? t(`profile:contract.${criteria.contractType}`) : empty}
        </Row>
        <Row label={t("fields.occupancyRate")}>{criteria?.occupancyRate ? `${criteria.occupancyRate} %` : empty}</Row>
        <Row label={t("fields.radius")}>{criteria?.radiusKm ? `${criteria.radiusKm} km` : empty}</Row>
      </dl>
    </section>
  );
}

/** Experiences, trainings, languages and skills, read-only. */
export function ProfilePanel({ file }: { file: FileData }) {
  const { t, i18n } = useTranslation(NS, { nsMode: "fallback" });
  const p = file.profile;
  const empty = t("profile:agencyView.empty");
  const language = new Intl.DisplayNames([i18n.language, "en"], { type: "language" });
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-profile">
      <h2 className="font-semibold">{t("sections.profile")}</h2>
      <h3 className="text-sm font-semibold">{t("profile:parts.experience")}</h3>
      <ul className="grid gap-1 text-sm">
        {p.experiences.length === 0 && <li>{empty}</li>}
        {p.experiences.map((e) => (
          <li key={e.id}>
            <span className="font-medium">{e.values.jobTitle}</span> · {e.values.company} · {formatPeriod(e.values)}
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-semibold">{t("profile:parts.training")}</h3>
      <ul className="grid gap-1 text-sm">
        {p.trainings.length === 0 && <li>{empty}</li>}
        {p.trainings.map((e) => (
          <li key={e.id}>
            <span className="font-medium">{e.values.diploma}</span> · {e.values.school}
            {e.values.year ? ` · ${e.values.year}` : ""}
          </li>
        ))}
      </ul>
      <h3 className="text-sm font-semibold">{t("profile:parts.languages")}</h3>
      <p className="text-sm">
        {p.languages.length
          ? p.languages
              .map(
                (l) => `${l.code ? language.of(l.code) : ""}${l.spoken ? ` (${t(`profile:levels.${l.spoken}`)})` : ""}`,
              )
              .join(", ")
          : empty}
      </p>
      <h3 className="text-sm font-semibold">{t("profile:parts.skills")}</h3>
      <p className="text-sm">{p.skills.length ? p.skills.join(", ") : empty}</p>
    </section>
  );
}

/** The CV shown in the page (a PDF or image in a frame from the authorised file route) with its download, then every document with its expiry state. */
export function DocumentsPanel({ file }: { file: FileData }) {
  const { t } = useTranslation(NS, { nsMode: "fallback" });
  const href = (documentId: string) => `/cv-theque/${file.id}/documents/${documentId}`;
  const cv = file.cv;
  return (
    <>
      <section className="card-surface grid gap-3 p-5" data-testid="file-cv">
        <h2 className="font-semibold">{t("sections.cv")}</h2>
        {cv ? (
          <>
            <p className="flex flex-wrap gap-3 text-sm">
              <a href={`${href(cv.id)}?apercu=1`} target="_blank" rel="noreferrer" className="text-primary underline">
                {t("cv.open")}
              </a>
              <a href={href(cv.id)} download={cv.name} className="text-primary underline" data-testid="cv-download">
                {t("cv.download")}
              </a>
            </p>
            {PREVIEWABLE.includes(cv.mime) && (
              <iframe
                src={`${href(cv.id)}?apercu=1`}
                title={t("cv.frame")}
                className="h-[32rem] w-full rounded border"
              />
            )}
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t("cv.none")}</p>
        )}
      </section>
      <section className="card-surface grid gap-3 p-5">
        <h2 className="font-semibold">{t("sections.documents")}</h2>
        {file.documents.length === 0 ? (
          <p className="text-sm text-muted-foreground">{t("documents:list.empty")}</p>
        ) : (
          <ul className="grid gap-1 text-sm" data-testid="file-documents">
            {file.documents.map((d) => (
              <li key={d.id} data-expiry={d.expiry}>
                <span className="text-muted-foreground">{t(`documents:categories.${d.category}`)}</span> ·{" "}
                <a href={href(d.id)} download={d.name} className="text-primary underline">
                  {d.name}
                </a>{" "}
                ·{" "}
                {d.expiresAt
                  ? t("documents:list.expires", { date: formatDate(d.expiresAt) })
                  : t("documents:list.noExpiry")}
                {d.expiry === "expired" || d.expiry === "expiring" ? ` · ${t(`documents:state.${d.expiry}`)}` : ""}
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
