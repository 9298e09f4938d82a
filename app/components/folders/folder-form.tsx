import { getFormProps, getInputProps, getTextareaProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  createFolderSchema,
  editFolderSchema,
  FOLDER_DESCRIPTION_MAX_LENGTH,
  FOLDER_VISIBILITIES,
} from "#server/modules/folders/contract";

export const NS = ["folders", "common"];

/**
 * Creates a folder (name, description, private or shared), or renames and describes one
 * (`folder` given). A plain form: it works without JavaScript, errors on their fields with the
 * input kept. `candidateId`: the candidate the new folder starts with (the add page);
 * `candidateIds` and `action`: the library's selection, posted to the add page itself.
 */
export function FolderForm({
  result,
  folder,
  candidateId,
  candidateIds,
  action,
}: {
  result?: SubmissionResult<string[]> | null;
  folder?: { name: string; description: string };
  candidateId?: string;
  candidateIds?: string[];
  action?: string;
}) {
  const { t } = useTranslation(NS);
  const editing = Boolean(folder);
  // one form for both: editing leaves out the visibility (shared or not is its own button)
  const schema = editing ? (editFolderSchema as unknown as typeof createFolderSchema) : createFolderSchema;
  const [form, fields] = useZodForm(schema, result, {
    id: editing ? "edit-folder" : "create-folder",
    defaultValue: folder ?? { visibility: "private" },
  });
  return (
    <Form
      method="post"
      action={action ?? (candidateId ? "/mes-dossiers" : undefined)}
      {...getFormProps(form)}
      className="grid gap-3"
      data-testid={editing ? "edit-folder" : "create-folder"}
    >
      {candidateId && <input type="hidden" name="candidateId" value={candidateId} />}
      {candidateIds?.map((id) => (
        <input key={id} type="hidden" name="candidateId" value={id} />
      ))}
      <TextField label={t("fields.name")} meta={fields.name} ns={NS} />
      <div className="grid gap-1.5">
        <Label htmlFor={fields.description.id}>{t("fields.description")}</Label>
        <Textarea
          {...getTextareaProps(fields.description)}
          key={fields.description.key}
          maxLength={FOLDER_DESCRIPTION_MAX_LENGTH}
          rows={2}
          className="rounded-md border border-input bg-background px-3 py-2 text-sm"
        />
        <ErrorList id={fields.description.errorId} errors={fields.description.errors} ns={NS} />
      </div>
      {!editing && (
        <fieldset className="grid gap-1">
          <legend className="text-sm font-medium">{t("fields.visibility")}</legend>
          {FOLDER_VISIBILITIES.map((v) => (
            <label key={v} className="flex items-center gap-2 text-sm">
              <input
                {...getInputProps(fields.visibility, { type: "radio", value: v })}
                key={`${fields.visibility.key}-${v}`}
                data-testid={`visibility-${v}`}
              />
              {t(`visibility.${v}`)}
            </label>
          ))}
        </fieldset>
      )}
      <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
      <div>
        <SubmitButton name="intent" value={editing ? "edit" : "create"}>
          {editing ? t("page.save") : t("create.submit")}
        </SubmitButton>
      </div>
    </Form>
  );
}
