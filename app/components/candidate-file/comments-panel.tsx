import { getFormProps, getTextareaProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { SubmitButton } from "~/components/submit-button";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { useZodForm } from "~/components/forms/use-zod-form";
import { formatDate } from "~/utils/dates";
import { COMMENT_MAX_LENGTH, commentSchema } from "#server/modules/candidate-file/contract";
import { resultFor, type FileData, type FileReply } from "./types";

const NS = ["candidate-file", "common"];
type Comment = FileData["comments"][number];

/** The agency's internal comments: a new one, and the author's own to edit or delete. */
export function CommentsPanel({ file, me, reply }: { file: FileData; me: string; reply?: FileReply }) {
  const { t } = useTranslation(NS);
  const [form, fields] = useZodForm(commentSchema, resultFor(reply, "comment"), { id: "comment" });
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="file-comments">
      <h2 className="font-semibold">{t("sections.comments")}</h2>
      <Form method="post" {...getFormProps(form)} className="grid gap-2">
        <Label htmlFor={fields.body.id}>{t("comments.label")}</Label>
        <Textarea {...getTextareaProps(fields.body)} key={fields.body.key} maxLength={COMMENT_MAX_LENGTH} rows={3} />
        <ErrorList id={fields.body.errorId} errors={fields.body.errors} ns={NS} />
        <ErrorList id={form.errorId} errors={form.errors} ns={NS} />
        <SubmitButton name="intent" value="comment" className="justify-self-start">
          {t("comments.add")}
        </SubmitButton>
      </Form>
      {file.comments.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("comments.empty")}</p>
      ) : (
        <ul className="grid gap-3">
          {file.comments.map((c) => (
            <CommentItem key={c.id} comment={c} mine={c.authorId === me} reply={reply} />
          ))}
        </ul>
      )}
    </section>
  );
}

function CommentItem({ comment: c, mine, reply }: { comment: Comment; mine: boolean; reply?: FileReply }) {
  const { t } = useTranslation(NS);
  const result = resultFor(reply, "editComment", "deleteComment");
  const forMe = result?.initialValue?.commentId === c.id;
  const errors = forMe ? [...(result?.error?.body ?? []), ...(result?.error?.[""] ?? [])] : undefined;
  const typed = forMe ? result?.initialValue?.body : undefined;
  return (
    <li className="grid gap-1 border-l-2 border-muted pl-3 text-sm" data-testid="file-comment">
      <span className="text-xs text-muted-foreground">
        {c.authorName} · {formatDate(c.createdAt)}
        {c.editedAt ? ` · ${t("comments.edited")}` : ""}
      </span>
      <p className="whitespace-pre-wrap" data-testid="file-comment-body">
        {c.body ?? t("comments.erased")}
      </p>
      {mine && c.body !== null && (
        <details open={Boolean(errors?.length)}>
          <summary className="cursor-pointer text-xs text-primary">{t("comments.edit")}</summary>
          <Form method="post" className="mt-2 grid gap-2">
            <input type="hidden" name="commentId" value={c.id} />
            <Textarea
              name="body"
              defaultValue={typeof typed === "string" ? typed : c.body}
              maxLength={COMMENT_MAX_LENGTH}
              rows={3}
              aria-label={t("comments.edit")}
            />
            <ErrorList errors={errors} ns={NS} />
            <div className="flex gap-2">
              <SubmitButton name="intent" value="editComment" size="sm">
                {t("comments.save")}
              </SubmitButton>
              <SubmitButton name="intent" value="deleteComment" size="sm" variant="outline">
                {t("comments.delete")}
              </SubmitButton>
            </div>
          </Form>
        </details>
      )}
    </li>
  );
}
