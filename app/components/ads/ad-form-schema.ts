import { parseWithZod } from "@conform-to/zod";
import { JOB_BOARDS, MAX_QUESTIONS, adFormSchema, type AdFields } from "#server/modules/missions/contract";

/**
 * What the browser and the server share about the ad form, beyond rules.ts: how the submitted
 * data is read and what an ad looks like as form values. Pure (no server code).
 */

/** The submit buttons: staff save a draft or publish; a client manager proposes to the agency. */
export const AD_INTENTS = ["draft", "publish", "propose"] as const;
export type AdIntent = (typeof AD_INTENTS)[number];
export const adIntentOf = (value: unknown): AdIntent =>
  (AD_INTENTS as readonly unknown[]).includes(value) ? (value as AdIntent) : "draft";

/**
 * Question rows left empty are not questions: without JavaScript the form shows all five, and
 * an empty row added with JavaScript is simply dropped. The rest keep their order.
 */
export function withoutEmptyQuestions(formData: FormData): FormData {
  const out = new FormData();
  let index = 0;
  for (const [name, value] of formData.entries()) {
    if (name === "questions" || /^questions\[\d+\]$/.test(name)) {
      if (typeof value === "string" && value.trim()) out.append(`questions[${index++}]`, value);
      continue;
    }
    out.append(name, value);
  }
  return out;
}

/** The ad form's submission, the same way in the browser (conform) and on the server. */
export function parseAdFormData(formData: FormData) {
  return parseWithZod(withoutEmptyQuestions(formData), { schema: adFormSchema });
}

/** Job boards an ad of this country can be posted to. */
export const boardsFor = (country: string) =>
  JOB_BOARDS.filter((b) => (b.countries as readonly string[]).includes(country));

/** Form values (all strings, as inputs hold them) of a decided ad: the edit form's defaults. */
export function adFormValues(f: AdFields) {
  const str = (n: number | null) => (n == null ? "" : String(n));
  return {
    title: f.title,
    qualification: f.qualification,
    description: f.description,
    language: f.language,
    sectorId: f.sectorId,
    professionId: f.professionId,
    jobType: f.jobType,
    contract: f.contract,
    activityRateMin: str(f.activityRateMin),
    activityRateMax: str(f.activityRateMax),
    places: str(f.places),
    salaryMin: str(f.salaryMin),
    salaryMax: str(f.salaryMax),
    salaryPeriod: f.salaryPeriod,
    hideSalary: f.hideSalary ? "on" : "",
    commitment: f.commitment,
    commitmentDate: f.commitmentDate ?? "",
    endDate: f.endDate,
    slots: f.slots,
    duration: f.duration,
    placeId: f.place.localityId,
    placeText: "",
    country: f.country,
    orderId: f.orderId ?? "",
    contactId: f.contactId ?? "",
    questions: f.questions.slice(0, MAX_QUESTIONS),
    jobBoards: [...f.jobBoards],
    internalId: f.internalId,
  };
}
export type AdFormValues = ReturnType<typeof adFormValues>;
