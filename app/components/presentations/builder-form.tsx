import { getFormProps, getInputProps, getSelectProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  buildDossierSchema,
  DOSSIER_ALIASES,
  DOSSIER_COMMENT_MAX,
  DOSSIER_LANGUAGES,
  DOSSIER_SECTIONS,
} from "#server/modules/presentations/contract";

export const NS = ["presentations", "documents", "common"];

type Candidate = { id: string; name: string; documents: { id: string; category: string; name: string }[] };
type Kept = { include?: string; sections?: string[] | string; documentIds?: string[] | string; comment?: string };
const asList = (v: string[] | string | undefined) => (Array.isArray(v) ? v : v ? [v] : []);

/**
 * The builder: the client, the language, anonymity, and per candidate whether they are in, the
 * sections, the documents and the consultant's comment. A plain form (no JavaScript needed);
 * refused, it comes back with every choice kept.
 */
export function BuilderForm({
  candidates,
  clients,
  result,
  defaultTitle,
}: {
  candidates: Candidate[];
  clients: { id: string; name: string }[];
  result: SubmissionResult<string[]> | null;
  defaultTitle: string;
}) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(buildDossierSchema, result, {
    id: "build-dossier",
    defaultValue: { title: defaultTitle, language: "fr", alias: "initials", anonymised: "on" },
  });
  const kept = (result?.initialValue?.candidates ?? null) as Kept[] | null;
  return (
    <Form method="post" {...getFormProps(form)} className="grid gap-4" data-testid="build-dossier">
      <TextField label={t("fields.title")} meta={fields.title} ns={NS} />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fields.clientId.id}>{t("fields.client")}</Label>
          <select
            {...getSelectProps(fields.clientId)}
            key={fields.clientId.key}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            data-testid="dossier-client"
          >
            <option value="">{t("fields.chooseClient")}</option>
            {clients.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
          <ErrorList id={fields.clientId.errorId} errors={fields.clientId.errors} ns={NS} />
        </div>
        <div className="grid content-start gap-1.5">
          <Label htmlFor={fields.language.id}>{t("fields.language")}</Label>
          <select
            {...getSelectProps(fields.language)}
            key={fields.language.key}
            className="h-9 rounded-md border border-input bg-background px-2 text-sm"
            data-testid="dossier-language"
          >
            {DOSSIER_LANGUAGES.map((l) => (
              <option key={l} value={l}>
                {t(`languages.${l}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <fieldset className="grid gap-2 rounded-md border p-3">
        <label className="flex items-center gap-2 text-sm font-medium">
          <input
            {...getInputProps(fields.anonymised, { type: "checkbox" })}
            key={fields.anonymised.key}
            data-testid="dossier-anonymised"
          />
          {t("fields.anonymised")}
        </label>
        <p className="text-xs text-muted-foreground">{t("fields.anonymisedHint")}</p>
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <span>{t("fields.alias")}</span>
          {DOSSIER_ALIASES.map((a) => (
            <label key={a} className="flex items-center gap-1">
              <input {...getInputProps(fields.alias, { type: "radio", value: a })} key={`${fields.alias.key}-${a}`} />
              {t(`alias.${a}`)}
            </label>
          ))}
        </div>
        <label className="flex items-center gap-2 text-sm">
          <input
            {...getInputProps(fields.showEmployers, { type: "checkbox" })}
            key={fields.showEmployers.key}
            data-testid="dossier-employers"
          />
          {t("fields.showEmployers")}
        </label>
      </fieldset>
      <fieldset className="grid gap-3">
        <legend className="mb-1 font-semibold">{t("fields.candidates")}</legend>
        <ErrorList id={fields.candidates.errorId} errors={fields.candidates.errors} ns={NS} />
        {candidates.map((c, i) => {
          const k = kept?.[i];
          const name = (f: string) => `candidates[${i}].${f}`;
          const sections = k ? asList(k.sections) : DOSSIER_SECTIONS.filter((s) => s !== "documents");
          const docs = asList(k?.documentIds);
          return (
            <div key={c.id} className="card-surface grid gap-2 p-3" data-testid="dossier-candidate" data-id={c.id}>
              <input type="hidden" name={name("candidateId")} value={c.id} />
              <label className="flex items-center gap-2 font-medium">
                <input type="checkbox" name={name("include")} defaultChecked={k ? k.include === "on" : true} />
                {t("fields.include", { name: c.name })}
              </label>
              <div className="flex flex-wrap gap-3 text-sm" role="group" aria-label={t("fields.sections")}>
                {DOSSIER_SECTIONS.map((s) => (
                  <label key={s} className="flex items-center gap-1">
                    <input type="checkbox" name={name("sections")} value={s} defaultChecked={sections.includes(s)} />
                    {t(`sections.${s}`)}
                  </label>
                ))}
              </div>
              {c.documents.length > 0 ? (
                <div className="flex flex-wrap gap-3 text-sm" role="group" aria-label={t("fields.documents")}>
                  {c.documents.map((d) => (
                    <label key={d.id} className="flex items-center gap-1">
                      <input
                        type="checkbox"
                        name={name("documentIds")}
                        value={d.id}
                        defaultChecked={docs.includes(d.id)}
                      />
                      {t(`documents:categories.${d.category}`)} ({d.name})
                    </label>
                  ))}
                </div>
              ) : (
                <p className="text-xs text-muted-foreground">{t("builder.noDocuments")}</p>
              )}
              <Label htmlFor={`comment-${i}`}>{t("fields.comment", { name: c.name })}</Label>
              <Textarea
                id={`comment-${i}`}
                name={name("comment")}
                defaultValue={k?.comment ?? ""}
                maxLength={DOSSIER_COMMENT_MAX}
                rows={2}
              />
            </div>
          );
        })}
      </fieldset>
      <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
      <div>
        <SubmitButton data-testid="build-submit">{t("builder.submit")}</SubmitButton>
      </div>
    </Form>
  );
}
