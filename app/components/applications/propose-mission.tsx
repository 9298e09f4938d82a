import { getFormProps } from "@conform-to/react";
import { Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { defaultExpiryDay, proposeSchema } from "#server/modules/placements/contract";
import { ProposalFields } from "./proposal-fields";
import type { ProposalsReply } from "~/routes/_app+/candidatures_.propositions.server";

const NS = ["placements", "applications", "common"];

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
        <ProposalFields fields={fields} ads={choices} now={now} defaultAd={String(adId)} />
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
