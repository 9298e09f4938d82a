import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type SubmissionResult,
} from "@conform-to/react";
import { Form, Link } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, useEditedErrors } from "~/components/forms/field";
import { PlaceField } from "~/components/forms/place-field";
import { SelectField } from "~/components/forms/select-field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { MAX_ORDER_DESCRIPTION, orderFormSchema } from "#server/modules/missions/contract";
import { PROFESSIONS, SECTORS } from "#server/modules/reference/contract";
import { ORDERS_NS } from "./format";
import { SubmitButton } from "~/components/submit-button";

type Option = { id: string; name: string };

export interface OrderFormProps {
  /** a new order's form: the key that makes a retried submit place it once */
  idempotencyKey?: string;
  /** staff choose the client company, branch and consultant; client users order for their own company */
  staff: boolean;
  lastResult: SubmissionResult<string[]> | null | undefined;
  defaultValue?: Record<string, string>;
  options: { clients: Option[]; branches: Option[]; contacts: Option[] };
  /** editing: the client and branch are the order's and stay as they are */
  fixedOwner?: { clientName: string; branchName: string | null };
  /** client users: the company they order for */
  ownCompany?: string;
  submitLabel: string;
}

/**
 * The order form, create and edit. A plain HTML form posting to its route, so it works without
 * JavaScript; with it, the same zod schema checks inline. Errors are translation keys.
 */
export function OrderForm({
  staff,
  lastResult,
  defaultValue,
  options,
  fixedOwner,
  ownCompany,
  submitLabel,
  idempotencyKey,
}: OrderFormProps) {
  const { t } = useTranslation([ORDERS_NS, "reference", "common"]);
  const choosesOwner = staff && !fixedOwner;
  const schema = useMemo(() => orderFormSchema(choosesOwner), [choosesOwner]);
  // Checked on the server only: errors found in the browser did not show (conform 1.21) with an
  // edit's defaults, nor for an empty "places" (a number input) on a new order, so a refused form
  // looked like nothing happened: only the focus moved. The server's answer always shows.
  const [form, fields] = useZodForm(schema, lastResult, { id: "order-form", defaultValue, browserValidation: false });
  const placeText = String(fields.placeText.initialValue ?? "");

  return (
    <Form method="post" {...getFormProps(form)} className="card-surface grid gap-5 p-6" data-testid="order-form">
      {idempotencyKey && <input type="hidden" name="idempotencyKey" value={idempotencyKey} />}
      <ErrorList id={form.errorId} errors={form.errors} />
      <InputField label={t("form.title")} meta={fields.title} />
      <div className="grid gap-1.5">
        <Label htmlFor={fields.professionId.id}>{t("form.profession")}</Label>
        <select
          {...getSelectProps(fields.professionId)}
          key={fields.professionId.key}
          className="h-10 rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive"
        >
          <option value="">{t("form.choose")}</option>
          {SECTORS.map((sector) => (
            <optgroup key={sector} label={t(`sectors.${sector}`, { ns: "reference" })}>
              {PROFESSIONS.filter((p) => p.sector === sector).map((p) => (
                <option key={p.id} value={p.id}>
                  {t(`professions.${p.id}`, { ns: "reference" })}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <ErrorList id={fields.professionId.errorId} errors={fields.professionId.errors} />
      </div>
      <div className="grid gap-5 sm:grid-cols-3">
        <InputField label={t("form.places")} meta={fields.places} type="number" />
        <InputField label={t("form.startDate")} meta={fields.startDate} type="date" />
        <InputField label={t("form.endDate")} meta={fields.endDate} type="date" />
      </div>
      <PlaceField
        key={fields.placeText.key}
        name="place"
        label={t("form.place")}
        defaultValue={placeText ? { id: "", label: placeText } : undefined}
        errors={fields.placeText.errors}
        testId="order-place"
      />
      <div className="grid gap-1.5">
        <Label htmlFor={fields.description.id}>{t("form.description")}</Label>
        <Textarea
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
          maxLength={MAX_ORDER_DESCRIPTION}
          rows={5}
          className="rounded-md border border-input bg-background px-3 py-2 text-sm aria-[invalid=true]:border-destructive"
        />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      {fixedOwner ? (
        <dl className="grid gap-1 text-sm sm:grid-cols-2" data-testid="order-owner">
          <div>
            <dt className="text-muted-foreground">{t("form.client")}</dt>
            <dd>{fixedOwner.clientName}</dd>
          </div>
          <div>
            <dt className="text-muted-foreground">{t("form.branch")}</dt>
            <dd>{fixedOwner.branchName ?? t("empty")}</dd>
          </div>
        </dl>
      ) : staff ? (
        <div className="grid gap-5 sm:grid-cols-2">
          <SelectField
            label={t("form.client")}
            meta={fields.clientId}
            options={options.clients.map((c) => ({ value: c.id, label: c.name }))}
            placeholder={t("form.choose")}
          />
          <SelectField
            label={t("form.branch")}
            meta={fields.branchId}
            options={options.branches.map((b) => ({ value: b.id, label: b.name }))}
            placeholder={t("form.noBranch")}
          />
        </div>
      ) : (
        <dl className="grid gap-1 text-sm">
          <dt className="text-muted-foreground">{t("form.client")}</dt>
          <dd data-testid="order-company">{ownCompany}</dd>
        </dl>
      )}
      {staff && (
        <SelectField
          label={t("form.consultant")}
          meta={fields.consultantId}
          options={options.contacts.map((c) => ({ value: c.id, label: c.name }))}
          placeholder={t("form.noConsultant")}
        />
      )}
      {!staff && !fixedOwner && <p className="text-sm text-muted-foreground">{t("form.reviewNote")}</p>}
      <div className="flex flex-wrap gap-3">
        <SubmitButton data-testid="order-submit">{submitLabel}</SubmitButton>
        <Button asChild variant="outline">
          <Link to="/mes-commandes">{t("form.cancel")}</Link>
        </Button>
      </div>
    </Form>
  );
}

function InputField({
  label,
  meta,
  type = "text",
}: {
  label: string;
  meta: FieldMetadata<string>;
  type?: "text" | "number" | "date";
}) {
  const { errors, onInput } = useEditedErrors(meta.errors);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input {...getInputProps(meta, { type })} key={meta.key} onInput={onInput} />
      <ErrorList id={meta.errorId} errors={errors} />
    </div>
  );
}
