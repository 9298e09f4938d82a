import { useZodForm } from "~/components/forms/use-zod-form";
import {
  DATE_PRECISIONS,
  EXPERIENCE_TYPES,
  experienceSchema,
  trainingSchema,
  type ExperienceValues,
  type TrainingValues,
} from "#server/modules/candidates/contract";
import type { ProfileReply } from "~/utils/profile.server";
import { formatPeriod } from "~/utils/dates";
import { CurrentValues, Errors, Field, formKey, SectionForm, Select, useProfileT } from "./fields";
import { RemoveEntry } from "./sections";

type Entry<T> = { id: string; values: T };

/**
 * Trainings or experiences, each edited in place in its own form, removed with its own button,
 * and a last form to add one. A form's reply is its own (by entry id, "new" for the last).
 */
export function EntryList<T extends TrainingValues | ExperienceValues>({
  list,
  entries,
  version,
  reply,
}: {
  list: "training" | "experience";
  entries: Entry<T>[];
  version: number;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const replyFor = (id: string | null) =>
    reply && reply.intent === list && (reply.target === id || (id === null && reply.target === "main"))
      ? reply
      : undefined;
  return (
    <div className="grid gap-4" data-testid={`${list}-list`}>
      {reply?.intent === `${list}-remove` && <Errors errors={reply.result.error?.[""] ?? undefined} />}
      {entries.map((e) => (
        <div key={e.id} className="grid gap-2 rounded-md border p-4" data-testid={`${list}-entry`}>
          {list === "experience" && (
            <p className="text-sm font-medium" data-testid="experience-period">
              {formatPeriod(e.values as ExperienceValues)}
            </p>
          )}
          <EntryForm
            key={formKey(list, version, reply, e.id)}
            list={list}
            entry={e}
            version={version}
            reply={replyFor(e.id)}
          />
          <div className="justify-self-end">
            <RemoveEntry intent={`${list}-remove`} entryId={e.id} version={version} />
          </div>
        </div>
      ))}
      <div className="grid gap-2 rounded-md border border-dashed p-4" data-testid={`${list}-new`}>
        <h3 className="font-medium">{t(`${list}.add`)}</h3>
        <EntryForm
          key={formKey(list, version, reply, "main")}
          list={list}
          entry={null}
          version={version}
          reply={replyFor(null)}
        />
      </div>
    </div>
  );
}

function EntryForm<T>({
  list,
  entry,
  version,
  reply,
}: {
  list: "training" | "experience";
  entry: Entry<T> | null;
  version: number;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const id = entry?.id ?? "new";
  const hidden = entry ? { entryId: entry.id } : undefined;
  const conflict = reply?.conflict && (
    <CurrentValues values={entry?.values as Record<string, unknown> | null} label={(k) => t(`fields.${k}`)} />
  );
  const common = {
    intent: list,
    version,
    saved: reply?.saved && Boolean(entry),
    hidden,
    conflict,
    testId: `form-${list}-${id}`,
    submitLabel: entry ? t("save") : t("add"),
  };
  if (list === "training")
    return (
      <TrainingFields id={id} values={entry?.values as TrainingValues | undefined} reply={reply} common={common} />
    );
  return (
    <ExperienceFields id={id} values={entry?.values as ExperienceValues | undefined} reply={reply} common={common} />
  );
}

type Common = {
  intent: string;
  version: number;
  saved?: boolean;
  hidden?: Record<string, string>;
  conflict: React.ReactNode;
  testId: string;
  submitLabel: string;
};

function TrainingFields({
  id,
  values,
  reply,
  common,
}: {
  id: string;
  values?: TrainingValues;
  reply?: ProfileReply;
  common: Common;
}) {
  const { t } = useProfileT();
  const [form, f] = useZodForm(trainingSchema, reply?.result, {
    id: `training-${id}`,
    defaultValue: values ?? {},
    browserValidation: false,
  });
  return (
    <SectionForm form={form as never} {...common}>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t("fields.school")} meta={f.school} />
        <Field label={t("fields.diploma")} meta={f.diploma} />
        <Field label={t("fields.year")} meta={f.year} type="number" />
        <Field label={t("fields.result")} meta={f.result} />
        <Field label={t("fields.mention")} meta={f.mention} />
        <Field label={t("fields.media")} meta={f.media} type="url" />
      </div>
    </SectionForm>
  );
}

function ExperienceFields({
  id,
  values,
  reply,
  common,
}: {
  id: string;
  values?: ExperienceValues;
  reply?: ProfileReply;
  common: Common;
}) {
  const { t } = useProfileT();
  // a CV's "2019 – 2021" is kept as years (issue 27); no choice is a day
  const precisions = DATE_PRECISIONS.map((p) => ({ value: p, label: t(`precision.${p}`) }));
  const [form, f] = useZodForm(experienceSchema, reply?.result, {
    id: `experience-${id}`,
    defaultValue: values ?? {},
    browserValidation: false,
  });
  return (
    <SectionForm form={form as never} {...common}>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field label={t("fields.jobTitle")} meta={f.jobTitle} />
        <Select
          label={t("fields.type")}
          meta={f.type}
          options={EXPERIENCE_TYPES.map((x) => ({ value: x, label: t(`experienceType.${x}`) }))}
        />
        <Field label={t("fields.company")} meta={f.company} />
        <Field label={t("fields.place")} meta={f.place} />
        <Field label={t("fields.startDate")} meta={f.startDate} type="date" />
        <Field label={t("fields.endDate")} meta={f.endDate} type="date" />
        <Select label={t("fields.startPrecision")} meta={f.startPrecision} options={precisions} />
        <Select label={t("fields.endPrecision")} meta={f.endPrecision} options={precisions} />
      </div>
    </SectionForm>
  );
}
