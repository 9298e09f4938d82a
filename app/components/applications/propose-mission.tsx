import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusNotice } from "~/components/status-notice";
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
import type { ProposalsReply } from "~/routes/_app+/candidatures_.propositions.server";

const NS = ["placements", "applications", "common"];
const selectClass =
  "h-9 rounded-md border border-input bg-background px-2 text-sm aria-[invalid=true]:border-destructive";

/**
 * "Propose a mission" on an application's details: its ad by default, or another of the
 * agency's online ads. The form posts to /candidatures/propositions (without JavaScript the
 * browser lands there with the outcome); with it, the reply stays here and the other ads load.
 */
export function ProposeMission({
  applicationId,
  adId,
  adTitle,
}: {
  applicationId: string;
  adId: number;
  adTitle: string;
}) {
  const { t } = useTranslation(NS);
  const ads = useFetcher<{ ads: { id: number; title: string; places: number }[] }>();
  const submit = useFetcher<ProposalsReply>();
  const reply = submit.data?.intent === "propose" ? submit.data : undefined;
  const [now] = useState(() => new Date());
  const [form, fields] = useZodForm(proposeSchema, reply?.result, {
    id: `propose-${applicationId}`,
    defaultValue: { adId: String(adId), mode: "first", places: "1", expiresOn: defaultExpiryDay(now) },
    browserValidation: false,
  });
  useEffect(() => {
    if (ads.state === "idle" && !ads.data) ads.load("/candidatures/propositions/annonces");
  }, [ads]);
  const choices = ads.data?.ads.some((a) => a.id === adId)
    ? ads.data.ads
    : [{ id: adId, title: adTitle, places: 0 }, ...(ads.data?.ads ?? [])];
  const [chosenAd, setChosenAd] = useState(String(adId));
  const maxPlaces = choices.find((a) => String(a.id) === chosenAd)?.places || undefined;

  return (
    <section className="card-surface grid gap-3 p-5" aria-labelledby="propose-heading" data-testid="propose-mission">
      <h2 id="propose-heading" className="font-semibold">
        {t("propose.title")}
      </h2>
      <p className="text-xs text-muted-foreground">{t("propose.hint")}</p>
      {reply?.proposalId && (
        <StatusNotice tone="success" testId="proposal-sent">
          {t("propose.sent")}{" "}
          <Link to="/candidatures/propositions" className="underline">
            {t("propose.open")}
          </Link>
        </StatusNotice>
      )}
      <submit.Form method="post" action="/candidatures/propositions" {...getFormProps(form)} className="grid gap-3">
        <input type="hidden" name="intent" value="propose" />
        <input type="hidden" name="applicationId" value={applicationId} />
        <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
        <div className="grid gap-1">
          <Label htmlFor={fields.adId.id}>{t("propose.ad")}</Label>
          <select
            {...getSelectProps(fields.adId)}
            key={fields.adId.key}
            className={selectClass}
            onChange={(e) => setChosenAd(e.target.value)}
            data-testid="propose-ad"
          >
            {choices.map((a) => (
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
        <SubmitButton
          size="sm"
          className="justify-self-start"
          pending={submit.state !== "idle"}
          data-testid="propose-submit"
        >
          {t("propose.submit")}
        </SubmitButton>
      </submit.Form>
    </section>
  );
}
