import { seoMeta } from "~/utils/seo";
import { getFormProps, getInputProps } from "@conform-to/react";
import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { usePublicForm } from "~/components/forms/use-public-form";
import { SelectField } from "~/components/forms/select-field";
import { Button } from "~/components/ui/button";
import { SubmitButton } from "~/components/submit-button";
import type { agencySchema } from "~/utils/registration-schemas";
import type { action, loader } from "./register.agency.server";

export const meta: MetaFunction<typeof loader> = ({ data }) => seoMeta(data?.seo);

export { action, loader } from "./register.agency.server";

/** The schema's check, brought into the browser once the page is interactive. */
const loadCheck = () => import("~/utils/registration-schemas").then((m) => m.checkAgency);

export default function RegisterAgency() {
  const { t } = useTranslation();
  const { constraint } = useLoaderData<typeof loader>();
  const data = useActionReply<typeof action>();
  const [form, fields] = usePublicForm<typeof agencySchema>(constraint, data?.result, { loadCheck });
  if (data?.done) {
    return (
      <div className="card-surface grid w-full max-w-lg gap-4 p-8" data-testid="agency-registered">
        <h1 className="text-2xl font-semibold">{t("registerAgency.doneTitle")}</h1>
        <p className="text-sm text-muted-foreground">{t("registerAgency.doneText")}</p>
        <Button asChild>
          <Link to="/login">{t("forgot.back")}</Link>
        </Button>
      </div>
    );
  }
  return (
    <div className="card-surface w-full max-w-2xl p-8">
      <h1 className="mb-1 text-2xl font-semibold">{t("registerAgency.title")}</h1>
      <p className="mb-6 text-sm text-muted-foreground">{t("registerAgency.subtitle")}</p>
      <Form method="post" {...getFormProps(form)} className="grid gap-6">
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("registerAgency.agency")}</legend>
          <TextField label={t("registerAgency.agencyName")} meta={fields.agencyName} autoComplete="organization" />
          <SelectField
            label={t("fields.country")}
            meta={fields.country}
            placeholder={t("fields.choose")}
            options={[
              { value: "CH", label: t("countries.CH") },
              { value: "FR", label: t("countries.FR") },
            ]}
          />
          <TextField label={t("registerAgency.city")} meta={fields.city} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("registerAgency.branch")}</legend>
          <TextField label={t("registerAgency.branchName")} meta={fields.branchName} />
          <TextField label={t("registerAgency.city")} meta={fields.branchCity} />
        </fieldset>
        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("registerAgency.user")}</legend>
          <TextField label={t("fields.firstName")} meta={fields.firstName} autoComplete="given-name" />
          <TextField label={t("fields.lastName")} meta={fields.lastName} autoComplete="family-name" />
          <TextField label={t("login.email")} meta={fields.email} type="email" autoComplete="email" />
          <span />
          <TextField label={t("login.password")} meta={fields.password} type="password" autoComplete="new-password" />
          <TextField
            label={t("setPassword.confirm")}
            meta={fields.confirmPassword}
            type="password"
            autoComplete="new-password"
          />
          <p className="text-xs text-muted-foreground sm:col-span-2">
            {t("validation.password_policy", { numberOfCharacters: 10 })}
          </p>
        </fieldset>
        <div className="grid gap-1.5">
          <label className="flex items-start gap-2 text-sm">
            <input {...getInputProps(fields.terms, { type: "checkbox" })} key={fields.terms.key} className="mt-1" />
            {t("registerAgency.terms")}
          </label>
          <ErrorList id={fields.terms.errorId} errors={fields.terms.errors} />
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
        <SubmitButton data-testid="register-agency-submit" className="justify-self-start">
          {t("registerAgency.submit")}
        </SubmitButton>
      </Form>
    </div>
  );
}
