import { useTranslation } from "react-i18next";
import { useZodForm } from "~/components/forms/use-zod-form";
import {
  CIVILITIES,
  identitySchema,
  LICENCES,
  MARITAL_STATUSES,
  NATIONALITIES,
  TRANSPORTS,
  WORK_PERMITS,
  formatIban,
  type IdentityValues,
  type ProfileCountry,
} from "#server/modules/candidates/contract";
import type { ProfileReply } from "~/utils/profile.server";
import { Check, Checks, CurrentValues, Field, SectionForm, Select, useProfileT } from "./fields";

/** Country names in the person's language (ISO codes in the data). */
export function useRegionNames() {
  const { i18n } = useTranslation();
  const names = new Intl.DisplayNames([i18n.language, "en"], { type: "region" });
  return (code: string) => names.of(code) ?? code;
}

/**
 * Identity, as a person fills it in: who, contact, family, Swiss or French social and bank
 * details, mobility, permit. The Swiss variant asks the AVS number and tax at source.
 */
export function IdentityForm({
  values,
  version,
  country,
  email,
  reply,
}: {
  values: IdentityValues | null;
  version: number;
  country: ProfileCountry;
  email: string;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const regionName = useRegionNames();
  const schema = identitySchema(country);
  const defaultValue = { ...values, iban: values?.iban ? formatIban(values.iban) : undefined };
  const [form, f] = useZodForm(schema, reply?.result, { id: "identity-form", defaultValue, browserValidation: false });
  const opts = (values: readonly string[], prefix: string) =>
    values.map((v) => ({ value: v, label: t(`${prefix}.${v}`) }));
  return (
    <SectionForm
      form={form as never}
      intent="identity"
      version={version}
      saved={reply?.saved}
      conflict={reply?.conflict && <CurrentValues values={values} label={(k) => t(`fields.${k}`)} />}
    >
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label={t("fields.civility")} meta={f.civility} options={opts(CIVILITIES, "civility")} />
        <Field label={t("fields.firstName")} meta={f.firstName} />
        <Field label={t("fields.lastName")} meta={f.lastName} />
        <Field label={t("fields.maidenName")} meta={f.maidenName} />
        <Field label={t("fields.birthDate")} meta={f.birthDate} type="date" />
        <Select
          label={t("fields.nationality")}
          meta={f.nationality}
          options={NATIONALITIES.map((c) => ({ value: c, label: regionName(c) }))}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Field label={t("fields.phone")} meta={f.phone} type="tel" hint={t("hints.phone")} />
        <Field label={t("fields.emergencyPhone")} meta={f.emergencyPhone} type="tel" />
        <div className="grid content-start gap-1.5">
          <span className="text-sm font-medium">{t("fields.email")}</span>
          <p className="flex h-10 items-center text-sm" data-testid="profile-email">
            {email}
          </p>
          <a href="/parametres" className="text-xs text-primary underline">
            {t("hints.emailOnSecurity")}
          </a>
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label={t("fields.maritalStatus")} meta={f.maritalStatus} options={opts(MARITAL_STATUSES, "marital")} />
        <Field label={t("fields.fatherName")} meta={f.fatherName} />
        <Field label={t("fields.motherName")} meta={f.motherName} />
        <Field label={t("fields.dependentChildren")} meta={f.dependentChildren} type="number" />
        <div className="grid content-end pb-2">
          <Check label={t("fields.familyAllowance")} meta={f.familyAllowance} />
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-3" data-testid={`variant-${country}`}>
        {country === "CH" && <Field label={t("fields.avsNumber")} meta={f.avsNumber} hint={t("hints.avs")} />}
        {country === "CH" && (
          <div className="grid content-end pb-2">
            <Check label={t("fields.taxAtSource")} meta={f.taxAtSource} />
          </div>
        )}
        <Field label={t("fields.iban")} meta={f.iban} hint={t("hints.iban")} />
        <Field label={t("fields.bankName")} meta={f.bankName} />
        <Field
          label={t(country === "CH" ? "fields.unemploymentFundCH" : "fields.unemploymentFundFR")}
          meta={f.unemploymentFund}
        />
        <Select
          label={t("fields.criminalRecord")}
          meta={f.criminalRecord}
          options={opts(["clean", "entries"], "criminalRecord")}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label={t("fields.transport")} meta={f.transport} options={opts(TRANSPORTS, "transport")} />
        <Select
          label={t(country === "CH" ? "fields.workPermitCH" : "fields.workPermitFR")}
          meta={f.workPermit}
          options={opts(WORK_PERMITS[country], "permits")}
        />
        <Field label={t("fields.medicalVisitDate")} meta={f.medicalVisitDate} type="date" />
      </div>
      <Checks
        label={t("fields.licences")}
        meta={f.licences}
        options={opts(LICENCES, "licences")}
        columns="sm:grid-cols-6"
      />
    </SectionForm>
  );
}
