import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { PageHeader } from "~/components/page-header";
import { PLACES_NS } from "~/components/forms/place-field";
import { AddressForm } from "~/components/profile/address-form";
import { CompletionCard, ProfileTabs } from "~/components/profile/completion";
import { formKey, useProfileT } from "~/components/profile/fields";
import { DataExportSection } from "~/components/profile/data-export";
import { IdentityForm } from "~/components/profile/identity-form";
import { CvSuggestionsPanel, IDENTITY_CV_FIELDS } from "~/components/profile/cv-suggestions";
import { latestCvParse, loadProfile, profileAction, type ProfileReply } from "~/utils/profile.server";
import { profileCompletion } from "#server/modules/candidates/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "profile", "cv", "export", PLACES_NS] };

/** /mes-informations: the candidate's identity and address, each section saved on its own, and the download of their data. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, profile, country } = await loadProfile(request, context);
  const registered = profile.identity ? null : await context.services.candidates.candidateProfile(user.id);
  // a first visit starts from what the account and the registration already know
  const identity = profile.identity ?? {
    firstName: user.firstName,
    lastName: user.lastName,
    birthDate: registered?.birthDate ?? undefined,
    licences: [],
  };
  const criteria = profile.profiles.find((p) => p.isDefault)?.criteria ?? null;
  return json({
    cv: await latestCvParse(context, user),
    email: user.email,
    country,
    identity,
    address: profile.address,
    versions: profile.versions,
    completion: profileCompletion({ ...profile, criteria }),
    dataExport: await context.services.privacy.myDataExport(user),
    exportOutcome:
      (["requested", "busy"] as const).find((o) => o === new URL(request.url).searchParams.get("export")) ?? null,
  });
}

export const action = profileAction;

export default function MyData() {
  const { t } = useProfileT();
  const { email, country, identity, address, versions, completion, cv, dataExport, exportOutcome } =
    useLoaderData<typeof loader>();
  const reply = useActionReply<ProfileReply>();
  const mine = (intent: string) => (reply?.intent === intent ? reply : undefined);
  return (
    <div className="grid max-w-5xl gap-6">
      <PageHeader title={t("pages.myData")} />
      <ProfileTabs current="/mes-informations" />
      <CompletionCard completion={completion} />
      <CvSuggestionsPanel parse={cv} reply={reply} fields={IDENTITY_CV_FIELDS} moreHref="/profil#cv-suggestions" />
      <section id="identity" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.identity")}</h2>
        <IdentityForm
          key={formKey("identity", versions.identity, reply)}
          values={identity as never}
          version={versions.identity ?? 0}
          country={country}
          email={email}
          reply={mine("identity")}
        />
      </section>
      <section id="address" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.address")}</h2>
        <AddressForm
          key={formKey("address", versions.address, reply)}
          values={address}
          version={versions.address ?? 0}
          country={country}
          reply={mine("address")}
        />
      </section>
      <DataExportSection dataExport={dataExport} outcome={exportOutcome} />
    </div>
  );
}
