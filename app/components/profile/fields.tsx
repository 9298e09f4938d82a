import {
  getFormProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
  type FieldMetadata,
  type FormMetadata,
} from "@conform-to/react";
import { Form } from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { ErrorList, useEditedErrors } from "~/components/forms/field";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  MAX_CERTIFICATIONS,
  MAX_DESIRED_JOBS,
  MAX_LANGUAGES,
  MAX_PLACES,
  MAX_SKILLS,
} from "#server/modules/candidates/contract";

/** The namespaces of the profile pages: their own, then the shared field errors. */
export const PROFILE_NS = ["profile", "common"];
export const useProfileT = () => useTranslation(PROFILE_NS, { nsMode: "fallback" });

/** The numbers the profile's limit messages name, each list its own (issue 27). */
export const LIMIT_VALUES = {
  maxChoices: MAX_DESIRED_JOBS,
  maxPlaces: MAX_PLACES,
  maxCertifications: MAX_CERTIFICATIONS,
  maxLanguages: MAX_LANGUAGES,
  maxSkills: MAX_SKILLS,
};

export function Errors({ id, errors }: { id?: string; errors?: string[] }) {
  return <ErrorList id={id} errors={errors} ns={PROFILE_NS} values={LIMIT_VALUES} />;
}

type Meta = FieldMetadata<unknown>;

/** A text, date, number, tel or url input with its label and its errors (shown until edited). */
export function Field({
  label,
  meta,
  type = "text",
  hint,
  readOnly,
}: {
  label: string;
  meta: Meta;
  type?: "text" | "date" | "number" | "tel" | "url";
  hint?: string;
  readOnly?: boolean;
}) {
  const { errors, onInput } = useEditedErrors(meta.errors);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <Input
        {...getInputProps(meta as FieldMetadata<string>, { type })}
        key={meta.key}
        onInput={onInput}
        readOnly={readOnly}
        data-testid={`field-${meta.name}`}
      />
      {hint && <p className="text-xs text-muted-foreground">{hint}</p>}
      <Errors id={meta.errorId} errors={errors} />
    </div>
  );
}

export function Area({ label, meta, rows = 4 }: { label: string; meta: Meta; rows?: number }) {
  const { errors, onInput } = useEditedErrors(meta.errors);
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <Textarea
        {...getTextareaProps(meta as FieldMetadata<string>)}
        key={meta.key}
        rows={rows}
        onInput={onInput}
        className="rounded-md border border-input bg-background p-2 text-sm"
        data-testid={`field-${meta.name}`}
      />
      <Errors id={meta.errorId} errors={errors} />
    </div>
  );
}

/** A native select (works without JavaScript); an empty first option means "not given". */
export function Select({
  label,
  meta,
  options,
}: {
  label: string;
  meta: Meta;
  options: { value: string; label: string }[];
}) {
  const { t } = useProfileT();
  return (
    <div className="grid content-start gap-1.5">
      <Label htmlFor={meta.id}>{label}</Label>
      <select
        {...getSelectProps(meta as FieldMetadata<string>)}
        key={meta.key}
        className="h-10 rounded-md border border-input bg-background px-3 text-sm aria-[invalid=true]:border-destructive"
        data-testid={`field-${meta.name}`}
      >
        <option value="">{t("choose")}</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      <Errors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

export function Check({ label, meta }: { label: string; meta: Meta }) {
  return (
    <label className="flex items-center gap-2 text-sm">
      <input
        type="checkbox"
        name={meta.name}
        key={meta.key}
        defaultChecked={meta.initialValue === "on" || meta.initialValue === true}
        data-testid={`field-${meta.name}`}
      />
      {label}
    </label>
  );
}

const asArray = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === "string" && v ? [v] : []);

/** Checkboxes sending several values under one name (licences, sectors, notification channels). */
export function Checks({
  label,
  meta,
  options,
  columns = "sm:grid-cols-4",
}: {
  label: string;
  meta: Meta;
  options: { value: string; label: string }[];
  columns?: string;
}) {
  const initial = asArray(meta.initialValue);
  return (
    <fieldset className="grid gap-2" key={meta.key} data-testid={`field-${meta.name}`}>
      <legend className="mb-1 text-sm font-medium">{label}</legend>
      <div className={`grid grid-cols-2 gap-1 ${columns}`}>
        {options.map((o) => (
          <label key={o.value} className="flex items-center gap-2 text-sm">
            <input type="checkbox" name={meta.name} value={o.value} defaultChecked={initial.includes(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
      <Errors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/**
 * One section's form: its intent and the version it was shown (sent back so a save from a stale
 * tab is refused), its errors, the saved notice, and, after a refused stale save, the values
 * saved meanwhile (the person's input stays in the form).
 */
export function SectionForm({
  form,
  intent,
  version,
  saved,
  conflict,
  children,
  submitLabel,
  hidden,
  testId,
}: {
  form: FormMetadata<Record<string, unknown>, string[]>;
  intent: string;
  version: number;
  saved?: boolean;
  conflict?: ReactNode;
  children: ReactNode;
  submitLabel?: string;
  hidden?: Record<string, string>;
  testId?: string;
}) {
  const { t } = useProfileT();
  return (
    <Form
      method="post"
      {...getFormProps(form)}
      className="grid gap-4"
      data-testid={testId ?? `form-${intent}`}
      preventScrollReset
    >
      <input type="hidden" name="intent" value={intent} />
      {/* from the loader, not the kept input: after a conflict, saving again is a deliberate overwrite */}
      <input type="hidden" name="version" value={version} key={version} />
      {Object.entries(hidden ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <Errors id={form.errorId} errors={form.errors} />
      {conflict}
      <div className="flex flex-wrap items-center gap-3">
        <SubmitButton name="save" value={intent} data-testid={`save-${intent}`}>
          {submitLabel ?? t("save")}
        </SubmitButton>
        {saved && (
          <StatusNotice tone="inline" testId={`saved-${intent}`}>
            {t("saved")}
          </StatusNotice>
        )}
      </div>
    </Form>
  );
}

/** The values saved meanwhile by another tab, shown beside the kept input. */
export function CurrentValues({
  values,
  label,
}: {
  values: Record<string, unknown> | null;
  label: (field: string) => string;
}) {
  const { t } = useProfileT();
  const shown = Object.entries(values ?? {}).filter(
    ([, v]) => v !== undefined && v !== null && v !== "" && !(Array.isArray(v) && v.length === 0),
  );
  return (
    <div
      className="rounded-md border border-amber-400 bg-amber-50 p-3 text-sm dark:bg-amber-950"
      data-testid="current-values"
    >
      <p className="font-medium">{t("conflict.current")}</p>
      {shown.length === 0 ? (
        <p>---</p>
      ) : (
        <dl className="mt-1 grid grid-cols-[max-content_1fr] gap-x-4 gap-y-0.5">
          {shown.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="text-muted-foreground">{label(k)}</dt>
              <dd>
                {Array.isArray(v)
                  ? v.map((x) => (typeof x === "object" ? JSON.stringify(x) : String(x))).join(", ")
                  : String(v)}
              </dd>
            </div>
          ))}
        </dl>
      )}
    </div>
  );
}

/**
 * A section form's key: a new one after each save (the form starts from the saved values), and
 * one more after a stale save was refused (the form starts from the person's kept input).
 */
export const formKey = (
  intent: string,
  version: number | undefined,
  reply?: { intent: string; conflict: boolean; target?: string | null },
  target?: string,
) =>
  `${intent}-${target ?? ""}-${reply?.intent === intent && reply.conflict && (target === undefined || reply.target === target) ? "conflict" : (version ?? 0)}`;
