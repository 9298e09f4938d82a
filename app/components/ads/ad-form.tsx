import { getFormProps, getInputProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useHydrated } from "~/hooks/use-hydrated";
import { getZodConstraint } from "@conform-to/zod";
import { Form, Link } from "@remix-run/react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import { ErrorList } from "~/components/forms/field";
import { PlaceField } from "~/components/forms/place-field";
import { Button } from "~/components/ui/button";
import {
  AD_LANGUAGES,
  COMMITMENTS,
  CONTRACTS,
  JOB_TYPES,
  SALARY_PERIODS,
  adFormSchema,
  currencyOf,
  type AdState,
} from "#server/modules/missions/contract";
import { PROFESSIONS, SECTORS } from "#server/modules/reference/contract";
import { parseAdFormData, type AdIntent } from "./ad-form-schema";
import { JobBoardsSection } from "./ad-form-boards";
import { ADS_NS, InputField, Radios, Section, Select, type Option } from "./fields";
import { ImageField } from "./image-field";
import { ClientAndOrderFields, type OrderOption } from "./order-field";
import { QuestionsField } from "./questions-field";
import { RichTextEditor } from "./rich-text-editor";
import { SubmitButton } from "~/components/submit-button";

export interface AdFormOptions {
  branches: { id: string; name: string }[];
  clients: { id: string; name: string }[];
  contacts: { id: string; name: string }[];
  /** a new ad's form lists the chosen client's; an ad's, those of its client */
  orders: OrderOption[];
}

export interface AdFormProps {
  /** a new ad's form: the key that makes a retried submit create it once */
  idempotencyKey?: string;
  /** the form's values: an ad's (edit) or the defaults (create) */
  defaultValue: Record<string, unknown>;
  lastResult?: SubmissionResult<string[]> | null;
  image: { id: string; url: string } | null;
  place: { id: string; label: string } | null;
  options: AdFormOptions;
  /** agency staff: branch and client choices, and the publish button */
  staff: boolean;
  /** staff choose the branch and client of a new ad; an ad keeps its own (shown) */
  owner: "choose" | { branchName: string | null; clientName: string | null };
  /** edit: the ad's state (which buttons make sense); create: null */
  state: AdState | null;
  cancelTo: string;
}

/** The schema's fields and those the route reads itself (owner, image). */
type AdFormShape = z.input<typeof adFormSchema> & {
  branchId?: string;
  clientId?: string;
  image?: string;
  imageId?: string;
};

const byValue = (values: readonly string[], label: (v: string) => string): Option[] =>
  values.map((value) => ({ value, label: label(value) }));

/**
 * The ad form, shared by /creer-une-annonce and /mes-annonces/{id}/modifier: every field of
 * AdFields, checked with the same schema in the browser and on the server; multipart for the
 * cover image; works without JavaScript (then the description is plain text, all professions
 * are listed by sector, all five question rows and every job board show).
 */
export function AdForm({
  defaultValue,
  lastResult,
  image,
  place,
  options,
  staff,
  owner,
  state,
  cancelTo,
  idempotencyKey,
}: AdFormProps) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const [form, fields] = useForm<AdFormShape, unknown, string[]>({
    id: "ad-form",
    lastResult,
    defaultValue: defaultValue as never,
    constraint: getZodConstraint(adFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseAdFormData(formData),
  });
  const hydrated = useHydrated();
  const initial = (name: string) => {
    const v = (lastResult?.initialValue as Record<string, unknown> | null | undefined)?.[name] ?? defaultValue[name];
    return typeof v === "string" ? v : "";
  };
  const [sector, setSector] = useState(initial("sectorId"));
  const [profession, setProfession] = useState(initial("professionId"));
  const [country, setCountry] = useState(initial("country") || "CH");
  const [commitment, setCommitment] = useState(initial("commitment"));

  const sectorLabel = (s: string) => t(`sectors.${s}`);
  const professionOption = (id: string): Option => ({ value: id, label: t(`professions.${id}`) });
  // with JavaScript only the chosen sector's professions; without, all of them by sector
  const professionGroups = SECTORS.filter((s) => !hydrated || s === sector).map((s) => ({
    label: sectorLabel(s),
    options: PROFESSIONS.filter((p) => p.sector === s).map((p) => professionOption(p.id)),
  }));
  const currency = currencyOf(country);
  const chosenBoards = (() => {
    const v =
      (lastResult?.initialValue as Record<string, unknown> | null | undefined)?.jobBoards ?? defaultValue.jobBoards;
    return Array.isArray(v) ? v.map(String) : typeof v === "string" ? [v] : [];
  })();

  const intents: { intent: AdIntent; label: string; variant?: "outline" }[] = !staff
    ? [{ intent: "propose", label: t(state ? "form.submitProposeEdit" : "form.submitPropose") }]
    : state === "online"
      ? [{ intent: "draft", label: t("form.submitSave") }]
      : [
          { intent: "draft", label: t(state ? "form.submitSave" : "form.submitDraft"), variant: "outline" },
          { intent: "publish", label: t(state ? "form.submitSavePublish" : "form.submitPublish") },
        ];

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-6"
      data-testid="ad-form"
    >
      {idempotencyKey && <input type="hidden" name="idempotencyKey" value={idempotencyKey} />}
      {!staff && (
        <p
          className="rounded-md border border-primary/40 bg-primary/5 p-4 text-sm"
          role="note"
          data-testid="review-note"
        >
          {t("form.reviewNote")}
        </p>
      )}
      <ErrorList id={form.errorId} errors={form.errors} />

      <Section title={t("form.sections.job")} testId="section-job">
        <InputField label={t("form.title")} meta={fields.title} maxLength={120} />
        <InputField
          label={t("form.qualification")}
          meta={fields.qualification}
          maxLength={200}
          hint={t("form.qualificationHint")}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Select
            label={t("form.sector")}
            meta={fields.sectorId}
            placeholder={t("form.choose")}
            options={SECTORS.map((s) => ({ value: s, label: sectorLabel(s) }))}
            value={hydrated ? sector : undefined}
            onChange={(v) => {
              setSector(v);
              if (!PROFESSIONS.some((p) => p.id === profession && p.sector === v)) setProfession("");
            }}
          />
          <Select
            label={t("form.profession")}
            meta={fields.professionId}
            placeholder={t("form.choose")}
            groups={professionGroups}
            value={hydrated ? profession : undefined}
            onChange={setProfession}
          />
          <Select
            label={t("form.jobType")}
            meta={fields.jobType}
            options={byValue(JOB_TYPES, (v) => t(`jobTypes.${v}`))}
          />
          <Select
            label={t("form.contract")}
            meta={fields.contract}
            options={byValue(CONTRACTS, (v) => t(`contracts.${v}`))}
          />
          <Select
            label={t("form.language")}
            meta={fields.language}
            options={byValue(AD_LANGUAGES, (v) => t(`languages.${v}`))}
          />
        </div>
      </Section>

      <Section title={t("form.sections.description")} testId="section-description">
        <RichTextEditor meta={fields.description} label={t("form.description")} />
      </Section>

      <Section title={t("form.sections.conditions")} testId="section-conditions">
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField
            label={t("form.activityRateMin")}
            meta={fields.activityRateMin}
            type="number"
            min={10}
            max={100}
            step={5}
          />
          <InputField
            label={t("form.activityRateMax")}
            meta={fields.activityRateMax}
            type="number"
            min={10}
            max={100}
            step={5}
          />
          <InputField label={t("form.places")} meta={fields.places} type="number" min={1} max={999} />
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField label={t("form.salaryMin", { currency })} meta={fields.salaryMin} inputMode="decimal" />
          <InputField label={t("form.salaryMax", { currency })} meta={fields.salaryMax} inputMode="decimal" />
          <Select
            label={t("form.salaryPeriod")}
            meta={fields.salaryPeriod}
            options={byValue(SALARY_PERIODS, (v) => t(`salaryPeriods.${v}`))}
          />
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            {...getInputProps(fields.hideSalary, { type: "checkbox" })}
            key={fields.hideSalary.key}
            data-testid="field-hideSalary"
          />
          {t("form.hideSalary")}
        </label>
        <div className="grid gap-4 sm:grid-cols-2">
          <Radios
            label={t("form.commitment")}
            meta={fields.commitment}
            options={byValue(COMMITMENTS, (v) => t(`commitments.${v}`))}
            value={hydrated ? commitment : undefined}
            onChange={setCommitment}
          />
          {(!hydrated || commitment === "date") && (
            <InputField
              label={t("form.commitmentDate")}
              meta={fields.commitmentDate}
              type="date"
              hint={hydrated ? undefined : t("form.commitmentDateHint")}
            />
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-3">
          <InputField label={t("form.endDate")} meta={fields.endDate} type="date" hint={t("form.endDateHint")} />
          <InputField
            label={t("form.slots")}
            meta={fields.slots}
            maxLength={500}
            placeholder={t("form.slotsPlaceholder")}
          />
          <InputField
            label={t("form.duration")}
            meta={fields.duration}
            maxLength={120}
            placeholder={t("form.durationPlaceholder")}
          />
        </div>
      </Section>

      <Section title={t("form.sections.place")} testId="section-place">
        <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
          <Select
            label={t("fields.country")}
            meta={fields.country}
            options={byValue(["CH", "FR"], (v) => t(`countries.${v}`))}
            value={hydrated ? country : undefined}
            onChange={setCountry}
          />
          <PlaceField
            // another country's place cannot stay chosen
            key={hydrated ? country : "ssr"}
            name="place"
            label={t("form.place")}
            country={hydrated ? (country as "CH" | "FR") : undefined}
            defaultValue={country === (initial("country") || "CH") && place ? place : undefined}
            errors={[...(fields.placeText.errors ?? []), ...(fields.placeId.errors ?? [])]}
            placeholder={t("form.placePlaceholder")}
            testId="place"
          />
        </div>
      </Section>

      <Section title={t("form.sections.organisation")} testId="section-organisation">
        <div className="grid gap-4 sm:grid-cols-2">
          {staff && owner !== "choose" && (
            <dl className="grid gap-1 text-sm sm:col-span-2" data-testid="owner">
              <div className="flex gap-2">
                <dt className="text-muted-foreground">{t("form.branch")} :</dt>
                <dd>{owner.branchName ?? t("common.empty")}</dd>
              </div>
              <div className="flex gap-2">
                <dt className="text-muted-foreground">{t("form.client")} :</dt>
                <dd>{owner.clientName ?? t("common.empty")}</dd>
              </div>
            </dl>
          )}
          {staff && owner === "choose" ? (
            <>
              <Select
                label={t("form.branch")}
                meta={fields.branchId}
                placeholder={t("form.none")}
                options={options.branches.map((b) => ({ value: b.id, label: b.name }))}
              />
              <ClientAndOrderFields
                clientMeta={fields.clientId}
                orderMeta={fields.orderId}
                clients={options.clients}
                orders={options.orders}
                initialClient={initial("clientId")}
                initialOrder={initial("orderId")}
              />
            </>
          ) : (
            <Select
              label={t("form.order")}
              meta={fields.orderId}
              placeholder={t("form.none")}
              options={options.orders.map((o) => ({ value: o.id, label: o.name }))}
            />
          )}
          <Select
            label={t("form.contact")}
            meta={fields.contactId}
            placeholder={staff ? t("form.contactMe") : t("form.none")}
            options={options.contacts.map((c) => ({ value: c.id, label: c.name }))}
          />
          <InputField
            label={t("form.internalId")}
            meta={fields.internalId}
            maxLength={60}
            hint={t("form.internalIdHint")}
          />
        </div>
      </Section>

      <Section title={t("form.sections.questions")} testId="section-questions">
        <QuestionsField meta={fields.questions} />
      </Section>

      <Section title={t("form.sections.image")} testId="section-image">
        <ImageField meta={fields.image} removeMeta={fields.removeImage} current={image} />
      </Section>

      <JobBoardsSection meta={fields.jobBoards} country={country} chosen={chosenBoards} />

      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button asChild variant="ghost">
          <Link to={cancelTo}>{t("actions.cancel")}</Link>
        </Button>
        {intents.map((i) => (
          <SubmitButton
            key={i.intent}
            name="intent"
            value={i.intent}
            variant={i.variant}
            pendingLabel={t("form.saving")}
            data-testid={`submit-${i.intent}`}
          >
            {i.label}
          </SubmitButton>
        ))}
      </div>
    </Form>
  );
}
