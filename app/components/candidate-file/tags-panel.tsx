import { getFormProps, getInputProps, getSelectProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { SubmitButton } from "~/components/submit-button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useZodForm } from "~/components/forms/use-zod-form";
import { addTagSchema, TAG_COLOURS, TAG_MAX_LENGTH } from "#server/modules/candidate-file/contract";
import { resultFor, TAG_CLASS, type FileData, type FileReply } from "./types";

const NS = ["candidate-file", "common"];

/** The agency's tags on this candidate: coloured chips with a remove button, and a typed tag with the agency's tags offered. */
export function TagsPanel({ file, reply }: { file: FileData; reply?: FileReply }) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(addTagSchema, resultFor(reply, "addTag"), { id: "add-tag" });
  const removeErrors = resultFor(reply, "removeTag")?.error?.[""] ?? undefined;
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-tags">
      <h2 className="font-semibold">{t("sections.tags")}</h2>
      <p className="text-xs text-muted-foreground">{t("tags.hint")}</p>
      <ul className="flex flex-wrap gap-2">
        {file.tags.map((tag) => (
          <li
            key={tag.tag}
            className={`flex items-center gap-1 rounded-full px-3 py-0.5 text-sm ${TAG_CLASS[tag.colour]}`}
            data-testid="file-tag"
            data-colour={tag.colour}
          >
            {tag.tag}
            <Form method="post" className="inline">
              <input type="hidden" name="tag" value={tag.tag} />
              <button
                type="submit"
                name="intent"
                value="removeTag"
                className="px-1"
                aria-label={t("tags.remove", { tag: tag.tag })}
              >
                ×
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <ErrorList errors={removeErrors} ns={NS} />
      <Form method="post" {...getFormProps(form)} className="grid gap-2 sm:grid-cols-[1fr_auto_auto] sm:items-end">
        <div className="grid gap-1.5">
          <Label htmlFor={fields.tag.id}>{t("tags.label")}</Label>
          <Input
            {...getInputProps(fields.tag, { type: "text" })}
            key={fields.tag.key}
            list="agency-tags"
            maxLength={TAG_MAX_LENGTH}
            autoComplete="off"
          />
          <datalist id="agency-tags">
            {file.agencyTags.map((tag) => (
              <option key={tag.tag} value={tag.tag} />
            ))}
          </datalist>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={fields.colour.id}>{t("tags.colour")}</Label>
          <select
            {...getSelectProps(fields.colour)}
            key={fields.colour.key}
            className="h-9 rounded-md border border-input bg-background px-3 text-sm"
          >
            {TAG_COLOURS.map((c) => (
              <option key={c} value={c}>
                {t(`colours.${c}`)}
              </option>
            ))}
          </select>
        </div>
        <SubmitButton name="intent" value="addTag">
          {t("tags.add")}
        </SubmitButton>
        <div className="sm:col-span-3">
          <ErrorList id={fields.tag.errorId} errors={fields.tag.errors} ns={NS} />
          <ErrorList id={fields.colour.errorId} errors={fields.colour.errors} ns={NS} />
          <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
        </div>
      </Form>
    </section>
  );
}
