import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { PageHeader } from "~/components/page-header";
import { LibraryVisibilityForm } from "~/components/profile/library-visibility-form";
import { TalentPoolForm } from "~/components/profile/talent-pool-form";
import { useProfileT } from "~/components/profile/fields";
import { useActionReply } from "~/hooks/use-action-reply";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { profileAction, type ProfileReply } from "~/utils/profile.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "profile"] };

/**
 * /parametres/consentements (issue 30): what the candidate agreed to, changed here (the profile's
 * own commands: one place for the rule, two forms), and the history read from the event log.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "candidate.space");
  return json(await context.services.candidates.myConsents(user));
}

export const action = profileAction;

export default function Consents() {
  const { t } = useProfileT();
  const { talentPool, libraryVisibility, versions, history } = useLoaderData<typeof loader>();
  const reply = useActionReply<ProfileReply>();
  return (
    <div className="grid max-w-2xl gap-6">
      <PageHeader title={t("consents.title")} />
      <section className="card-surface grid gap-3 p-6">
        <h2 className="text-lg font-semibold">{t("consents.talentPool.title")}</h2>
        <p className="text-sm text-muted-foreground">{t("consents.talentPool.explain")}</p>
        <TalentPoolForm
          value={talentPool}
          version={versions.talentPool}
          reply={reply?.intent === "talentPool" ? reply : undefined}
        />
      </section>
      <section className="card-surface grid gap-3 p-6">
        <h2 className="text-lg font-semibold">{t("consents.library")}</h2>
        <LibraryVisibilityForm
          value={libraryVisibility}
          version={versions.library}
          reply={reply?.intent === "library" ? reply : undefined}
        />
      </section>
      <section className="card-surface grid gap-2 p-6">
        <h2 className="text-lg font-semibold">{t("consents.marketing")}</h2>
        <Link to="/communication" className="text-sm text-primary underline" data-testid="consents-communication">
          {t("menu.communication")}
        </Link>
      </section>
      <section className="card-surface grid gap-2 p-6">
        <h2 className="text-lg font-semibold">{t("consents.history.title")}</h2>
        {history.length === 0 && <p className="text-sm text-muted-foreground">{t("consents.history.empty")}</p>}
        <ul className="grid gap-1 text-sm" data-testid="consent-history">
          {history.map((h, i) => (
            <li key={i} data-testid="consent-change" data-consent={h.consent} data-value={h.value}>
              {formatDate(h.at)} ·{" "}
              {h.consent === "talentPool"
                ? t(`consents.talentPool.${h.value}`)
                : `${t("consents.library")}: ${t(`library.options.${h.value}`)}`}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
