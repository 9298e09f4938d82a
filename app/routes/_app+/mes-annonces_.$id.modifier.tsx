import { type MetaFunction } from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { RecordActivities } from "~/components/activities/record-activities";
import { AdForm } from "~/components/ads/ad-form";
import { AdSummary } from "~/components/ads/ad-summary";
import { AdStateBadge, AwaitingReviewBadge } from "~/components/ads/ad-state-badge";
import { ADS_NS } from "~/components/ads/fields";
import { ErrorList } from "~/components/forms/field";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import type { action, loader } from "./mes-annonces_.$id.modifier.server";

export { action, loader } from "./mes-annonces_.$id.modifier.server";
export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: [...ADS_NS, "activities"] };

export default function EditAd() {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<typeof action>();
  const formReply = reply?.kind === "form" ? reply : null;
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("edit.title", { id: data.id })}
        actions={
          <Link to="/mes-annonces" className="text-sm text-primary underline">
            {t("edit.back")}
          </Link>
        }
      >
        <AdStateBadge status={data.status} />
        {data.awaitingReview && <AwaitingReviewBadge />}
      </PageHeader>
      {data.copiedFrom && (
        <StatusNotice tone="info" testId="copied-note">
          {t("edit.copied", { id: data.copiedFrom })}
        </StatusNotice>
      )}
      {data.admin && (
        <MemoForm
          memo={reply?.kind === "memo" ? reply.memo : data.memo}
          error={reply?.kind === "memo" ? reply.error : null}
          saved={reply?.kind === "memo" && reply.saved}
        />
      )}
      {data.editable ? (
        <AdForm
          defaultValue={data.defaultValue}
          lastResult={formReply?.result}
          image={formReply ? formReply.image : data.image}
          place={formReply ? formReply.place : data.place}
          options={data.options}
          staff={data.staff}
          owner={data.owner}
          state={data.status}
          cancelTo="/mes-annonces"
        />
      ) : (
        <>
          {!data.admin && (
            <p className="rounded-md border p-4 text-sm" role="note" data-testid="read-only-note">
              {t(data.status === "archived" ? "edit.archived" : "edit.readOnly")}
            </p>
          )}
          <AdSummary id={data.id} status={data.status} fields={data.fields} image={data.image} />
        </>
      )}
      <RecordActivities activities={data.activities} logHref={`/activites-generales?adId=${data.id}`} />
    </div>
  );
}

/** The order memo: written and read by platform admins only (spec sections 1 and 6). */
function MemoForm({ memo, error, saved }: { memo: string; error: string | null; saved: boolean }) {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  return (
    <Form method="post" className="card-surface grid gap-3 p-6" data-testid="memo-form">
      <Label htmlFor="memo">{t("edit.memo")}</Label>
      <p className="text-xs text-muted-foreground">{t("edit.memoHint")}</p>
      <Textarea
        id="memo"
        name="memo"
        defaultValue={memo}
        key={memo}
        rows={4}
        maxLength={2000}
        className="rounded-md border border-input bg-background px-3 py-2 text-sm"
        data-testid="memo"
      />
      <ErrorList errors={error ? [error] : undefined} />
      {saved && (
        <StatusNotice tone="inline" testId="memo-saved">
          {t("success_operation")}
        </StatusNotice>
      )}
      <div>
        <SubmitButton data-testid="memo-submit">{t("edit.memoSave")}</SubmitButton>
      </div>
    </Form>
  );
}

/** "Announcement not found" (spec section 8) inside the signed-in shell, for unknown ids and other tenants' ads alike. */
export function ErrorBoundary() {
  const { t } = useTranslation(ADS_NS, { nsMode: "fallback" });
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const key =
    status === 404
      ? "announcement_not_found"
      : status === 403
        ? "not_authorized"
        : status === 503
          ? "errors.unavailable.text"
          : "errors.generic.text";
  return (
    <section className="card-surface grid max-w-xl gap-4 p-6" data-testid="ad-error">
      <p className="text-4xl font-bold text-primary">{status}</p>
      <h1 className="text-xl font-semibold" data-testid="error-title">
        {t(key)}
      </h1>
      <p>
        <Link to="/mes-annonces" className="text-primary underline">
          {t("edit.back")}
        </Link>
      </p>
    </section>
  );
}
