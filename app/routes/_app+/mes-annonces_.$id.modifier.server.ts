import type { SubmissionResult } from "@conform-to/react";
import { json, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { adFormValues } from "~/components/ads/ad-form-schema";
import { localityLabel } from "~/components/forms/place-field";
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
  const options = plainOptions(await missions.formOptions(user), ad.clientId);
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
    // the agency's activities about the ad (issue 29): its staff only
    activities: isAgencyStaff(user) ? await context.services.activities.activitiesOf(user, { adId: ad.id }) : null,
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
