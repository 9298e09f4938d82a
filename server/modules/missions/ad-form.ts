import type { Clock } from "../../lib/clock";
import { PROFESSIONS, SECTORS } from "../reference/contract";
import type { Locality } from "../reference/localities";
import { localDay } from "./decider";
import { sanitizeDescription } from "./description";
import type { AdForm } from "./ad-form-schema";
import { JOB_BOARDS, type AdFields, type JobBoardCode } from "./rules";

/** What the ad form needs of the reference module (a port). */
export interface PlacesPort {
  localityById(id: string): Locality | undefined;
  bestLocality(text: string, country: "CH" | "FR"): Locality | undefined;
}

export interface AdFormInput {
  /** the form's values, already through adFormSchema */
  value: AdForm;
  /** "draft" keeps an ad that has ended; anything going online (now or after review) must not have */
  goesOnline: boolean;
  /** the ad's place as adPlace found it */
  locality: Locality | null;
  imageId: string | null;
}

/**
 * What only the server can check on the ad form, after its schema: the profession within its
 * sector, a place found in the ad's country, the job boards of that country, a description that
 * is still something once cleaned, and an end date not yet passed (on the injected clock).
 * Returns the ad's fields, or the refusals by field (translation keys).
 */
export function adFormChecks(clock: Clock) {
  return function completeAdForm({ value, goesOnline, locality, imageId }: AdFormInput): {
    errors: Record<string, string[]>;
    fields: AdFields | null;
  } {
    const errors: Record<string, string[]> = {};
    if (!locality) errors.placeText = ["validation.place_unknown"];
    else if (locality.country !== value.country) errors.placeText = ["validation.place_country"];
    const profession = PROFESSIONS.find((p) => p.id === value.professionId);
    if (!(SECTORS as readonly string[]).includes(value.sectorId)) errors.sectorId = ["validation.invalid_choice"];
    else if (!profession || profession.sector !== value.sectorId) errors.professionId = ["validation.invalid_choice"];
    const boards = JOB_BOARDS.filter((b) => (b.countries as readonly string[]).includes(value.country)).map(
      (b) => b.code as string,
    );
    if (value.jobBoards.some((code) => !boards.includes(code))) errors.jobBoards = ["validation.board_country"];
    const description = sanitizeDescription(value.description);
    if (!description) errors.description = ["validation.required"];
    if (goesOnline && value.endDate < localDay(clock.now())) errors.endDate = ["ad_end_date_passed"];
    if (!locality || Object.keys(errors).length) return { errors, fields: null };

    const fields: AdFields = {
      title: value.title,
      qualification: value.qualification,
      description,
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
      place: {
        localityId: locality.id,
        name: locality.name,
        postalCode: locality.postalCode,
        region: locality.region,
        regionCode: locality.regionCode,
        lat: locality.lat,
        lng: locality.lng,
      },
      country: value.country,
      orderId: value.orderId || null,
      contactId: value.contactId || null,
      questions: value.questions,
      imageId: value.removeImage ? null : imageId,
      jobBoards: value.jobBoards as JobBoardCode[],
      internalId: value.internalId,
    };
    return { errors, fields };
  };
}

/** The ad's place: the chosen locality (JavaScript), else the best one for the typed text in the ad's country. */
export function adPlace(places: PlacesPort) {
  return ({
    placeId,
    placeText,
    country,
  }: {
    placeId: string;
    placeText: string;
    country: "CH" | "FR";
  }): Locality | null =>
    (placeId ? places.localityById(placeId) : undefined) ??
    (placeText ? places.bestLocality(placeText, country) : undefined) ??
    null;
}
