import { Form } from "@remix-run/react";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceList } from "~/components/forms/choice-list";
import { PlaceField } from "~/components/forms/place-field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Input } from "~/components/ui/input";
import {
  AVAILABILITIES,
  CONTRACT_TYPES,
  criteriaSchema,
  INCOME_PERIODS,
  MAX_DESIRED_JOBS,
  MAX_PLACES,
  NOTICE_PERIODS,
  RADII,
  type NamedProfile,
} from "#server/modules/candidates/contract";
import { PROFESSIONS, SECTORS } from "#server/modules/reference/contract";
import type { ProfileReply } from "~/utils/profile.server";
import { Checks, CurrentValues, Errors, Field, SectionForm, Select, useProfileT } from "./fields";

/** Search criteria of one profile (main or named): what, where, when, how much. */
export function CriteriaForm({
  profile,
  version,
  reply,
}: {
  profile: NamedProfile;
  version: number;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const { t: tr, i18n } = useTranslation("reference");
  const values = profile.criteria;
  const [form, f] = useZodForm(criteriaSchema.omit({ places: true }), reply?.result, {
    id: `criteria-${profile.id}`,
    defaultValue: values ?? {},
    browserValidation: false,
  });
  const collator = useMemo(() => new Intl.Collator(i18n.language), [i18n.language]);
  const choices = useMemo(
    () =>
      PROFESSIONS.map((p) => ({ value: p.id, label: tr(`professions.${p.id}`), group: p.sector })).sort((a, b) =>
        collator.compare(a.label, b.label),
      ),
    [tr, collator],
  );
  const sectors = SECTORS.map((s) => ({ value: s, label: tr(`sectors.${s}`) }));
  const opts = (list: readonly (string | number)[], prefix: string) =>
    list.map((v) => ({ value: String(v), label: t(`${prefix}.${v}`) }));
  const errorsOf = (name: string) => reply?.result.error?.[name] ?? undefined;
  return (
    <SectionForm
      form={form as never}
      intent="criteria"
      version={version}
      saved={reply?.saved}
      hidden={{ profileId: profile.id }}
      conflict={
        reply?.conflict && (
          <CurrentValues values={values as Record<string, unknown> | null} label={(k) => t(`fields.${k}`)} />
        )
      }
    >
      <Checks label={t("fields.sectors")} meta={f.sectors} options={sectors} columns="sm:grid-cols-3" />
      <ChoiceList
        key={f.desiredJobs.key}
        meta={f.desiredJobs}
        label={t("fields.desiredJobs")}
        hint={t("hints.desiredJobs", { maxChoices: MAX_DESIRED_JOBS })}
        filterLabel={t("hints.filter")}
        choices={choices}
        groups={SECTORS.map((s) => ({ id: s, label: tr(`sectors.${s}`) }))}
        max={MAX_DESIRED_JOBS}
        errors={<Errors errors={f.desiredJobs.errors} />}
        testId="desired-jobs"
      />
      <div className="grid gap-4 sm:grid-cols-3">
        {Array.from({ length: MAX_PLACES }, (_, i) => (
          <PlaceField
            key={`${profile.id}-${i}-${version}`}
            name={`place${i}`}
            label={t("fields.placeN", { number: i + 1 })}
            defaultValue={values?.places?.[i]}
            errors={errorsOf(`place${i}`)}
            testId={`place${i}`}
          />
        ))}
        <Select
          label={t("fields.radiusKm")}
          meta={f.radiusKm}
          options={RADII.map((r) => ({ value: String(r), label: `${r} km` }))}
        />
        <Select
          label={t("fields.searchCountry")}
          meta={f.country}
          options={opts(["CH", "FR", "both"], "searchCountry")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label={t("fields.availability")} meta={f.availability} options={opts(AVAILABILITIES, "availability")} />
        <Field label={t("fields.availableFrom")} meta={f.availableFrom} type="date" />
        <Select label={t("fields.noticePeriod")} meta={f.noticePeriod} options={opts(NOTICE_PERIODS, "notice")} />
        <Select label={t("fields.contractType")} meta={f.contractType} options={opts(CONTRACT_TYPES, "contract")} />
        <Select
          label={t("fields.occupancyRate")}
          meta={f.occupancyRate}
          options={[10, 20, 30, 40, 50, 60, 70, 80, 90, 100].map((r) => ({ value: String(r), label: `${r}%` }))}
        />
        <div className="grid grid-cols-2 gap-2">
          <Field label={t("fields.income")} meta={f.income} type="number" hint={t("hints.gross")} />
          <Select
            label={t("fields.incomePeriod")}
            meta={f.incomePeriod}
            options={opts(INCOME_PERIODS, "incomePeriod")}
          />
        </div>
      </div>
    </SectionForm>
  );
}

/** The named profiles: choose one to edit, make it the default, remove it, or add one. */
export function NamedProfiles({
  profiles,
  selected,
  version,
  reply,
}: {
  profiles: NamedProfile[];
  selected: string;
  version: number;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const createErrors = reply?.intent === "profile-create" ? reply.result.error : undefined;
  return (
    <div className="grid gap-3" data-testid="named-profiles">
      <ul className="flex flex-wrap gap-2">
        {profiles.map((p) => (
          <li
            key={p.id}
            className={`flex items-center gap-2 rounded-md border px-3 py-1.5 text-sm ${p.id === selected ? "border-primary" : ""}`}
            data-testid="named-profile"
            data-default={p.isDefault}
          >
            <a href={`/mobility?p=${p.id}`} className={p.id === selected ? "font-semibold text-primary" : "underline"}>
              {p.name ?? t("profiles.main")}
            </a>
            {p.isDefault ? (
              <span className="text-xs text-muted-foreground">{t("profiles.default")}</span>
            ) : (
              <Form method="post" preventScrollReset className="flex gap-1">
                <input type="hidden" name="profileId" value={p.id} />
                <input type="hidden" name="version" value={version} />
                <SubmitButton
                  name="intent"
                  value="profile-default"
                  variant="ghost"
                  size="sm"
                  data-testid="make-default"
                >
                  {t("profiles.makeDefault")}
                </SubmitButton>
                {p.name !== null && (
                  <SubmitButton
                    name="intent"
                    value="profile-remove"
                    variant="ghost"
                    size="sm"
                    data-testid="remove-profile"
                  >
                    {t("remove")}
                  </SubmitButton>
                )}
              </Form>
            )}
          </li>
        ))}
      </ul>
      <Form
        method="post"
        preventScrollReset
        className="flex flex-wrap items-start gap-2"
        data-testid="form-profile-create"
      >
        <input type="hidden" name="version" value={version} />
        <Input
          name="name"
          aria-label={t("profiles.newName")}
          placeholder={t("profiles.newName")}
          className="max-w-xs"
          maxLength={60}
          data-testid="field-profile-name"
        />
        <SubmitButton name="intent" value="profile-create" variant="outline">
          {t("profiles.add")}
        </SubmitButton>
        <Errors errors={[...(createErrors?.name ?? []), ...(createErrors?.[""] ?? [])]} />
      </Form>
      {reply?.intent.startsWith("profile-") && reply.result.error?.[""] && reply.intent !== "profile-create" && (
        <Errors errors={reply.result.error[""]} />
      )}
    </div>
  );
}
