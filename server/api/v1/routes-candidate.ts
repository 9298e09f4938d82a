import type { Request } from "express";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { isUuid } from "../../lib/contract";
import { answersOf, applySchema } from "../../modules/applications/contract";
import { MAX_UPLOAD_BYTES } from "../../modules/candidates/contract";
import { isCandidate } from "../../modules/identity/contract";
import { jobBoard, parseAdSearch, SOURCE_CODE } from "../../modules/missions/contract";
import { actionSchema, actionsOn, daySchema, dayOfForm, workedMinutes } from "../../modules/timesheets/contract";
import { readMultipart } from "./multipart";
import { zodAppError } from "./problem";
import { defineRoute, type ApiBuilder } from "./route";
import {
  ApplicationDetails,
  ApplicationRow,
  Created,
  Done,
  iso,
  isoOrNull,
  JobDetails,
  JobHit,
  Notification,
  Proposal,
  Shift,
  TimesheetDetails,
  TimesheetRow,
  Version,
} from "./schemas";

const list = z.union([z.string(), z.array(z.string())]).optional();
const JobSearchQuery = z.object({
  q: z.string().max(200).optional(),
  sector: list,
  profession: list,
  jobType: list,
  contract: list,
  region: list,
  country: z.enum(["CH", "FR"]).optional(),
  rateMin: z.string().optional(),
  salaryMin: z.string().optional(),
  availability: z.enum(["now", "within14", "more14"]).optional(),
  placeId: z.string().max(64).optional(),
  radius: z.string().optional(),
  sort: z
    .enum(["date", "distance", "salary", "relevance", "fit"])
    .optional()
    .describe("fit: how each ad fits the candidate's profile (a candidate's token only; otherwise by date)"),
  fit: z.enum(["50", "70", "85"]).optional().describe("a candidate's token only: the lowest fit, in %"),
  page: z
    .string()
    .regex(/^\d{1,4}$/, "api_invalid_value")
    .optional(),
});

const AdId = z.object({ id: z.string().regex(/^\d{1,15}$/, "ad_not_found") });
const Id = z.object({ id: z.string().max(64) });

/** The apply form's multipart fields (documented; read with the ad's own number of questions). */
const ApplyForm = z
  .object({
    cv: z
      .enum(["registered", "upload"])
      .default("registered")
      .describe("the latest CV of the candidate's documents, or the file sent"),
    cvFile: z.string().openapi({ format: "binary" }).optional().describe("PDF, Word or image, 2 MB at most"),
    message: z.string().max(2000).optional(),
    source: z
      .string()
      .regex(SOURCE_CODE)
      .optional()
      .describe("the job board the candidate came from (S01, our site, by default)"),
  })
  .catchall(z.enum(["yes", "no"]).describe("q0, q1...: the answers to the ad's questions"))
  .openapi("ApplyForm");

const SaveDay = daySchema.innerType().omit({ timesheetId: true, day: true }).openapi("TimesheetDayInput");

const readCv = (req: Request) =>
  readMultipart(req, { field: "cvFile", maxBytes: MAX_UPLOAD_BYTES, tooLargeKey: "cv_too_large" });

/** The candidate's endpoints: jobs, applying, applications, proposals, shifts, timesheets, notifications. */
export function candidateRoutes(api: ApiBuilder) {
  const { services } = api;

  defineRoute(api, {
    method: "get",
    path: "/jobs",
    tag: "jobs",
    summary: "Search the online ads (the job search's parameters; 20 a page)",
    audience: "optional",
    query: JobSearchQuery,
    response: z.object({
      total: z.number().int(),
      page: z.number().int(),
      pages: z.number().int(),
      hits: z.array(JobHit),
    }),
    async handler({ req, user }) {
      const params = new URLSearchParams();
      for (const [k, v] of Object.entries(req.query))
        for (const one of Array.isArray(v) ? v : [v]) if (typeof one === "string") params.append(k, one);
      const candidate = user && isCandidate(user) ? user : null;
      const [hidden, fit] = candidate
        ? await Promise.all([
            services.engagement.hiddenIds(candidate),
            services.adFits(candidate, new Date().toISOString().slice(0, 10)),
          ])
        : [[], null];
      const result = await services.adSearch.search(parseAdSearch(params), {
        excludeIds: hidden,
        facets: false,
        ...(fit ? { fit } : {}),
      });
      if (result.unavailable) throw new AppError("unavailable", "api_search_unavailable");
      return {
        total: result.total,
        page: result.page,
        pages: result.pages,
        hits: result.hits.map((h) => ({
          id: h.id,
          slug: h.slug,
          title: h.title,
          agencyName: h.agencyName,
          placeName: h.placeName,
          postalCode: h.postalCode,
          country: h.country,
          contract: h.contract,
          jobType: h.jobType,
          activityRateMin: h.activityRateMin,
          activityRateMax: h.activityRateMax,
          salaryMin: h.hideSalary ? null : h.salaryMin,
          salaryMax: h.hideSalary ? null : h.salaryMax,
          salaryPeriod: h.salaryPeriod,
          publishedAt: new Date(h.publishedAt * 1000).toISOString(),
          distanceKm: h.distanceKm,
          fit: h.fit ?? null,
        })),
      };
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/jobs/{id}",
    tag: "jobs",
    summary: "An online ad's details (and, with a candidate's token, their application to it)",
    audience: "optional",
    params: AdId,
    response: JobDetails,
    async handler({ params, user }) {
      const ad = await services.missions.publicAd(Number(params.id));
      if (!ad) throw new AppError("not_found", "ad_not_found");
      const mine = user && isCandidate(user) ? await services.applications.myApplicationFor(user, ad.id) : null;
      const f = ad.fields;
      return {
        id: ad.id,
        slug: ad.slug,
        title: f.title,
        agencyName: ad.agencyName,
        branchName: ad.branchName,
        descriptionHtml: f.description,
        contract: f.contract,
        jobType: f.jobType,
        activityRateMin: f.activityRateMin,
        activityRateMax: f.activityRateMax,
        salaryMin: f.hideSalary ? null : f.salaryMin,
        salaryMax: f.hideSalary ? null : f.salaryMax,
        salaryPeriod: f.salaryPeriod,
        place: { name: f.place.name, postalCode: f.place.postalCode, region: f.place.region },
        country: f.country,
        endDate: f.endDate,
        questions: f.questions,
        publishedAt: iso(ad.publishedAt),
        myApplication: mine ? { id: mine.id, status: mine.status, withdrawn: Boolean(mine.withdrawnAt) } : null,
      };
    },
  });

  defineRoute(api, {
    method: "post",
    path: "/jobs/{id}/applications",
    tag: "applications",
    summary: "Apply to an ad, with the latest CV or a new one (kept in the candidate's documents first)",
    audience: "candidate",
    params: AdId,
    multipart: { schema: ApplyForm, read: readCv },
    status: 201,
    response: Created,
    async handler({ params, user, body }) {
      const ad = await services.missions.publicAd(Number(params.id));
      if (!ad) throw new AppError("not_found", "ad_not_found");
      const questions = ad.fields.questions.length;
      const parsed = applySchema(questions).safeParse(body.fields);
      if (!parsed.success) throw zodAppError(parsed.error);
      const source = body.fields.source ?? "S01";
      if (!SOURCE_CODE.test(source) || !jobBoard(source)) throw new AppError("invalid", "api_invalid_value", "source");
      if (parsed.data.cv === "upload") {
        if (!body.file) throw new AppError("invalid", "validation.required", "cvFile");
        await services.candidates.addCv(user!, body.file).catch((error: unknown) => {
          // the CV checks name their field "cv" (registration's); here the file is cvFile
          if (error instanceof AppError && error.field === "cv") throw new AppError(error.kind, error.key, "cvFile");
          throw error;
        });
      }
      const id = await services.applications.apply(user!, {
        adId: ad.id,
        source,
        answers: answersOf(parsed.data, questions),
        message: parsed.data.message ?? "",
        cv: { kind: "registered" },
      });
      return { id };
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/me/applications",
    tag: "applications",
    summary: "The candidate's applications: pending, retained (and on mission) or refused (and withdrawn)",
    audience: "candidate",
    query: z.object({ list: z.enum(["pending", "retained", "refused"]).default("pending") }),
    response: z.array(ApplicationRow),
    async handler({ user, query }) {
      const rows = await services.applications.myApplications(user!, query.list);
      return rows.map(applicationOut);
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/me/applications/{id}",
    tag: "applications",
    summary: "One of the candidate's applications with its history",
    audience: "candidate",
    params: Id,
    response: ApplicationDetails,
    async handler({ user, params }) {
      const found = await services.applications.myApplication(user!, params.id);
      if (!found) throw new AppError("not_found", "application_not_found");
      return {
        ...applicationOut(found),
        cvName: found.cvName,
        history: found.timeline.map(historyOut),
      };
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/me/proposals",
    tag: "proposals",
    summary: "The mission proposals sent to the candidate",
    audience: "candidate",
    response: z.array(Proposal),
    async handler({ user }) {
      const rows = await services.placements.myProposals(user!);
      return rows.map((p) => ({
        id: p.id,
        adId: p.adId,
        adTitle: p.adTitle,
        agencyName: p.agencyName,
        mode: p.mode,
        message: p.message,
        status: p.status,
        response: p.response ?? null,
        expiresAt: iso(p.expiresAt),
        createdAt: iso(p.createdAt),
      }));
    },
  });

  for (const [answer, verb] of [
    ["accept", "Accept"],
    ["decline", "Decline"],
  ] as const)
    defineRoute(api, {
      method: "post",
      path: `/me/proposals/{id}/${answer}`,
      tag: "proposals",
      summary: `${verb} a proposal (the page's rules: open, not expired, places left)`,
      audience: "candidate",
      params: Id,
      response: Done,
      async handler({ user, params }) {
        if (!isUuid(params.id)) throw new AppError("not_found", "proposal_not_found");
        if (answer === "accept") await services.placements.acceptProposal(user!, params.id);
        else await services.placements.declineProposal(user!, params.id);
        return { ok: true as const };
      },
    });

  defineRoute(api, {
    method: "get",
    path: "/me/shifts",
    tag: "planning",
    summary: "The candidate's published shifts from a week ago on",
    audience: "candidate",
    response: z.array(Shift),
    async handler({ user }) {
      const since = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      return services.planning.myShifts(user!, since);
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/me/timesheets",
    tag: "timesheets",
    summary: "The candidate's timesheets, newest week first",
    audience: "candidate",
    query: z.object({ status: z.string().max(40).optional(), week: z.string().max(10).optional() }),
    response: z.array(TimesheetRow),
    async handler({ user, query }) {
      const rows = await services.timesheets.timesheets(user!, query);
      return rows.map(timesheetOut);
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/me/timesheets/{id}",
    tag: "timesheets",
    summary: "One of the candidate's timesheets, day by day",
    audience: "candidate",
    params: Id,
    response: TimesheetDetails,
    async handler({ user, params }) {
      return timesheetDetailsOut(await services.timesheets.timesheet(user!, params.id), "candidate");
    },
  });

  defineRoute(api, {
    method: "put",
    path: "/me/timesheets/{id}/days/{day}",
    tag: "timesheets",
    summary: "Enter one day (the day form's rules: times HH:MM, amounts in cents or as 12.50)",
    audience: "candidate",
    params: z.object({ id: z.string().max(64), day: z.string().max(10) }),
    body: SaveDay,
    response: Version,
    async handler({ user, params, req }) {
      const parsed = daySchema.safeParse({ ...(req.body as object), timesheetId: params.id, day: params.day });
      if (!parsed.success) throw zodAppError(parsed.error);
      return services.timesheets.saveTimesheetDay(user!, { timesheetId: params.id, entry: dayOfForm(parsed.data) });
    },
  });

  defineRoute(api, {
    method: "post",
    path: "/me/timesheets/{id}/submit",
    tag: "timesheets",
    summary: "Submit the week to the agency, at the version read (changed since: 409)",
    audience: "candidate",
    params: Id,
    body: actionSchema.pick({ version: true }).extend({ version: z.number().int().min(1) }),
    response: Version,
    async handler({ user, params, body }) {
      return services.timesheets.moveTimesheet(user!, {
        timesheetId: params.id,
        version: body.version,
        action: "submit",
      });
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/me/notifications",
    tag: "notifications",
    summary: "The person's notifications, newest first",
    audience: "any",
    response: z.array(Notification),
    async handler({ user }) {
      const rows = await services.notifications.listNotifications(user!);
      return rows.map((n) => ({
        id: n.id,
        kind: n.kind,
        params: (n.params ?? {}) as Record<string, unknown>,
        link: n.link,
        createdAt: iso(n.createdAt),
        readAt: isoOrNull(n.readAt),
      }));
    },
  });

  defineRoute(api, {
    method: "post",
    path: "/me/notifications/read",
    tag: "notifications",
    summary: "Mark notifications read: those given, or all",
    audience: "any",
    body: z.object({ ids: z.array(z.string().max(64)).max(200).optional() }),
    response: Done,
    async handler({ user, body }) {
      await services.notifications.markNotificationsRead(user!, body.ids);
      return { ok: true as const };
    },
  });
}

type AppRow = Awaited<ReturnType<ApiBuilder["services"]["applications"]["myApplications"]>>[number];
const applicationOut = (a: AppRow) => ({
  id: a.id,
  adId: Number(a.adId),
  adTitle: a.adTitle,
  agencyName: a.agencyName,
  status: a.status,
  source: a.source,
  adOnline: Boolean(a.adOnline),
  withdrawnAt: isoOrNull(a.withdrawnAt),
  createdAt: iso(a.createdAt),
  updatedAt: iso(a.updatedAt),
});

type SheetRow = NonNullable<Awaited<ReturnType<ApiBuilder["services"]["timesheets"]["timesheet"]>>>;
export const timesheetOut = (t: SheetRow) => ({
  id: t.id,
  week: t.week,
  adTitle: t.adTitle,
  agencyName: t.agencyName,
  candidateName: t.candidateName,
  clientName: t.clientName,
  status: t.status,
  version: t.version,
  updatedAt: iso(t.updatedAt),
});

/** A sheet with its days and what the party may do next; none (another's, unknown): not found. */
export function timesheetDetailsOut(sheet: SheetRow | null, party: "candidate" | "agency") {
  if (!sheet) throw new AppError("not_found", "timesheet_not_found");
  return {
    ...timesheetOut(sheet),
    comment: sheet.comment,
    openDays: sheet.openDays,
    days: sheet.days,
    workedMinutes: sheet.days.reduce((n, d) => n + workedMinutes(d), 0),
    actions: actionsOn(sheet, party),
  };
}

type HistoryEntry = NonNullable<
  Awaited<ReturnType<ApiBuilder["services"]["applications"]["myApplication"]>>
>["timeline"][number];
/** One line of an application's history (what the timeline shows). */
export const historyOut = (e: HistoryEntry) => ({
  at: iso(e.at),
  kind: e.kind,
  by: e.by,
  byKind: e.byKind,
  ...(e.status !== undefined ? { status: e.status } : {}),
  ...(e.from !== undefined ? { from: e.from } : {}),
  ...(e.note !== undefined ? { note: e.note } : {}),
});
