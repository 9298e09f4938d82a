import { getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { type useZodForm } from "~/components/forms/use-zod-form";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  maxExpiryDay,
  PROPOSAL_MESSAGE_MAX,
  PROPOSAL_MODES,
  type proposeSchema,
} from "#server/modules/placements/contract";

const NS = ["placements", "applications", "common"];
const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm aria-[invalid=true]:border-destructive";

export type ProposeFields = ReturnType<typeof useZodForm<typeof proposeSchema>>[1];

/**
 * A proposal's fields, one place for the application's "propose a mission" and the candidate
 * file's and library's "propose for an ad": one of the agency's online ads (places at most its
 * own), the mode with its hint, places, expiry and a message, each with its error.
 */
export function ProposalFields({
  fields,
  ads,
  now,
  defaultAd,
}: {
  fields: ProposeFields;
  ads: { id: number; title: string; places: number }[];
  now: Date;
  defaultAd?: string;
}) {
  const { t } = useTranslation(NS);
  const [chosenAd, setChosenAd] = useState(defaultAd ?? String(ads[0]?.id ?? ""));
  const maxPlaces = ads.find((a) => String(a.id) === chosenAd)?.places || undefined;
  return (
    <>
      <div className="grid gap-1">
        <Label htmlFor={fields.adId.id}>{t("propose.ad")}</Label>
        <select
          {...getSelectProps(fields.adId)}
          key={fields.adId.key}
          className={selectClass}
          onChange={(e) => setChosenAd(e.target.value)}
          data-testid="propose-ad"
        >
          {ads.map((a) => (
            <option key={a.id} value={a.id}>
              {a.places ? t("propose.adOption", { title: a.title, places: a.places }) : a.title}
            </option>
          ))}
        </select>
        <ErrorList id={fields.adId.errorId} errors={fields.adId.errors} ns={NS} />
      </div>
      <fieldset className="grid gap-1">
        <legend className="text-sm font-medium">{t("propose.mode")}</legend>
        {PROPOSAL_MODES.map((m) => (
          <label key={m} className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.mode, { type: "radio", value: m })}
              key={`${fields.mode.key}-${m}`}
              data-testid={`propose-mode-${m}`}
            />
            <span>
              {t(`modes.${m}`)}
              <span className="block text-xs text-muted-foreground">{t(`modeHints.${m}`)}</span>
            </span>
          </label>
        ))}
        <ErrorList id={fields.mode.errorId} errors={fields.mode.errors} ns={NS} />
      </fieldset>
      <div className="grid grid-cols-2 gap-3">
        <div className="grid gap-1">
          <Label htmlFor={fields.places.id}>{t("propose.places")}</Label>
          <Input
            {...getInputProps(fields.places, { type: "number" })}
            key={fields.places.key}
            min={1}
            max={maxPlaces}
            data-testid="propose-places"
          />
          <ErrorList id={fields.places.errorId} errors={fields.places.errors} ns={NS} />
        </div>
        <div className="grid gap-1">
          <Label htmlFor={fields.expiresOn.id}>{t("propose.expiresOn")}</Label>
          <Input
            {...getInputProps(fields.expiresOn, { type: "date" })}
            key={fields.expiresOn.key}
            min={now.toISOString().slice(0, 10)}
            max={maxExpiryDay(now)}
            data-testid="propose-expires"
          />
          <ErrorList id={fields.expiresOn.errorId} errors={fields.expiresOn.errors} ns={NS} />
        </div>
      </div>
      <div className="grid gap-1">
        <Label htmlFor={fields.message.id}>{t("propose.message")}</Label>
        <Textarea
          {...getTextareaProps(fields.message)}
          key={fields.message.key}
          rows={3}
          maxLength={PROPOSAL_MESSAGE_MAX}
          className="rounded-md border bg-background p-2 text-sm"
          data-testid="propose-message"
        />
        <ErrorList id={fields.message.errorId} errors={fields.message.errors} ns={NS} />
      </div>
    </>
  );
}
