import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { PageHeader } from "~/components/page-header";
import { PLACES_NS } from "~/components/forms/place-field";
import { CompletionCard, ProfileTabs } from "~/components/profile/completion";
import { CriteriaForm, NamedProfiles } from "~/components/profile/criteria-form";
import { formKey, useProfileT } from "~/components/profile/fields";
import { loadProfile, profileAction, type ProfileReply } from "~/utils/profile.server";
import { profileCompletion } from "#server/modules/candidates/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "profile", "reference", PLACES_NS] };

/** /mobility: the search criteria of the main profile and of the named ones, one default. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { profile } = await loadProfile(request, context);
  const wanted = new URL(request.url).searchParams.get("p");
  const selected =
    profile.profiles.find((p) => p.id === wanted) ?? profile.profiles.find((p) => p.isDefault) ?? profile.profiles[0]!;
  const criteria = profile.profiles.find((p) => p.isDefault)?.criteria ?? null;
  return json({
    profiles: profile.profiles,
    selected,
    versions: profile.versions,
    completion: profileCompletion({ ...profile, criteria }),
  });
}

export const action = profileAction;

export default function Mobility() {
  const { t } = useProfileT();
  const { profiles, selected, versions, completion } = useLoaderData<typeof loader>();
  const reply = useActionReply<ProfileReply>();
  const version = versions[`criteria:${selected.id}`] ?? 0;
  return (
    <div className="grid max-w-5xl gap-6">
      <PageHeader title={t("pages.mobility")} />
      <ProfileTabs current="/mobility" />
      <CompletionCard completion={completion} />
      <section className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("profiles.title")}</h2>
        <NamedProfiles
          profiles={profiles}
          selected={selected.id}
          version={versions.profiles ?? 0}
          reply={reply?.intent.startsWith("profile-") ? reply : undefined}
        />
      </section>
      <section id="criteria" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">
          {t("parts.criteria")} · {selected.name ?? t("profiles.main")}
        </h2>
        <CriteriaForm
          key={formKey("criteria", version, reply, selected.id)}
          profile={selected}
          version={version}
          reply={reply?.intent === "criteria" && reply.target === selected.id ? reply : undefined}
        />
      </section>
    </div>
  );
}
