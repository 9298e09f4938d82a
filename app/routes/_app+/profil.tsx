import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { PageHeader } from "~/components/page-header";
import { CompletionCard, ProfileTabs } from "~/components/profile/completion";
import { EntryList } from "~/components/profile/entries";
import { formKey, useProfileT } from "~/components/profile/fields";
import { LibraryVisibilityForm } from "~/components/profile/library-visibility-form";
import { AboutForm, History, LanguagesForm, SkillsForm } from "~/components/profile/sections";
import { CvSuggestionsPanel } from "~/components/profile/cv-suggestions";
import { latestCvParse, loadProfile, profileAction, type ProfileReply } from "~/utils/profile.server";
import { profileCompletion } from "#server/modules/candidates/contract";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "profile", "cv"] };

/**
 * /profil: languages, skills, about me (hobbies, social URLs, certifications), trainings and
 * experiences edited in place, notification preferences, and the profile's change history.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { user, profile } = await loadProfile(request, context);
  const [history, cv] = await Promise.all([
    context.services.candidates.myProfileHistory(user),
    latestCvParse(context, user),
  ]);
  const criteria = profile.profiles.find((p) => p.isDefault)?.criteria ?? null;
  const { identity: _i, address: _a, profiles: _p, ...rest } = profile;
  return json({ ...rest, history, cv, completion: profileCompletion({ ...profile, criteria }) });
}

export const action = profileAction;

export default function Profile() {
  const { t } = useProfileT();
  const { languages, skills, about, trainings, experiences, libraryVisibility, versions, history, completion, cv } =
    useLoaderData<typeof loader>();
  const reply = useActionReply<ProfileReply>();
  const mine = (intent: string) => (reply?.intent === intent ? reply : undefined);
  const listReply = (list: string) =>
    reply?.intent === list || reply?.intent === `${list}-remove` ? reply : undefined;
  return (
    <div className="grid max-w-5xl gap-6">
      <PageHeader title={t("pages.profile")} />
      <ProfileTabs current="/profil" />
      <CompletionCard completion={completion} />
      <CvSuggestionsPanel parse={cv} reply={reply} />
      <section id="languages" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.languages")}</h2>
        <LanguagesForm
          key={formKey("languages", versions.languages, reply)}
          values={languages}
          version={versions.languages ?? 0}
          reply={mine("languages")}
        />
      </section>
      <section id="skills" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.skills")}</h2>
        <SkillsForm
          key={formKey("skills", versions.skills, reply)}
          values={skills}
          version={versions.skills ?? 0}
          reply={mine("skills")}
        />
      </section>
      <section id="training" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.training")}</h2>
        <EntryList list="training" entries={trainings} version={versions.training ?? 0} reply={listReply("training")} />
      </section>
      <section id="experience" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.experience")}</h2>
        <EntryList
          list="experience"
          entries={experiences}
          version={versions.experience ?? 0}
          reply={listReply("experience")}
        />
      </section>
      <section id="about" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.about")}</h2>
        <AboutForm
          key={formKey("about", versions.about, reply)}
          values={about}
          version={versions.about ?? 0}
          reply={mine("about")}
        />
      </section>
      <section id="notifications" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.notifications")}</h2>
        {/* the choices moved to /communication (issue 30): one place for every role */}
        <p className="text-sm text-muted-foreground">
          {t("notifications.moved")}{" "}
          <Link to="/communication" className="text-primary underline" data-testid="profile-communication-link">
            {t("notifications.open")}
          </Link>
        </p>
      </section>
      <section id="library" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("parts.library")}</h2>
        <LibraryVisibilityForm
          key={formKey("library", versions.library, reply)}
          value={libraryVisibility}
          version={versions.library ?? 0}
          reply={mine("library")}
        />
      </section>
      <section id="history" className="card-surface grid gap-4 p-6">
        <h2 className="text-lg font-semibold">{t("history.title")}</h2>
        <History changes={history} />
      </section>
    </div>
  );
}
