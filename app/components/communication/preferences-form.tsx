import { getFormProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/errors";
import { SelectField } from "~/components/forms/select-field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { formatDate } from "~/utils/dates";
import {
  DELIVERIES,
  MAIL_LOCALES,
  marketingSchema,
  preferencesSchema,
  type CommunicationKind,
  type Delivery,
  type MailLocale,
} from "#server/modules/notifications/contract";

export const NS = ["communication", "common"];
type Result = SubmissionResult<string[]> | undefined;

/** The radios of one kind: a fieldset, wrapping at 360 px; a plain form field (works without JavaScript). */
function KindChoice({ kind, meta }: { kind: CommunicationKind; meta: FieldMetadata<string> }) {
  const { t } = useTranslation(NS);
  return (
    <fieldset className="grid gap-2 border-b py-3 last:border-b-0" data-testid={`kind-${kind}`}>
      <legend className="font-medium">{t(`kinds.${kind}`)}</legend>
      <div className="flex flex-wrap gap-x-4 gap-y-2" key={meta.key}>
        {DELIVERIES.map((d) => (
          <label key={d} className="flex items-center gap-2 text-sm">
            <input
              type="radio"
              name={meta.name}
              value={d}
              defaultChecked={meta.initialValue === d}
              aria-invalid={meta.errors ? true : undefined}
              aria-describedby={meta.errors ? meta.errorId : undefined}
            />
            {t(`channels.deliveries.${d}`)}
          </label>
        ))}
      </div>
      <ErrorList id={meta.errorId} errors={meta.errors} ns={NS} />
    </fieldset>
  );
}

/** Per kind of the person's role the channel, and the language of mails. */
export function PreferencesForm({
  kinds,
  channels,
  mailLocale,
  version,
  reply,
  saved,
}: {
  kinds: CommunicationKind[];
  channels: Record<CommunicationKind, Delivery>;
  mailLocale: MailLocale;
  version: number;
  reply: Result;
  saved: boolean;
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(preferencesSchema, reply, {
    id: "communication-preferences",
    defaultValue: { channels, mailLocale, version: String(version) },
  });
  const perKind = fields.channels.getFieldset();
  return (
    <section className="card-surface grid gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{t("channels.title")}</h2>
      <Form method="post" {...getFormProps(form)} className="grid gap-4" data-testid="preferences-form">
        <input type="hidden" name="intent" value="preferences" />
        <input type="hidden" name="version" value={version} />
        <div>
          {kinds.map((k) => (
            <KindChoice key={k} kind={k} meta={perKind[k] as FieldMetadata<string>} />
          ))}
        </div>
        <div className="grid gap-1 rounded-md bg-secondary p-3 text-sm" data-testid="mandatory-mails">
          <p className="font-medium">{t("mandatory.title")}</p>
          <p className="text-muted-foreground">{t("mandatory.text")}</p>
        </div>
        <SelectField
          label={t("mailLocale")}
          meta={fields.mailLocale as FieldMetadata<string>}
          options={MAIL_LOCALES.map((l) => ({ value: l, label: t(`languages.${l}`) }))}
        />
        <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
        {saved && (
          <StatusNotice tone="inline" testId="preferences-saved">
            {t("saved")}
          </StatusNotice>
        )}
        <SubmitButton className="justify-self-start" data-testid="save-preferences">
          {t("save")}
        </SubmitButton>
      </Form>
    </section>
  );
}

/** Marketing consent, said explicitly, with the history of the person's choices (the event log's). */
export function MarketingForm({
  marketing,
  history,
  reply,
  saved,
}: {
  marketing: boolean;
  history: { at: string; consent: boolean }[];
  reply: Result;
  saved: boolean;
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(marketingSchema, reply, {
    id: "communication-marketing",
    defaultValue: { marketing: marketing ? "yes" : "no" },
  });
  const meta = fields.marketing;
  return (
    <section className="card-surface grid gap-4 p-4 sm:p-6">
      <h2 className="text-lg font-semibold">{t("marketing.title")}</h2>
      <Form method="post" {...getFormProps(form)} className="grid gap-3" data-testid="marketing-form">
        <input type="hidden" name="intent" value="marketing" />
        <fieldset className="grid gap-2">
          <legend className="text-sm">{t("marketing.question")}</legend>
          <div className="flex flex-wrap gap-4" key={meta.key}>
            {(["yes", "no"] as const).map((v) => (
              <label key={v} className="flex items-center gap-2 text-sm">
                <input type="radio" name={meta.name} value={v} defaultChecked={meta.initialValue === v} />
                {t(`marketing.${v}`)}
              </label>
            ))}
          </div>
          <ErrorList id={meta.errorId} errors={meta.errors} ns={NS} />
        </fieldset>
        {saved && (
          <StatusNotice tone="inline" testId="marketing-saved">
            {t("marketing.saved")}
          </StatusNotice>
        )}
        <SubmitButton className="justify-self-start" data-testid="save-marketing">
          {t("marketing.save")}
        </SubmitButton>
      </Form>
      <div className="grid gap-1 text-sm">
        <h3 className="font-medium">{t("marketing.history")}</h3>
        {history.length === 0 ? (
          <p className="text-muted-foreground">{t("marketing.empty")}</p>
        ) : (
          <ol className="grid gap-1" data-testid="marketing-history">
            {history.map((h) => (
              <li key={h.at} className="flex flex-wrap gap-x-2">
                <span className="text-muted-foreground">
                  {formatDate(h.at)} {h.at.slice(11, 16)}
                </span>
                <span>{t(h.consent ? "marketing.given" : "marketing.withdrawn")}</span>
              </li>
            ))}
          </ol>
        )}
      </div>
    </section>
  );
}
