import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { MarketingForm, NS, PreferencesForm } from "~/components/communication/preferences-form";
import { PushDevices } from "~/components/communication/push-devices";
import { PageHeader } from "~/components/page-header";
import { useActionReply } from "~/hooks/use-action-reply";
import type { CommunicationReply, loader } from "./communication.server";

export { action, loader } from "./communication.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "communication", "push"] };

/** /communication (issue 30, ADR 0047): how notices reach the person, the language of mails, marketing consent. */
export default function Communication() {
  const { t } = useTranslation(NS);
  const page = useLoaderData<typeof loader>();
  const reply = useActionReply<CommunicationReply>();
  const mine = (intent: CommunicationReply["intent"]) => (reply?.intent === intent ? reply : undefined);
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader title={t("title")} />
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      <PreferencesForm
        // a saved form is drawn again from the new version (its hidden version field included)
        key={`preferences-${page.version}`}
        kinds={page.kinds}
        channels={page.channels}
        mailLocale={page.mailLocale}
        version={page.version}
        reply={mine("preferences")?.saved ? undefined : mine("preferences")?.result}
        saved={Boolean(mine("preferences")?.saved)}
      />
      <PushDevices devices={page.push.devices} publicKey={page.push.publicKey} removed={page.push.removed} />
      <MarketingForm
        key={`marketing-${page.version}`}
        marketing={page.marketing}
        history={page.marketingHistory}
        reply={mine("marketing")?.saved ? undefined : mine("marketing")?.result}
        saved={Boolean(mine("marketing")?.saved)}
      />
    </div>
  );
}
