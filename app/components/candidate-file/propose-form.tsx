import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type SubmissionResult,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  defaultExpiryDay,
  maxExpiryDay,
  PROPOSAL_MESSAGE_MAX,
  PROPOSAL_MODES,
  proposeSchema,
} from "#server/modules/placements/contract";

const NS = ["candidate-file", "placements", "applications", "common"];
const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm aria-[invalid=true]:border-destructive";

/**
 * "Propose for an ad": one of the agency's online ads, the mode, places, expiry and a message. A
 * plain POST (intent "propose") to the page's own action, so it works without JavaScript; the
 * library's bulk page adds the ticked ids as hidden fields (`children`).
 */
export function ProposeForm({
  ads,
  result,
  id,
  children,
}: {
  ads: { id: number; title: string; places: number }[];
  result: SubmissionResult<string[]> | undefined;
  id: string;
  children?: ReactNode;
}) {
  const { t } = useTranslation(NS);
  const [now] = useState(() => new Date());
  const [form, fields] = useZodForm(proposeSchema, result, {
    id,
    defaultValue: { mode: "first", places: "1", expiresOn: defaultExpiryDay(now) },
    browserValidation: false,
  });
  if (!ads.length)
    return (
      <p className="text-sm text-muted-foreground" data-testid="propose-no-ads">
        {t("candidate-file:propose.noAds")}
      </p>
    );
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-3" data-testid="propose-form">
      {children}
      <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
      <div className="grid gap-1">
        <Label htmlFor={fields.adId.id}>{t("placements:propose.ad")}</Label>
        <select {...getSelectProps(fields.adId)} key={fields.adId.key} className={selectClass} data-testid="propose-ad">
          {ads.map((a) => (
            <option key={a.id} value={a.id}>
              {t("placements:propose.adOption", { title: a.title, places: a.places })}
            </option>
          ))}
        </select>
        <ErrorList id={fields.adId.errorId} errors={fields.adId.errors} ns={NS} />
      </div>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">{t("placements:propose.mode")}</legend>
        {PROPOSAL_MODES.map((m) => (
          <label key={m} className="flex items-start gap-2 text-sm">
            <input {...getInputProps(fields.mode, { type: "radio", value: m })} key={`${fields.mode.key}-${m}`} />
            <span>{t(`placements:modes.${m}`)}</span>
          </label>
        ))}
        <ErrorList id={fields.mode.errorId} errors={fields.mode.errors} ns={NS} />
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1">
          <Label htmlFor={fields.places.id}>{t("placements:propose.places")}</Label>
          <Input {...getInputProps(fields.places, { type: "number" })} key={fields.places.key} min={1} />
          <ErrorList id={fields.places.errorId} errors={fields.places.errors} ns={NS} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={fields.expiresOn.id}>{t("placements:propose.expiresOn")}</Label>
          <Input
            {...getInputProps(fields.expiresOn, { type: "date" })}
            key={fields.expiresOn.key}
            min={now.toISOString().slice(0, 10)}
            max={maxExpiryDay(now)}
          />
          <ErrorList id={fields.expiresOn.errorId} errors={fields.expiresOn.errors} ns={NS} />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={fields.message.id}>{t("placements:propose.message")}</Label>
        <Textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={3}
          maxLength={PROPOSAL_MESSAGE_MAX}
          className="rounded-md border bg-background p-2 text-sm"
        />
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} ns={NS} />
      </div>
      <SubmitButton name="intent" value="propose" size="sm" className="justify-self-start" data-testid="propose-submit">
        {t("placements:propose.submit")}
      </SubmitButton>
    </Form>
  );
}
