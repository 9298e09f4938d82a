import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { ProposalFields } from "~/components/applications/proposal-fields";
import { defaultExpiryDay, proposeSchema } from "#server/modules/placements/contract";

const NS = ["candidate-file", "placements", "applications", "common"];

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
      <ProposalFields fields={fields} ads={ads} now={now} />
      <SubmitButton name="intent" value="propose" size="sm" className="justify-self-start" data-testid="propose-submit">
        {t("placements:propose.submit")}
      </SubmitButton>
    </Form>
  );
}
