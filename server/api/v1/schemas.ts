import { z } from "zod";

/** Response shapes shared by the routes (each a component of the document). */
const dateTime = () => z.string().datetime({ offset: true });

/** What a job's summary and its details share. */
const jobBase = {
  id: z.number().int(),
  slug: z.string(),
  title: z.string(),
  agencyName: z.string(),
  contract: z.string(),
  jobType: z.string(),
  activityRateMin: z.number(),
  activityRateMax: z.number(),
  salaryMin: z.number().nullable(),
  salaryMax: z.number().nullable(),
  salaryPeriod: z.string(),
  country: z.string(),
  publishedAt: dateTime(),
};

export const JobFit = z
  .object({
    score: z.number().int().describe("0 to 100"),
    reasons: z.array(
      z.object({
        criterion: z
          .string()
          .describe("profession, distance, availability, contract, occupancy, permit, licences, languages, salary"),
        verdict: z.string().describe("match, partial, mismatch, or unknown (the profile does not say)"),
        params: z.record(z.union([z.string(), z.number()])).describe("what the sentence of the reason shows"),
      }),
    ),
  })
  .openapi("JobFit");

export const JobHit = z
  .object({
    ...jobBase,
    placeName: z.string(),
    postalCode: z.string(),
    distanceKm: z.number().nullable(),
    fit: JobFit.nullable().describe("with a candidate's token: how the ad fits their profile, and why"),
  })
  .openapi("JobHit");

export const JobDetails = z
  .object({
    ...jobBase,
    branchName: z.string().nullable(),
    descriptionHtml: z.string().describe("sanitised HTML"),
    place: z.object({ name: z.string(), postalCode: z.string(), region: z.string() }),
    endDate: z.string(),
    questions: z.array(z.string()).describe("yes/no questions: answered as q0, q1... when applying"),
    myApplication: z
      .object({ id: z.string().uuid(), status: z.number().int(), withdrawn: z.boolean() })
      .nullable()
      .describe("with a candidate's token: their application to this ad"),
  })
  .openapi("JobDetails");

export const TimelineEntry = z
  .object({
    at: dateTime(),
    kind: z.string(),
    by: z.string().nullable(),
    byKind: z.string(),
    status: z.number().int().optional(),
    from: z.number().int().optional(),
    note: z.string().optional().describe("agency staff only: an internal note"),
  })
  .openapi("ApplicationHistoryEntry");

export const ApplicationRow = z
  .object({
    id: z.string().uuid(),
    adId: z.number().int(),
    adTitle: z.string(),
    agencyName: z.string(),
    status: z.number().int().describe("1 refused, 2 retained, 3 pending, 6 on mission"),
    source: z.string(),
    adOnline: z.boolean(),
    withdrawnAt: dateTime().nullable(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .openapi("Application");

export const ApplicationDetails = ApplicationRow.extend({
  cvName: z.string().nullable(),
  history: z.array(TimelineEntry),
}).openapi("ApplicationDetails");

export const DayEntry = z
  .object({
    day: z.string(),
    ranges: z.array(z.object({ startMin: z.number().int(), endMin: z.number().int() })),
    breakMin: z.number().int(),
    mealFees: z.number(),
    miscCosts: z.number(),
    parking: z.number(),
    mileageKm: z.number(),
    travelFees: z.number(),
    trainingMin: z.number().int(),
    travelMin: z.number().int(),
    site: z.string(),
    notes: z.string(),
  })
  .openapi("TimesheetDay");

export const TimesheetRow = z
  .object({
    id: z.string().uuid(),
    week: z.string(),
    adTitle: z.string(),
    agencyName: z.string(),
    candidateName: z.string(),
    clientName: z.string().nullable(),
    status: z.string(),
    version: z.number().int(),
    updatedAt: dateTime(),
  })
  .openapi("Timesheet");

export const TimesheetDetails = TimesheetRow.extend({
  comment: z.string().nullable(),
  openDays: z.array(z.string()).describe("the days of the week that may be entered"),
  days: z.array(DayEntry),
  workedMinutes: z.number().int(),
  actions: z.array(z.string()).describe("what the caller may do next (submit, dispute...)"),
}).openapi("TimesheetDetails");

export const Version = z.object({ version: z.number().int().nullable() }).openapi("Version");
export const Done = z.object({ ok: z.literal(true) }).openapi("Ok");
export const Created = z.object({ id: z.string() }).openapi("Created");

export const Notification = z
  .object({
    id: z.string().uuid(),
    kind: z.string(),
    params: z.record(z.unknown()),
    link: z.string().nullable(),
    createdAt: dateTime(),
    readAt: dateTime().nullable(),
  })
  .openapi("Notification");

export const Document = z
  .object({
    id: z.string(),
    category: z.string(),
    name: z.string(),
    mime: z.string(),
    size: z.number().int(),
    expiresAt: z.string().nullable(),
    expiry: z.string(),
    createdAt: dateTime(),
    updatedAt: dateTime(),
  })
  .openapi("Document");

export const Shift = z
  .object({
    id: z.string(),
    adTitle: z.string(),
    agencyName: z.string(),
    day: z.string(),
    start: z.string(),
    end: z.string(),
    breakMin: z.number().int(),
    place: z.string().nullable(),
    note: z.string().nullable(),
    confirmed: z.boolean(),
    version: z.number().int(),
  })
  .openapi("Shift");

export const Proposal = z
  .object({
    id: z.string().uuid(),
    adId: z.number().int(),
    adTitle: z.string(),
    agencyName: z.string(),
    mode: z.string(),
    message: z.string().nullable(),
    status: z.string(),
    response: z.string().nullable(),
    expiresAt: dateTime(),
    createdAt: dateTime(),
  })
  .openapi("Proposal");

export const Me = z
  .object({
    id: z.string().uuid(),
    email: z.string(),
    role: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    locale: z.string(),
    country: z.string().nullable(),
    agencyId: z.string().uuid().nullable(),
  })
  .openapi("Me");

/** A Date or a date string as the document's date-time. */
export const iso = (d: Date | string) => new Date(d).toISOString();
export const isoOrNull = (d: Date | string | null | undefined) => (d ? iso(d) : null);
