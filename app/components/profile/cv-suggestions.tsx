import { Form, Link } from "@remix-run/react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { useLive } from "~/hooks/use-live";
import type { ProfileReply } from "~/utils/profile.server";
import { formatDateAs } from "~/utils/dates";
import { LIMIT_VALUES } from "./fields";
import type { CvField, CvParseView, CvSuggestion, CvSuggestionView } from "#server/modules/candidates/contract";

/** The CV namespace first, then the profile's field messages and the shared errors. */
const CV_NS = ["cv", "profile", "common"];
export const IDENTITY_CV_FIELDS: readonly CvField[] = [
  "firstName",
  "lastName",
  "phone",
  "address",
  "birthDate",
  "nationality",
  "avsNumber",
  "licence",
];

type Parse = CvParseView & { pending: CvSuggestionView[]; decided: number };

/** A suggestion's value as the person reads it (dates as precise as the CV gives them). */
export function cvValueText(s: CvSuggestion, t: TFunction, language = "fr"): string {
  const date = (d: string | null) => (d ? formatDateAs(d) : null);
  const period = (p: { start: string | null; end: string | null; current: boolean }) =>
    [date(p.start), p.current ? t("present") : date(p.end)].filter(Boolean).join(" – ");
  const join = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(" · ");
  switch (s.field) {
    case "address":
      return [s.value.street, `${s.value.postalCode} ${s.value.city}`].filter(Boolean).join(", ");
    case "experience":
      return join(s.value.jobTitle, s.value.company, s.value.place, period(s.value));
    case "training":
      return join(s.value.diploma, s.value.school, s.value.place, period(s.value));
    case "language":
      return join(s.value.name, s.value.level ? t(`levels.${s.value.level}`) : null);
    case "birthDate":
      return formatDateAs(s.value);
    case "nationality":
      return new Intl.DisplayNames([language, "en"], { type: "region" }).of(s.value) ?? s.value;
    case "licence":
      return t(`licences.${s.value}`);
    default:
      return s.value;
  }
}

/**
 * "Suggestions from your CV": the latest parse's pending suggestions, each with the text it was
 * read from, accepted or rejected one by one with plain forms (no JavaScript needed). A value the
 * profile already holds differently is shown beside the suggestion and replaced only on "replace".
 * A failed parse says so, with its reason, and blocks nothing.
 */
export function CvSuggestionsPanel({
  parse,
  reply,
  fields,
  moreHref,
}: {
  parse: Parse | null;
  reply?: ProfileReply;
  fields?: readonly CvField[];
  moreHref?: string;
}) {
  const { t, i18n } = useTranslation(CV_NS, { nsMode: "fallback" });
  // a scan is read in the background: its progress, then its suggestions, come without a reload
  useLive((e) => e.streamId.startsWith("cv-"));
  if (!parse) return null;
  if (parse.status !== "parsed") return <CvParseState parse={parse} t={t} />;
  const shown = parse.pending.filter((s) => !fields || fields.includes(s.field));
  const others = parse.pending.length - shown.length;
  const otherEmail = parse.otherEmail && (
    <p className="text-sm" data-testid="cv-other-email">
      {t("email_other", { email: parse.otherEmail })}{" "}
      <Link to="/parametres" className="text-primary underline" data-testid="cv-security-link">
        {t("email_change")}
      </Link>
    </p>
  );
  if (!shown.length && !reply?.intent.startsWith("cv-"))
    return otherEmail || (others && moreHref) ? (
      <section id="cv-suggestions" className="card-surface grid gap-2 p-6">
        {otherEmail}
        {others > 0 && moreHref && <MoreLink href={moreHref} count={others} t={t} />}
      </section>
    ) : null;
  return (
    <section id="cv-suggestions" className="card-surface grid gap-4 p-6" data-testid="cv-suggestions">
      <h2 className="text-lg font-semibold">{t("title")}</h2>
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      {parse.ocr && (
        <StatusNotice tone="info" testId="cv-ocr">
          {t("ocr_notice")}
        </StatusNotice>
      )}
      {reply?.saved && reply.intent !== "cv-reject" && (
        <StatusNotice tone="success" testId="cv-applied">
          {t("applied")}
        </StatusNotice>
      )}
      {otherEmail}
      {shown.length === 0 ? (
        <p className="text-sm">{t("nothing_left")}</p>
      ) : (
        <ul className="grid gap-3">
          {shown.map((s) => {
            const mine = reply?.target === s.id ? reply : undefined;
            return (
              <li
                key={s.id}
                className="grid gap-2 rounded-md border p-3 text-sm"
                data-testid="cv-suggestion"
                data-field={s.field}
              >
                <div className="flex flex-wrap items-baseline justify-between gap-2">
                  <span>
                    <span className="text-muted-foreground">{t(`fields.${s.field}`)}</span> ·{" "}
                    <span className="font-medium">{cvValueText(s, t, i18n.language)}</span>
                  </span>
                  <span className="text-xs text-muted-foreground">
                    {t("confidence")}: {Math.round(s.confidence * 100)} %
                  </span>
                </div>
                <blockquote className="border-l-2 pl-2 text-xs whitespace-pre-line text-muted-foreground">
                  <span className="sr-only">{t("source")}: </span>
                  {s.source}
                </blockquote>
                {mine?.cvError && (
                  <p className="text-sm text-destructive" role="alert" data-testid="cv-suggestion-error">
                    {t(mine.cvError, LIMIT_VALUES)}
                  </p>
                )}
                {mine?.cvConflict && (
                  <p className="text-sm" role="status" data-testid="cv-suggestion-conflict">
                    {t("conflict", { current: mine.cvConflict.current, proposed: mine.cvConflict.proposed })}
                  </p>
                )}
                <Form method="post" className="flex flex-wrap gap-2" preventScrollReset>
                  <input type="hidden" name="documentId" value={parse.documentId} />
                  <input type="hidden" name="suggestionId" value={s.id} />
                  {mine?.cvConflict ? (
                    <>
                      <SubmitButton name="intent" value="cv-replace" size="sm" data-testid="cv-replace">
                        {t("actions.replace")}
                      </SubmitButton>
                      <SubmitButton name="intent" value="cv-reject" size="sm" variant="outline" data-testid="cv-keep">
                        {t("actions.keep")}
                      </SubmitButton>
                    </>
                  ) : (
                    <>
                      <SubmitButton name="intent" value="cv-accept" size="sm" data-testid="cv-accept">
                        {t("actions.accept")}
                      </SubmitButton>
                      <SubmitButton name="intent" value="cv-reject" size="sm" variant="outline" data-testid="cv-reject">
                        {t("actions.reject")}
                      </SubmitButton>
                    </>
                  )}
                </Form>
              </li>
            );
          })}
        </ul>
      )}
      {others > 0 && moreHref && <MoreLink href={moreHref} count={others} t={t} />}
    </section>
  );
}

/** A CV being read (page n of m while a scan is recognised) or why its parse failed. */
function CvParseState({ parse, t }: { parse: Parse; t: TFunction }) {
  if (parse.status === "reading")
    return (
      <p className="card-surface p-4 text-sm" role="status" data-testid="cv-reading">
        {parse.progress?.page
          ? t("reading_page", { page: parse.progress.page, pages: parse.progress.pages })
          : t("reading")}
      </p>
    );
  return (
    <section id="cv-suggestions" className="card-surface grid gap-2 p-6" data-testid="cv-parsing-failed">
      <h2 className="text-lg font-semibold">{t("parsing_failed")}</h2>
      {parse.reason && <p className="text-sm">{t(`reasons.${parse.reason}`)}</p>}
      <p className="text-sm text-muted-foreground">{t("parsing_failed_hint")}</p>
    </section>
  );
}

/**
 * The latest CV's parse on the documents page, live: being read, failed (why), or a link to its
 * suggestions on the profile.
 */
export function CvParseStatus({ parse }: { parse: Parse | null }) {
  const { t } = useTranslation(CV_NS, { nsMode: "fallback" });
  useLive((e) => e.streamId.startsWith("cv-"));
  if (!parse) return null;
  if (parse.status !== "parsed") return <CvParseState parse={parse} t={t} />;
  return parse.pending.length ? <MoreLink href="/profil#cv-suggestions" count={parse.pending.length} t={t} /> : null;
}

function MoreLink({ href, count, t }: { href: string; count: number; t: TFunction }) {
  return (
    <p className="text-sm">
      <a href={href} className="text-primary underline" data-testid="cv-more">
        {t("more_on_profile", { count })}
      </a>
    </p>
  );
}
