import { getFormProps, type SubmissionResult } from "@conform-to/react";
import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SubmitButton } from "~/components/submit-button";
import { formatDate } from "~/utils/dates";
import { ERASURE_GRACE_DAYS, requestErasureSchema, type ErasureRequestView } from "#server/modules/erasure/contract";

/**
 * The security page's "delete my account" (issue 30): confirmed by the password, carried out
 * after the grace period unless cancelled; while pending, the date and the cancel button.
 */
export function ErasureSection({
  request,
  lastResult,
}: {
  request: ErasureRequestView | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
}) {
  const { t } = useTranslation();
  const [form, fields] = useZodForm(requestErasureSchema, lastResult, { id: "erase" });
  return (
    <section className="card-surface grid gap-4 p-6" data-testid="erasure">
      <h2 className="text-lg font-semibold">{t("security.delete.title")}</h2>
      {request ? (
        <CancelErasure request={request} />
      ) : (
        <>
          <p className="text-sm text-muted-foreground">{t("erasure.explain", { days: ERASURE_GRACE_DAYS })}</p>
          <Form method="post" action="/parametres" {...getFormProps(form)} className="grid gap-4">
            <input type="hidden" name="intent" value="erase" />
            <TextField
              label={t("erasure.password")}
              meta={fields.erasePassword}
              type="password"
              autoComplete="current-password"
            />
            <ErrorList id={form.errorId} errors={form.errors} />
            <SubmitButton data-testid="submit-erase" variant="destructive" className="justify-self-start">
              {t("erasure.submit")}
            </SubmitButton>
          </Form>
        </>
      )}
    </section>
  );
}

/** The pending request's date and its cancel button (the security page and the banner of every page). */
export function CancelErasure({ request }: { request: ErasureRequestView }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-2" data-testid="erasure-pending">
      <p className="text-sm">{t("erasure.pending", { date: formatDate(request.dueAt) })}</p>
      <Form method="post" action="/parametres">
        <input type="hidden" name="intent" value="cancel-erase" />
        <SubmitButton data-testid="cancel-erase" variant="outline">
          {t("erasure.cancel")}
        </SubmitButton>
      </Form>
    </div>
  );
}

/** Shown on every page of the shell while the person's erasure is pending. */
export function ErasureBanner({ request }: { request: ErasureRequestView | null }) {
  if (!request) return null;
  return (
    <div
      role="status"
      className="mb-4 rounded-md border border-destructive/40 bg-destructive/10 p-4"
      data-testid="erasure-banner"
    >
      <CancelErasure request={request} />
    </div>
  );
}
