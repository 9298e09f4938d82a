import type { SubmissionResult } from "@conform-to/react";
import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, Link, isRouteErrorResponse, useLoaderData, useRouteError } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { adFormValues } from "~/components/ads/ad-form-schema";
import { AdForm } from "~/components/ads/ad-form";
import { AdSummary } from "~/components/ads/ad-summary";
import { AdStateBadge, AwaitingReviewBadge } from "~/components/ads/ad-state-badge";
import { ADS_NS } from "~/components/ads/fields";
import { ErrorList } from "~/components/forms/field";
import { localityLabel } from "~/components/forms/place-field";
import { Label } from "~/components/ui/label";
import { Textarea } from "~/components/ui/textarea";
import {
  adImageRef,
  plainOptions,
  readAdForm,
  refusal,
  type AdImageRef,
  type AdPlaceRef,
} from "~/utils/ad-form.server";
import { requireAbility } from "~/utils/auth.server";
import { attempt } from "~/utils/action.server";
import type { SessionUser } from "#server/modules/identity/contract";
import { adActionsFor } from "#server/modules/missions/contract";
import { isPlatformAdmin, isAgencyStaff } from "#server/modules/identity/contract";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ADS_NS };

/** The ad as this person reaches it (another agency's, a deleted or unknown one: 404 "announcement not found"). */
async function reach(context: AppLoadContext, user: SessionUser, id: string | undefined) {
  const ad = /^\d{1,15}$/.test(id ?? "") ? await context.services.missions.adForEdit(user, Number(id)) : null;
  if (!ad) throw new Response(null, { status: 404, statusText: "announcement_not_found" });
  // staff change any ad of their agency; a client manager only the ads they proposed; nobody an archived one
  const editable = adActionsFor(user, { status: ad.status, createdBy: ad.createdBy }).includes("edit");
  return { ad, editable };
}

/**
 * /mes-annonces/{id}/modifier: the ad form with the ad's values (shared with creation). Platform
 * admins see the ad and write its order memo (spec section 6); whoever may not change the ad
 * sees it read-only.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.ads");
  const { ad, editable } = await reach(context, user, params.id);
  const { missions } = context.services;
  const options = plainOptions(await missions.formOptions(user));
  const url = new URL(request.url);
  const copiedFrom = Number(url.searchParams.get("copiedFrom")) || null;
  return json({
    id: ad.id,
    status: ad.status,
    awaitingReview: ad.awaitingReview,
    editable,
    admin: isPlatformAdmin(user),
    staff: isAgencyStaff(user),
    memo: ad.memo,
    fields: ad.fields,
    defaultValue: adFormValues(ad.fields),
    owner: {
      branchName: options.branches.find((b) => b.id === ad.branchId)?.name ?? null,
      clientName: options.clients.find((c) => c.id === ad.clientId)?.name ?? null,
    },
    options,
    image: adImageRef(ad.fields.imageId),
    place: { id: ad.fields.place.localityId, label: localityLabel(ad.fields.place) },
    copiedFrom,
  });
}

type ActionData =
  | { kind: "form"; result: SubmissionResult<string[]>; image: AdImageRef | null; place: AdPlaceRef | null }
  | { kind: "memo"; memo: string; error: string | null; saved: boolean };

export async function action({ request, context, params }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.ads");
  const { ad, editable } = await reach(context, user, params.id);
  const { missions } = context.services;
  if (isPlatformAdmin(user)) {
    const memo = String((await request.formData()).get("memo") ?? "");
    if (memo.length > 2000)
      return json<ActionData>({ kind: "memo", memo, error: "validation.too_long", saved: false }, { status: 400 });
    const written = await attempt(() => missions.writeAdMemo(user, ad.id, memo));
    if (!written.ok)
      return json<ActionData>(
        { kind: "memo", memo, error: written.error.key, saved: false },
        { status: written.status },
      );
    return json<ActionData>({ kind: "memo", memo, error: null, saved: true });
  }
  if (!editable) throw new Response(null, { status: 403 });
  const read = await readAdForm(request, context, user, { currentImageId: ad.fields.imageId });
  if (!read.ok)
    return json<ActionData>(
      { kind: "form", result: read.reply, image: read.image, place: read.place },
      { status: read.status },
    );
  const edited = await attempt(() => missions.editAd(user, ad.id, read.fields, { publish: read.intent === "publish" }));
  if (!edited.ok) {
    const refused = refusal(read, edited.error);
    return json<ActionData>(
      { kind: "form", result: refused.reply, image: refused.image, place: refused.place },
      { status: refused.status },
    );
  }
  return redirect("/mes-annonces?saved=updates");
}

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
  const key = status === 404 ? "announcement_not_found" : status === 403 ? "not_authorized" : "errors.generic.text";
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
