import { useZodForm } from "~/components/forms/use-zod-form";
import { PlaceField } from "~/components/forms/place-field";
import {
  addressSchema,
  PROFILE_COUNTRIES,
  type AddressValues,
  type ProfileCountry,
} from "#server/modules/candidates/contract";
import type { ProfileReply } from "~/utils/profile.server";
import { CurrentValues, Field, SectionForm, Select, useProfileT } from "./fields";

/**
 * The address: street and additional line, then the locality from the real locality data (the
 * postal code, NPA in Switzerland, and the canton or the department and region come with it).
 */
export function AddressForm({
  values,
  version,
  country,
  reply,
}: {
  values: AddressValues | null;
  version: number;
  country: ProfileCountry;
  reply?: ProfileReply;
}) {
  const { t } = useProfileT();
  const schema = addressSchema.pick({ street: true, additional: true, country: true });
  const [form, f] = useZodForm(schema, reply?.result, {
    id: "address-form",
    defaultValue: { country, ...values },
    browserValidation: false,
  });
  const placeErrors = (reply?.result.error?.locality as string[] | undefined) ?? undefined;
  const chosen = values?.localityId
    ? { id: values.localityId, label: `${values.city} (${values.postalCode})` }
    : undefined;
  return (
    <SectionForm
      form={form as never}
      intent="address"
      version={version}
      saved={reply?.saved}
      conflict={reply?.conflict && <CurrentValues values={values} label={(k) => t(`fields.${k}`)} />}
    >
      <div className="grid gap-4 sm:grid-cols-2">
        <Field label={t("fields.street")} meta={f.street} />
        <Field label={t("fields.additional")} meta={f.additional} />
        <Select
          label={t("fields.country")}
          meta={f.country}
          options={PROFILE_COUNTRIES.map((c) => ({ value: c, label: t(`countries.${c}`) }))}
        />
        <PlaceField
          key={`${values?.localityId}-${version}`}
          name="locality"
          label={t(country === "CH" ? "fields.localityCH" : "fields.localityFR")}
          defaultValue={chosen}
          country={country}
          errors={placeErrors}
          testId="locality"
        />
      </div>
      {values?.postalCode && (
        <dl className="grid grid-cols-[max-content_1fr] gap-x-6 gap-y-1 text-sm" data-testid="address-derived">
          <dt className="text-muted-foreground">{t(country === "CH" ? "fields.npa" : "fields.postalCode")}</dt>
          <dd>{values.postalCode}</dd>
          <dt className="text-muted-foreground">{t("fields.city")}</dt>
          <dd>{values.city}</dd>
          {country === "CH" ? (
            <>
              <dt className="text-muted-foreground">{t("fields.canton")}</dt>
              <dd data-testid="address-canton">{values.region}</dd>
            </>
          ) : (
            <>
              <dt className="text-muted-foreground">{t("fields.department")}</dt>
              <dd data-testid="address-department">{values.department}</dd>
              <dt className="text-muted-foreground">{t("fields.region")}</dt>
              <dd>{values.region}</dd>
            </>
          )}
        </dl>
      )}
    </SectionForm>
  );
}
