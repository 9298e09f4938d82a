import { getFormProps, getInputProps, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { Form, Link, type useLoaderData } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { ChoiceList } from "~/components/forms/choice-list";
import { ErrorList, TextField as SharedTextField } from "~/components/forms/field";
import { usePublicForm, type Constraints } from "~/components/forms/use-public-form";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import type { EmailCheck } from "~/routes/_resources+/register.email-check";
import type { accountSchema, profileSchema } from "~/utils/registration-schemas";
import { formatNumber } from "#server/lib/contract";
import { DOCUMENT_ACCEPT, MAX_DESIRED_JOBS, type RegistrationCountry } from "#server/modules/candidates/contract";
import { PASSWORD_MIN } from "#server/modules/identity/contract";
import { PROFESSIONS, SECTORS } from "#server/modules/reference/contract";
import { SubmitButton } from "~/components/submit-button";
import { StatusNotice } from "~/components/status-notice";
import type { loader, View } from "~/routes/_public+/register.user.server";
import { FileInput } from "~/components/ui/file-input";

/** The steps of candidate registration (/register/user): country, account, profile, done. */
export function useRegisterT() {
  return useTranslation(["register", "common"], { nsMode: "fallback" });
}

const REGISTER_NS = ["register", "common"];

/** Errors are translation keys from the schemas or the server, in the register or common namespace. */
function Errors(props: { id?: string; errors?: string[] }) {
  return <ErrorList {...props} ns={REGISTER_NS} values={{ maxChoices: MAX_DESIRED_JOBS }} />;
}

function TextField(props: {
  label: string;
  meta: FieldMetadata<string>;
  type?: "text" | "password";
  autoComplete?: string;
}) {
  return <SharedTextField {...props} ns={REGISTER_NS} values={{ maxChoices: MAX_DESIRED_JOBS }} />;
}

export function Steps({ current }: { current: Exclude<View, "country"> }) {
  const { t } = useRegisterT();
  const steps = ["account", "profile", "done"] as const;
  return (
    <ol
      className="mb-6 grid grid-cols-3 gap-2 text-xs sm:text-sm"
      aria-label={t("steps.label")}
      data-testid="register-steps"
    >
      {steps.map((s, i) => (
        <li
          key={s}
          aria-current={s === current ? "step" : undefined}
          className={`rounded-md border px-3 py-2 ${s === current ? "border-primary font-semibold text-primary" : "text-muted-foreground"}`}
        >
          {i + 1}. {t(`steps.${s}`)}
        </li>
      ))}
    </ol>
  );
}

export function CountryChoice() {
  const { t } = useRegisterT();
  return (
    <section className="grid gap-4" data-testid="country-choice">
      <h2 className="font-semibold">{t("country.question")}</h2>
      <p className="text-sm text-muted-foreground">{t("country.hint")}</p>
      <div className="grid gap-3 sm:grid-cols-2">
        {(["CH", "FR"] as const).map((c) => (
          <Link
            key={c}
            to={`?country=${c}`}
            className="rounded-lg border p-4 text-center font-medium hover:border-primary hover:bg-accent"
            data-testid={`country-${c}`}
          >
            {t(`countries.${c}`)}
          </Link>
        ))}
      </div>
      <p className="text-sm">
        <Link to="/login" className="text-primary underline">
          {t("login.submit")}
        </Link>
      </p>
    </section>
  );
}

type Draft = NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["draft"]>;

/** The steps' checks in the browser (zod and the schemas), loaded once the page is interactive. */
const loadAccountCheck = () => import("~/utils/registration-schemas").then((m) => m.checkAccount);

export function AccountStep({
  country,
  draft,
  constraint,
  lastResult,
}: {
  country: RegistrationCountry;
  draft: Draft | null;
  constraint: Constraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t } = useRegisterT();
  const [form, fields] = usePublicForm<typeof accountSchema>(constraint, lastResult, {
    id: "register-account",
    loadCheck: loadAccountCheck,
    defaultValue: {
      country,
      email: draft?.email ?? "",
      firstName: draft?.firstName ?? "",
      lastName: draft?.lastName ?? "",
      ...(draft ? { terms: "on", dataProtection: "on" } : {}),
    },
  });

  // the live "email already used" check (debounced). Only a hint, so a failed check is ignored
  // rather than breaking the page; the server checks again on submit.
  const [typed, setTyped] = useState(String(fields.email.initialValue ?? ""));
  const [takenEmail, setTakenEmail] = useState<string | null>(null);
  useEffect(() => {
    const email = typed.trim().toLowerCase();
    if (!/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/.test(email)) return;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      fetch(`/register/email-check?email=${encodeURIComponent(email)}`, {
        signal: controller.signal,
        headers: { Accept: "application/json" },
      })
        .then((response) => (response.ok ? (response.json() as Promise<EmailCheck>) : null))
        .then((answer) => setTakenEmail(answer?.exists && answer.email === email ? email : null))
        .catch(() => undefined);
    }, 400);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [typed]);
  const taken =
    takenEmail !== null && takenEmail === typed.trim().toLowerCase() && !fields.email.errors?.includes("email_exist");

  const consent = (field: typeof fields.terms, clause: "close_1" | "close_2") => (
    <div className="grid gap-1">
      <label className="flex items-start gap-2 text-sm">
        <input
          {...getInputProps(field, { type: "checkbox" })}
          key={field.key}
          className="mt-1"
          data-testid={`consent-${field.name}`}
        />
        <span data-testid={clause}>{t(`consent.${country}.${clause}`)}</span>
      </label>
      <Errors id={field.errorId} errors={field.errors} />
    </div>
  );

  return (
    <>
      <Form method="post" {...getFormProps(form)} className="grid gap-6" data-testid="account-step">
        <input type="hidden" name="country" value={country} />
        <div className="flex flex-wrap items-center justify-between gap-2 rounded-md bg-secondary px-4 py-3 text-sm">
          <span data-testid="chosen-country">{t("country.chosen", { country: t(`countries.${country}`) })}</span>
          {draft ? (
            <Button type="submit" form="register-restart" variant="outline" size="sm" data-testid="restart">
              {t("restart")}
            </Button>
          ) : (
            <Link to="/register/user" className="text-primary underline" data-testid="change-country">
              {t("country.change")}
            </Link>
          )}
        </div>
        <p className="text-sm text-muted-foreground" data-testid="country-intro">
          {t(`intro.${country}`)}
        </p>

        <fieldset className="grid gap-4 sm:grid-cols-2">
          <legend className="mb-2 font-semibold">{t("account.title")}</legend>
          <TextField label={t("account.firstName")} meta={fields.firstName} autoComplete="given-name" />
          <TextField label={t("account.lastName")} meta={fields.lastName} autoComplete="family-name" />
          <div className="grid content-start gap-1.5 sm:col-span-2">
            <Label htmlFor={fields.email.id}>{t("account.email")}</Label>
            <Input
              {...getInputProps(fields.email, { type: "email" })}
              key={fields.email.key}
              autoComplete="email"
              onChange={(e) => setTyped(e.currentTarget.value)}
            />
            <Errors id={fields.email.errorId} errors={fields.email.errors} />
            {taken && (
              <p className="text-sm text-destructive" role="alert" data-testid="email-exists">
                {t("email_exist")}{" "}
                <Link to="/login" className="underline">
                  {t("login.submit")}
                </Link>
              </p>
            )}
          </div>
          <TextField label={t("account.password")} meta={fields.password} type="password" autoComplete="new-password" />
          <TextField
            label={t("account.confirmPassword")}
            meta={fields.confirmPassword}
            type="password"
            autoComplete="new-password"
          />
          <p className="text-xs text-muted-foreground sm:col-span-2">
            {t("validation.password_policy", { numberOfCharacters: PASSWORD_MIN })}
          </p>
        </fieldset>

        <fieldset className="grid gap-3 rounded-md border p-4" data-testid="consent-clauses">
          <legend className="px-1 font-semibold">{t("consent.title")}</legend>
          <p className="text-sm" data-testid="paragraph_4">
            {t(`consent.${country}.paragraph_4`)}
          </p>
          <p className="text-sm" data-testid="paragraph_5">
            {t(`consent.${country}.paragraph_5`)}
          </p>
          <ul className="list-disc space-y-1 pl-5 text-sm text-muted-foreground">
            {(["close_3", "close_4", "close_5"] as const).map((c) => (
              <li key={c} data-testid={c}>
                {t(`consent.${country}.${c}`)}
              </li>
            ))}
          </ul>
          {consent(fields.terms, "close_1")}
          {consent(fields.dataProtection, "close_2")}
          <label className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.libraryVisible, { type: "checkbox" })}
              key={fields.libraryVisible.key}
              className="mt-1"
              data-testid="consent-libraryVisible"
            />
            <span>{t("consent.libraryVisible")}</span>
          </label>
        </fieldset>

        <Errors id={form.errorId} errors={form.errors} />
        <SubmitButton className="justify-self-start" data-testid="account-submit">
          {t("account.submit")}
        </SubmitButton>
      </Form>
      {draft && <RestartForm />}
    </>
  );
}

/** Outside the step's form (forms cannot nest): its button uses form="register-restart". */
function RestartForm() {
  return (
    <Form method="post" id="register-restart" className="hidden">
      <input type="hidden" name="intent" value="restart" />
    </Form>
  );
}

const formatSize = (bytes: number, locale: string) =>
  bytes >= 1024 * 1024
    ? `${formatNumber(bytes / (1024 * 1024), locale, 1)} MB`
    : `${formatNumber(Math.max(1, bytes / 1024), locale)} KB`;

export function ProfileStep({
  draft,
  constraint,
  lastResult,
}: {
  draft: Draft;
  constraint: Constraints;
  lastResult?: SubmissionResult<string[]>;
}) {
  const { t, i18n } = useRegisterT();
  const { t: tr } = useTranslation("reference");
  const hasCv = Boolean(draft.cv);
  const loadCheck = useCallback(
    () => import("~/utils/registration-schemas").then((m) => m.checkProfile(hasCv)),
    [hasCv],
  );
  const [form, fields] = usePublicForm<ReturnType<typeof profileSchema>>(constraint, lastResult, {
    id: "register-profile",
    defaultValue: { birthDate: draft.birthDate ?? "", desiredJobs: draft.desiredJobs },
    loadCheck,
  });
  const collator = useMemo(() => new Intl.Collator(i18n.language), [i18n.language]);
  const choices = useMemo(
    () =>
      PROFESSIONS.map((p) => ({ value: p.id, label: tr(`professions.${p.id}`), group: p.sector })).sort((a, b) =>
        collator.compare(a.label, b.label),
      ),
    [tr, collator],
  );
  const groups = SECTORS.map((s) => ({ id: s, label: tr(`sectors.${s}`) }));

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      className="grid gap-6"
      data-testid="profile-step"
    >
      <div className="grid gap-1.5">
        <Label htmlFor={fields.cv.id}>{t("profile.cv")}</Label>
        {draft.cv && (
          <p className="text-sm" data-testid="current-cv">
            {t("profile.currentCv", { name: draft.cv.name, size: formatSize(draft.cv.size, i18n.language) })}
          </p>
        )}
        <FileInput {...getInputProps(fields.cv, { type: "file" })} key={fields.cv.key} accept={DOCUMENT_ACCEPT} />
        <p className="text-xs text-muted-foreground">
          {draft.cv ? `${t("profile.cvHint")} ${t("profile.replaceCv")}` : t("profile.cvHint")}
        </p>
        <Errors id={fields.cv.errorId} errors={fields.cv.errors} />
      </div>

      <div className="grid gap-1.5 sm:max-w-xs">
        <Label htmlFor={fields.birthDate.id}>{t("profile.birthDate")}</Label>
        <Input {...getInputProps(fields.birthDate, { type: "date" })} key={fields.birthDate.key} autoComplete="bday" />
        <Errors id={fields.birthDate.errorId} errors={fields.birthDate.errors} />
      </div>

      <ChoiceList
        key={fields.desiredJobs.key}
        meta={fields.desiredJobs}
        label={t("profile.desiredJobs")}
        hint={t("profile.desiredJobsHint", { maxChoices: MAX_DESIRED_JOBS })}
        filterLabel={t("profile.filter")}
        choices={choices}
        groups={groups}
        max={MAX_DESIRED_JOBS}
        errors={<Errors errors={fields.desiredJobs.errors} />}
        testId="desired-jobs"
      />

      <Errors id={form.errorId} errors={form.errors} />
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton data-testid="profile-submit">{t("profile.submit")}</SubmitButton>
        <Link to="?step=account" className="text-sm text-primary underline" data-testid="back-to-account">
          {t("profile.back")}
        </Link>
      </div>
    </Form>
  );
}

export function Done() {
  const { t } = useRegisterT();
  return (
    <section className="grid gap-4" data-testid="register-done">
      <h2 className="text-xl font-semibold">{t("done.title")}</h2>
      <StatusNotice testId="success-register-user">{t("success_register_user")}</StatusNotice>
      <Button asChild className="justify-self-start">
        <Link to="/login">{t("done.login")}</Link>
      </Button>
    </section>
  );
}
