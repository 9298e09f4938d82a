import { getFormProps, getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  ACTIVITY_TYPES,
  NOTES_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  logActivitySchema,
} from "#server/modules/activities/contract";
import { NS, SELECT_CLASS, resultFor, type ActivitiesData, type ActivityReply } from "./types";

/** A labelled native select bound to a conform field (works without JavaScript), its errors translated. */
function Choice({
  meta,
  label,
  options,
  empty,
}: {
  meta: FieldMetadata<unknown>;
  label: string;
  options: { id: string | number; name: string }[];
  empty?: string;
}) {
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <select {...getSelectProps(meta as unknown as FieldMetadata<string>)} key={meta.key} className={SELECT_CLASS}>
        {empty !== undefined && <option value="">{empty}</option>}
        {options.map((o) => (
          <option key={o.id} value={String(o.id)}>
            {o.name}
          </option>
        ))}
      </select>
      <ErrorList id={meta.errorId} errors={meta.errors} ns={NS} />
    </div>
  );
}

/**
 * Logs a call, meeting, e-mail, task or note, linked to at least one of the agency's records
 * (the page's filter preselects them: coming from a candidate's file links the candidate). A
 * plain POST form: without JavaScript the server's errors come back on their fields, input kept.
 */
export function LogForm({ data, reply }: { data: ActivitiesData; reply?: ActivityReply }) {
  const { t } = useTranslation(NS);
  const result = resultFor(reply, "log");
  const { query, choices, colleagues, me } = data;
  const [form, fields] = useZodForm(logActivitySchema, result, {
    id: "log-activity",
    defaultValue: {
      type: "call",
      candidateId: query.candidateId ?? "",
      companyId: query.companyId ?? "",
      adId: query.adId ? String(query.adId) : "",
      orderId: query.orderId ?? "",
      assigneeId: me,
    },
  });
  const logged = reply?.intent === "log" && reply.logged;
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="log-activity">
      <h2 className="font-semibold">{t("log.title")}</h2>
      {logged && (
        <StatusNotice tone="success" testId="activity-logged">
          {t("log.done")}
        </StatusNotice>
      )}
      <Form method="post" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="idempotencyKey" value={data.idempotencyKey} />
        <Choice
          meta={fields.type}
          label={t("log.type")}
          options={ACTIVITY_TYPES.map((k) => ({ id: k, name: t(`types.${k}`) }))}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={fields.subject.id}>{t("log.subject")}</Label>
          <Input
            {...getInputProps(fields.subject, { type: "text" })}
            key={fields.subject.key}
            maxLength={SUBJECT_MAX_LENGTH}
          />
          <ErrorList id={fields.subject.errorId} errors={fields.subject.errors} ns={NS} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fields.notes.id}>{t("log.notes")}</Label>
          <Textarea {...getTextareaProps(fields.notes)} key={fields.notes.key} maxLength={NOTES_MAX_LENGTH} rows={3} />
          <ErrorList id={fields.notes.errorId} errors={fields.notes.errors} ns={NS} />
        </div>
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t("log.links")}</legend>
          <Choice
            meta={fields.candidateId}
            label={t("log.candidate")}
            options={choices.candidates}
            empty={t("log.none")}
          />
          <Choice meta={fields.companyId} label={t("log.company")} options={choices.companies} empty={t("log.none")} />
          <Choice meta={fields.adId} label={t("log.ad")} options={choices.ads} empty={t("log.none")} />
          <Choice meta={fields.orderId} label={t("log.order")} options={choices.orders} empty={t("log.none")} />
        </fieldset>
        <div className="grid gap-1.5">
          <Label htmlFor={fields.dueAt.id}>{t("log.dueAt")}</Label>
          <Input {...getInputProps(fields.dueAt, { type: "datetime-local" })} key={fields.dueAt.key} />
          <p className="text-xs text-muted-foreground">{t("log.dueHint")}</p>
          <ErrorList id={fields.dueAt.errorId} errors={fields.dueAt.errors} ns={NS} />
        </div>
        <Choice meta={fields.assigneeId} label={t("log.assignee")} options={colleagues} empty={t("log.none")} />
        <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
        <SubmitButton name="intent" value="log" className="justify-self-start" data-testid="log-submit">
          {t("log.submit")}
        </SubmitButton>
      </Form>
    </section>
  );
}
