import type { Submission, SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { adIntentOf, parseAdFormData, type AdIntent } from "~/components/ads/ad-form-schema";
import { localityLabel } from "~/components/forms/place-field";
import type { AppError } from "#server/lib/contract";
import { AD_LANGUAGES, MAX_IMAGE_BYTES, OWN_SITE, type AdFields, type AdForm } from "#server/modules/missions/contract";
import { isAgencyStaff, type Actor } from "#server/modules/identity/contract";
import { isUuid } from "#server/lib/contract";
import { attempt, idempotencyKeyOf } from "./action.server";
import { replyWithError } from "./action.server";
import { parseUpload, UploadTooLarge } from "./registration.server";

/** The cover image as the form shows it: its id (kept in a hidden field) and where to see it. */
export interface AdImageRef {
  id: string;
  url: string;
}
/** The place as the form shows it again: the chosen locality, or the text typed without choosing. */
export interface AdPlaceRef {
  id: string;
  label: string;
}

export const adImageRef = (id: string | null): AdImageRef | null => (id ? { id, url: `/ad-images/${id}` } : null);

export type AdFormRead =
  | {
      ok: true;
      submission: Submission<unknown>;
      fields: AdFields;
      intent: AdIntent;
      /** staff only: the branch and client company the ad is for */
      owner: { branchId: string | null; clientId: string | null };
      image: AdImageRef | null;
      place: AdPlaceRef | null;
      /** a new ad's key: a retried submit creates it once */
      idempotencyKey: string | null;
    }
  | {
      ok: false;
      status: number;
      reply: SubmissionResult<string[]>;
      image: AdImageRef | null;
      place: AdPlaceRef | null;
    };

/**
 * Reads the ad form (multipart): the cover image first, so that an accepted upload is kept even
 * when another field is wrong (its id comes back in the hidden `imageId` field and the preview
 * shows it); then the fields with the form's schema, and what only the server can check
 * (the missions module's completeAdForm). Every refusal is a translation key on its field, with
 * the input kept.
 *
 * `currentImageId`: the image the ad has now (edit), which the form may keep.
 */
export async function readAdForm(
  request: Request,
  context: AppLoadContext,
  actor: Actor,
  { currentImageId = null }: { currentImageId?: string | null } = {},
): Promise<AdFormRead> {
  const { missions } = context.services;
  let upload: Awaited<ReturnType<typeof parseUpload>>;
  try {
    upload = await parseUpload(request, { field: "image", maxBytes: MAX_IMAGE_BYTES });
  } catch (error) {
    if (!(error instanceof UploadTooLarge)) throw error;
    // far beyond the limit the request is not read at all: only the image's error can come back
    return {
      ok: false,
      status: 413,
      reply: { status: "error", initialValue: null, error: { image: ["validation.image_too_large"] } },
      image: adImageRef(currentImageId),
      place: null,
    };
  }
  const { formData, tooLarge } = upload;
  const errors: Record<string, string[]> = {};

  // the image: a new upload, else the one the form carries (the ad's own, or an earlier upload of this agency)
  const carried = String(formData.get("imageId") ?? "");
  let imageId: string | null = carried && (carried === currentImageId || (await mayUse(carried))) ? carried : null;
  const file = formData.get("image");
  if (tooLarge) errors.image = ["validation.image_too_large"];
  else if (file instanceof File && file.size > 0) {
    const uploaded = await attempt(async () =>
      missions.uploadCoverImage(actor, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }),
    );
    if (uploaded.ok) {
      imageId = uploaded.value;
      formData.delete("removeImage"); // a new image replaces the old one rather than being removed with it
    } else if (uploaded.error.field === "image") errors.image = [uploaded.error.key];
    else throw uploaded.error;
  }
  formData.delete("image");
  formData.set("imageId", imageId ?? "");

  const submission = parseAdFormData(formData);
  const intent = adIntentOf(formData.get("intent"));
  const value = submission.status === "success" ? (submission.value as AdForm) : null;
  const placeId = String(formData.get("placeId") ?? "").trim();
  const placeText = String(formData.get("placeText") ?? "").trim();
  // the place is found (and shown again) even when other fields are refused
  const locality = missions.adPlace({
    placeId,
    placeText,
    country: value?.country ?? (formData.get("country") === "FR" ? "FR" : "CH"),
  });
  const image = adImageRef(imageId);
  const place = locality
    ? { id: locality.id, label: localityLabel(locality) }
    : placeText
      ? { id: "", label: placeText }
      : null;
  // without JavaScript, "update" after choosing a client: the form again, every value kept, no error shown
  if (formData.get("intent") === "refresh")
    return { ok: false, status: 200, reply: { initialValue: submission.reply().initialValue ?? null }, image, place };

  const owner = ownerOf(formData, actor, errors);
  const checked = value ? missions.completeAdForm({ value, goesOnline: intent !== "draft", locality, imageId }) : null;
  Object.assign(errors, checked?.errors);
  if (!checked?.fields || Object.keys(errors).length) {
    return { ok: false, status: 400, reply: submission.reply({ fieldErrors: errors }), image, place };
  }
  return {
    ok: true,
    submission,
    fields: checked.fields,
    intent,
    owner,
    image,
    place,
    idempotencyKey: idempotencyKeyOf(formData),
  };

  async function mayUse(id: string) {
    return Boolean(actor.agencyId) && (await missions.coverImageUploader(id)) === actor.agencyId;
  }
}

/** The branch and client company of a staff member's ad (a client manager's ad is for their own company). */
function ownerOf(formData: FormData, actor: Actor, errors: Record<string, string[]>) {
  if (!isAgencyStaff(actor)) return { branchId: null, clientId: null };
  const id = (name: string) => {
    const v = String(formData.get(name) ?? "").trim();
    if (v && !isUuid(v)) errors[name] = ["validation.invalid_choice"];
    return v && isUuid(v) ? v : null;
  };
  return { branchId: id("branchId"), clientId: id("clientId") };
}

/** A refusal of the services on its field (replyWithError), with the kept image and place. */
export function refusal(read: Extract<AdFormRead, { ok: true }>, error: AppError): Extract<AdFormRead, { ok: false }> {
  return {
    ok: false,
    status: error.status,
    reply: replyWithError(read.submission, error),
    image: read.image,
    place: read.place,
  };
}

/** A new ad's values: sensible defaults, the person as contact (staff), the agency's country, an order from ?orderId=. */
export function newAdValues({
  staff,
  userId,
  locale,
  country,
  orderId,
  endDate,
}: {
  staff: boolean;
  userId: string;
  locale: string;
  country: string;
  orderId: string;
  endDate: string;
}) {
  return {
    language: (AD_LANGUAGES as readonly string[]).includes(locale) ? locale : "fr",
    country: country === "FR" ? "FR" : "CH",
    jobType: "full_time",
    contract: "temporary",
    activityRateMin: "100",
    activityRateMax: "100",
    places: "1",
    salaryPeriod: "hour",
    commitment: "to_agree",
    endDate,
    contactId: staff ? userId : "",
    orderId,
    jobBoards: [OWN_SITE],
    questions: [] as string[],
  };
}

type Named = { id: string; name: string };
/** The form's choices as plain lists (what the page serialises); an ad's own client narrows the orders to its. */
export const plainOptions = (
  o: { branches: Named[]; clients: Named[]; contacts: Named[]; orders: (Named & { clientId: string })[] },
  adClientId: string | null = null,
) => ({
  branches: o.branches.map(({ id, name }) => ({ id, name })),
  clients: o.clients.map(({ id, name }) => ({ id, name })),
  contacts: o.contacts.map(({ id, name }) => ({ id, name })),
  orders: o.orders
    .filter((order) => !adClientId || order.clientId === adClientId)
    .map(({ id, name, clientId }) => ({ id, name, clientId })),
});
