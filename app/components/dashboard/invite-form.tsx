import { getFormProps } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { SelectField } from "~/components/forms/select-field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { useActionReply } from "~/hooks/use-action-reply";
import type { action } from "~/routes/_app+/tableau-bord-agence.server";
import { inviteSchema } from "~/utils/invite-schema";
import { INVITABLE_ROLES } from "#server/modules/identity/contract";

/** An agency admin invites a colleague or a client user (a set-password link by mail). */
export function InviteForm({ clients }: { clients: { id: string; name: string }[] }) {
  const { t, i18n } = useTranslation();
  const data = useActionReply<typeof action>();
  const [form, fields] = useZodForm(inviteSchema, data && "invite" in data ? data.invite : undefined, { id: "invite" });
  const invited = data && "invited" in data ? String(data.invited) : null;
  return (
    <section className="card-surface p-6">
      <h3 className="mb-1 font-semibold">{t("invite.title")}</h3>
      <p className="mb-4 text-sm text-muted-foreground">{t("invite.text")}</p>
      {invited && (
        <StatusNotice className="mb-4" testId="invite-sent">
          {t("invite.sent", { email: invited })}
        </StatusNotice>
      )}
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="locale" value={i18n.language} />
        <TextField label={t("login.email")} meta={fields.email} type="email" />
        <SelectField
          label={t("invite.role")}
          meta={fields.role}
          placeholder=""
          options={INVITABLE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
        />
        <TextField label={t("fields.firstName")} meta={fields.firstName} />
        <TextField label={t("fields.lastName")} meta={fields.lastName} />
        <SelectField
          label={t("invite.client")}
          meta={fields.clientId}
          placeholder={t("invite.noClient")}
          options={clients.map((c) => ({ value: c.id, label: c.name }))}
        />
        <div className="flex items-end">
          <SubmitButton data-testid="invite-submit">{t("invite.submit")}</SubmitButton>
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
    </section>
  );
}
