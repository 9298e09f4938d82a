import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import {
  aboutSchema,
  LANGUAGE_CODES,
  LANGUAGE_LEVELS,
  MAX_SKILLS,
  languagesSchema,
  skillsSchema,
  type AboutValues,
  type LanguagesValues,
  type ProfileChange,
} from "#server/modules/candidates/contract";
import type { ProfileReply } from "~/utils/profile.server";
import { formatDate } from "~/utils/dates";
import { Area, CurrentValues, Field, SectionForm, Select, useProfileT } from "./fields";

/** Languages with spoken and written levels and a remark; one empty row more to add one. */
export function LanguagesForm({
  values,
  version,
  reply,
}: {
  values: LanguagesValues["languages"];
  version: number;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language, "en"], { type: "language" });
  const [form, f] = useZodForm(languagesSchema, reply?.result, {
    id: "languages-form",
    defaultValue: { languages: [...values, {}] },
  });
  const levels = LANGUAGE_LEVELS.map((l) => ({ value: l, label: t(`levels.${l}`) }));
  return (
    <SectionForm
      form={form as never}
      intent="languages"
      version={version}
      saved={reply?.saved}
      conflict={
        reply?.conflict && (
          <CurrentValues values={{ languages: values.map((l) => l.code) }} label={(k) => t(`fields.${k}`)} />
        )
      }
    >
      {f.languages.getFieldList().map((row, i) => {
        const r = row.getFieldset();
        return (
          <div key={row.key} className="grid gap-3 sm:grid-cols-4" data-testid="language-row">
            <Select
              label={t("fields.language", { number: i + 1 })}
              meta={r.code}
              options={LANGUAGE_CODES.map((c) => ({ value: c, label: names.of(c) ?? c }))}
            />
            <Select label={t("fields.spoken")} meta={r.spoken} options={levels} />
            <Select label={t("fields.written")} meta={r.written} options={levels} />
            <Field label={t("fields.remark")} meta={r.remark} />
          </div>
        );
      })}
    </SectionForm>
  );
}

export function AboutForm({
  values,
  version,
  reply,
}: {
  values: AboutValues | null;
  version: number;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const [form, f] = useZodForm(aboutSchema, reply?.result, {
    id: "about-form",
    defaultValue: values ?? {},
    browserValidation: false,
  });
  return (
    <SectionForm
      form={form as never}
      intent="about"
      version={version}
      saved={reply?.saved}
      conflict={reply?.conflict && <CurrentValues values={values} label={(k) => t(`fields.${k}`)} />}
    >
      <Area label={t("fields.aboutMe")} meta={f.aboutMe} rows={5} />
      <Area label={t("fields.hobbies")} meta={f.hobbies} rows={2} />
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t("fields.linkedin")} meta={f.linkedin} type="url" />
        <Field label={t("fields.website")} meta={f.website} type="url" />
        <Field label={t("fields.otherUrl")} meta={f.otherUrl} type="url" />
      </div>
      <Area label={t("fields.certifications")} meta={f.certifications} rows={3} />
    </SectionForm>
  );
}

/** Skills (issue 27): the profile's own list, one per line, shown as tags once saved. */
export function SkillsForm({ values, version, reply }: { values: string[]; version: number; reply?: ProfileReply }) {
  const { t } = useProfileT();
  const [form, f] = useZodForm(skillsSchema, reply?.result, {
    id: "skills-form",
    defaultValue: { skills: values.join("\n") },
    browserValidation: false,
  });
  return (
    <SectionForm form={form as never} intent="skills" version={version} saved={reply?.saved}>
      {values.length > 0 && (
        <ul className="flex flex-wrap gap-1.5" data-testid="profile-skills">
          {values.map((skill) => (
            <li key={skill} className="rounded-full border px-2 py-0.5 text-xs">
              {skill}
            </li>
          ))}
        </ul>
      )}
      <Area label={t("fields.skills")} meta={f.skills} rows={6} />
      <p className="text-xs text-muted-foreground">{t("hints.skills", { maxSkills: MAX_SKILLS })}</p>
    </SectionForm>
  );
}

/** The profile's change history: when, which part, which fields (the values stay on the profile). */
export function History({ changes }: { changes: ProfileChange[] }) {
  const { t } = useProfileT();
  if (changes.length === 0) return <p className="text-sm text-muted-foreground">{t("history.empty")}</p>;
  return (
    <ol className="grid gap-1 text-sm" data-testid="profile-history">
      {changes.map((c, i) => (
        <li key={`${c.at}-${i}`} className="flex flex-wrap gap-x-2" data-testid="history-entry" data-type={c.type}>
          <span className="text-muted-foreground">
            {formatDate(c.at)} {c.at.slice(11, 16)}
          </span>
          <span className="font-medium">{t(`history.events.${c.type}`)}</span>
          {c.fields.length > 0 && <span>{c.fields.map((k) => t(`fields.${k}`)).join(", ")}</span>}
          {c.erased && <span className="text-muted-foreground">{t("history.erased")}</span>}
        </li>
      ))}
    </ol>
  );
}

/** A remove button for an entry (its own small form). */
export function RemoveEntry({ intent, entryId, version }: { intent: string; entryId: string; version: number }) {
  const { t } = useProfileT();
  return (
    <Form method="post" preventScrollReset>
      <input type="hidden" name="entryId" value={entryId} />
      <input type="hidden" name="version" value={version} />
      <SubmitButton name="intent" value={intent} variant="ghost" size="sm" data-testid={intent}>
        {t("remove")}
      </SubmitButton>
    </Form>
  );
}
