import type { Submission, SubmissionResult } from "@conform-to/react";
import type { AppLoadContext } from "@remix-run/node";
import { adIntentOf, boardsFor, parseAdFormData, type AdIntent } from "~/components/ads/ad-form-schema";
import { localityLabel } from "~/components/forms/place-field";
import { AppError } from "../../server/lib/errors";
import { systemIds } from "../../server/lib/ids";
import { localDay } from "../../server/modules/missions/decider";
import { sanitizeDescription } from "../../server/modules/missions/description";
import { coverImages } from "../../server/modules/missions/images";
import { AD_LANGUAGES, MAX_IMAGE_BYTES, OWN_SITE, type AdFields, type AdForm, type JobBoardCode } from "../../server/modules/missions/rules";
import { isStaff, type Actor } from "../../server/modules/missions/scope";
import { PROFESSIONS, SECTORS } from "../../server/modules/reference/professions";
import { replyWithError } from "./forms.server";
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

/** The cover images of the request's services (upload, who may use or see one). */
export const adImagesOf = (context: AppLoadContext) => coverImages({ store: context.services.store, storage: context.services.storage, ids: systemIds });

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
    }
  | { ok: false; status: number; reply: SubmissionResult<string[]>; image: AdImageRef | null; place: AdPlaceRef | null };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the ad form (multipart): the cover image first, so that an accepted upload is kept even
 * when another field is wrong (its id comes back in the hidden `imageId` field and the preview
 * shows it); then the fields with the form's schema, and what only the server can check: the
 * profession within its sector, the place (a locality id, else the typed text resolved to the
 * best locality of the ad's country), the job boards of that country, the description cleaned.
 * Every refusal is a translation key on its field, with the input kept.
 *
 * `currentImageId`: the image the ad has now (edit), which the form may keep.
 */
export async function readAdForm(request: Request, context: AppLoadContext, actor: Actor, { currentImageId = null }: { currentImageId?: string | null } = {}): Promise<AdFormRead> {
  const images = adImagesOf(context);
  let upload: Awaited<ReturnType<typeof parseUpload>>;
  try {
    upload = await parseUpload(request, { field: "image", maxBytes: MAX_IMAGE_BYTES });
  } catch (error) {
    if (!(error instanceof UploadTooLarge)) throw error;
    // far beyond the limit the request is not read at all: only the image's error can come back
    return { ok: false, status: 413, reply: { status: "error", initialValue: null, error: { image: ["validation.image_too_large"] } }, image: adImageRef(currentImageId), place: null };
  }
  const { formData, tooLarge } = upload;
  const errors: Record<string, string[]> = {};

  // the image: a new upload, else the one the form carries (the ad's own, or an earlier upload of this agency)
  const carried = String(formData.get("imageId") ?? "");
  let imageId: string | null = carried && (carried === currentImageId || (await mayUse(carried))) ? carried : null;
  const file = formData.get("image");
  if (tooLarge) errors.image = ["validation.image_too_large"];
  else if (file instanceof File && file.size > 0) {
    try {
      imageId = await images.upload(actor, { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) });
      formData.delete("removeImage"); // a new image replaces the old one rather than being removed with it
    } catch (error) {
      if (!(error instanceof AppError && error.field === "image")) throw error;
      errors.image = [error.key];
    }
  }
  formData.delete("image");
  formData.set("imageId", imageId ?? "");

  const submission = parseAdFormData(formData);
  const intent = adIntentOf(formData.get("intent"));
  const owner = ownerOf(formData, actor, errors);
  const value = submission.status === "success" ? (submission.value as AdForm) : null;
  const locality = placeOf(context, formData, value);
  if (value) {
    if (!locality) errors.placeText = ["validation.place_unknown"];
    else if (locality.country !== value.country) errors.placeText = ["validation.place_country"];
    const profession = PROFESSIONS.find((p) => p.id === value.professionId);
    if (!(SECTORS as readonly string[]).includes(value.sectorId)) errors.sectorId = ["validation.invalid_choice"];
    else if (!profession || profession.sector !== value.sectorId) errors.professionId = ["validation.invalid_choice"];
    const boards = boardsFor(value.country).map((b) => b.code as string);
    if (value.jobBoards.some((code) => !boards.includes(code))) errors.jobBoards = ["validation.board_country"];
    if (!sanitizeDescription(value.description)) errors.description = ["validation.required"];
    // what goes online (now, or once the agency reviews it) must not have ended already
    if (intent !== "draft" && value.endDate < localDay(new Date())) errors.endDate = ["ad_end_date_passed"];
  }

  const image = adImageRef(imageId);
  const placeText = String(formData.get("placeText") ?? "").trim();
  const place = locality ? { id: locality.id, label: localityLabel(locality) } : placeText ? { id: "", label: placeText } : null;
  if (!value || !locality || Object.keys(errors).length) {
    return { ok: false, status: 400, reply: submission.reply({ fieldErrors: errors }), image, place };
  }

  const fields: AdFields = {
    title: value.title,
    qualification: value.qualification,
    description: sanitizeDescription(value.description),
    language: value.language,
    sectorId: value.sectorId,
    professionId: value.professionId,
    jobType: value.jobType,
    contract: value.contract,
    activityRateMin: value.activityRateMin,
    activityRateMax: value.activityRateMax,
    places: value.places,
    salaryMin: value.salaryMin,
    salaryMax: value.salaryMax,
    salaryPeriod: value.salaryPeriod,
    hideSalary: value.hideSalary,
    commitment: value.commitment,
    commitmentDate: value.commitment === "date" ? value.commitmentDate || null : null,
    endDate: value.endDate,
    slots: value.slots,
    duration: value.duration,
    place: { localityId: locality.id, name: locality.name, postalCode: locality.postalCode, region: locality.region, regionCode: locality.regionCode, lat: locality.lat, lng: locality.lng },
    country: value.country,
    orderId: value.orderId || null,
    contactId: value.contactId || null,
    questions: value.questions,
    imageId: value.removeImage ? null : imageId,
    jobBoards: value.jobBoards as JobBoardCode[],
    internalId: value.internalId,
  };
  return { ok: true, submission, fields, intent, owner, image, place };

  async function mayUse(id: string) {
    return Boolean(actor.agencyId) && (await images.uploaderAgency(id)) === actor.agencyId;
  }
}

/** The branch and client company of a staff member's ad (a client manager's ad is for their own company). */
function ownerOf(formData: FormData, actor: Actor, errors: Record<string, string[]>) {
  if (!isStaff(actor)) return { branchId: null, clientId: null };
  const id = (name: string) => {
    const v = String(formData.get(name) ?? "").trim();
    if (v && !UUID.test(v)) errors[name] = ["validation.invalid_choice"];
    return v && UUID.test(v) ? v : null;
  };
  return { branchId: id("branchId"), clientId: id("clientId") };
}

/** The chosen locality, else the best one for the typed text in the ad's country. */
function placeOf(context: AppLoadContext, formData: FormData, value: AdForm | null) {
  const { reference } = context.services;
  const placeId = String(formData.get("placeId") ?? "").trim();
  const placeText = String(formData.get("placeText") ?? "").trim();
  const country = value?.country ?? (formData.get("country") === "FR" ? "FR" : "CH");
  return (placeId ? reference.localityById(placeId) : undefined) ?? (placeText ? reference.bestLocality(placeText, country) : undefined);
}

/** A refusal of the services on its field (replyWithError), with the kept image and place. */
export function refusal(read: Extract<AdFormRead, { ok: true }>, error: AppError): Extract<AdFormRead, { ok: false }> {
  return { ok: false, status: error.status, reply: replyWithError(read.submission, error), image: read.image, place: read.place };
}

/** A new ad's values: sensible defaults, the person as contact (staff), the agency's country, an order from ?orderId=. */
export function newAdValues({ staff, userId, locale, country, orderId }: { staff: boolean; userId: string; locale: string; country: string; orderId: string }) {
  const end = new Date(`${localDay(new Date())}T12:00:00Z`);
  end.setUTCDate(end.getUTCDate() + NEW_AD_DAYS);
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
    endDate: end.toISOString().slice(0, 10),
    contactId: staff ? userId : "",
    orderId,
    jobBoards: [OWN_SITE],
    questions: [] as string[],
  };
}
/** A new ad stays online this many days unless its end date says otherwise. */
const NEW_AD_DAYS = 60;

type Named = { id: string; name: string };
/** The form's choices as plain lists (what the page serialises). */
export const plainOptions = (o: { branches: Named[]; clients: Named[]; contacts: Named[]; orders: Named[] }) => ({
  branches: o.branches.map(({ id, name }) => ({ id, name })),
  clients: o.clients.map(({ id, name }) => ({ id, name })),
  contacts: o.contacts.map(({ id, name }) => ({ id, name })),
  orders: o.orders.map(({ id, name }) => ({ id, name })),
});
