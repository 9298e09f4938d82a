import { z } from "zod";
import { AppError } from "../../lib/errors";
import { LISTED_AD_STATES, type AdState } from "../../modules/missions/contract";
import { isDay } from "../../modules/planning/contract";
import { defineRoute, type ApiBuilder } from "./route";
import { timesheetDetailsOut, timesheetOut } from "./routes-candidate";
import { historyOut } from "./routes-candidate";
import { iso, isoOrNull, TimelineEntry, TimesheetDetails, TimesheetRow } from "./schemas";

const AgencyAd = z
  .object({
    id: z.number().int(),
    slug: z.string(),
    title: z.string(),
    status: z.string(),
    branchName: z.string().nullable(),
    clientName: z.string().nullable(),
    placeName: z.string().nullable(),
    endDate: z.string().nullable(),
    publishedAt: z.string().datetime({ offset: true }).nullable(),
    updatedAt: z.string().datetime({ offset: true }),
    applicationCount: z.number().int(),
  })
  .openapi("AgencyAd");

const AgencyApplication = z
  .object({
    id: z.string().uuid(),
    adId: z.number().int(),
    adTitle: z.string(),
    candidateId: z.string().uuid(),
    candidateName: z.string(),
    status: z.number().int(),
    interest: z.string().nullable(),
    source: z.string(),
    withdrawnAt: z.string().datetime({ offset: true }).nullable(),
    createdAt: z.string().datetime({ offset: true }),
    version: z.number().int(),
  })
  .openapi("AgencyApplication");

const AgencyApplicationDetails = AgencyApplication.extend({
  candidateEmail: z.string(),
  questions: z.array(z.string()),
  answers: z.array(z.boolean()),
  message: z.string().nullable(),
  cvName: z.string().nullable(),
  history: z.array(TimelineEntry),
}).openapi("AgencyApplicationDetails");

type PipelineRow = Awaited<ReturnType<ApiBuilder["services"]["applications"]["pipeline"]>>["rows"][number];
const applicationOut = (r: PipelineRow) => ({
  id: r.id,
  adId: Number(r.adId),
  adTitle: r.adTitle,
  candidateId: r.candidateId,
  candidateName: r.candidateName,
  status: r.status,
  interest: r.interest,
  source: r.source,
  withdrawnAt: isoOrNull(r.withdrawnAt),
  createdAt: iso(r.createdAt),
  version: r.version,
});

const PlanningShift = z
  .object({
    id: z.string(),
    placementId: z.string(),
    candidateId: z.string(),
    candidateName: z.string(),
    adId: z.number().int(),
    adTitle: z.string(),
    clientName: z.string().nullable(),
    day: z.string(),
    startMin: z.number().int(),
    endMin: z.number().int(),
    breakMin: z.number().int(),
    status: z.string(),
    published: z.boolean(),
    confirmed: z.boolean(),
  })
  .openapi("PlanningShift");

const page = z
  .string()
  .regex(/^\d{1,4}$/, "api_invalid_value")
  .optional();
const paged = <T extends z.ZodTypeAny>(item: T) =>
  z.object({ total: z.number().int(), page: z.number().int(), pages: z.number().int(), items: z.array(item) });

/** The agency's own tools: its ads, applications, planning and timesheets (reading; tenant-scoped in each query). */
export function agencyRoutes(api: ApiBuilder) {
  const { services } = api;

  defineRoute(api, {
    method: "get",
    path: "/agency/ads",
    tag: "agency",
    summary: "The agency's ads (25 a page), newest change first",
    audience: "agency",
    query: z.object({ status: z.enum(LISTED_AD_STATES as unknown as [AdState, ...AdState[]]).optional(), page }),
    response: paged(AgencyAd),
    async handler({ user, query }) {
      const found = await services.missions.listAds(user!, { status: query.status, page: Number(query.page ?? 1) });
      return {
        total: found.total,
        page: found.page,
        pages: found.pages,
        items: found.ads.map((a) => ({
          id: Number(a.id),
          slug: a.slug,
          title: a.title,
          status: a.status,
          branchName: a.branchName,
          clientName: a.clientName,
          placeName: a.placeName,
          endDate: a.endDate,
          publishedAt: isoOrNull(a.publishedAt),
          updatedAt: iso(a.updatedAt),
          applicationCount: a.applicationCount,
        })),
      };
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/agency/applications",
    tag: "agency",
    summary: "The agency's applications (25 a page), newest first",
    audience: "agency",
    query: z.object({
      adId: z
        .string()
        .regex(/^\d{1,15}$/, "api_invalid_value")
        .optional(),
      status: z.enum(["1", "2", "3", "6"]).optional(),
      page,
    }),
    response: paged(AgencyApplication),
    async handler({ user, query }) {
      const found = await services.applications.pipeline(
        user!,
        {
          adId: query.adId ? Number(query.adId) : null,
          status: query.status ? (Number(query.status) as 1 | 2 | 3 | 6) : null,
          interest: null,
          consultantId: "",
          branchId: "",
          clientId: "",
          source: "",
          from: "",
          to: "",
          q: "",
          unanswered: false,
          sort: "newest",
          page: Math.max(1, Number(query.page ?? 1)),
        },
        new Date(),
      );
      return {
        total: found.total,
        page: found.page,
        pages: found.pages,
        items: found.rows.map(applicationOut),
      };
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/agency/applications/{id}",
    tag: "agency",
    summary: "One of the agency's applications with its answers, message and full history (notes included)",
    audience: "agency",
    params: z.object({ id: z.string().max(64) }),
    response: AgencyApplicationDetails,
    async handler({ user, params }) {
      const found = await services.applications.applicationDetails(user!, params.id);
      if (!found) throw new AppError("not_found", "application_not_found");
      return {
        ...applicationOut(found),
        candidateEmail: found.candidateEmail,
        questions: found.questions,
        answers: found.answers,
        message: found.message,
        cvName: found.cvName,
        history: found.timeline.map(historyOut),
      };
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/agency/planning",
    tag: "agency",
    summary: "The agency's shifts of a period (at most 62 days)",
    audience: "agency",
    query: z.object({
      from: z.string().refine(isDay, "validation.date"),
      to: z.string().refine(isDay, "validation.date"),
    }),
    response: z.array(PlanningShift),
    async handler({ user, query }) {
      if (query.from > query.to || Date.parse(query.to) - Date.parse(query.from) > 62 * 86_400_000)
        throw new AppError("invalid", "api_period_invalid", "to");
      const board = await services.planning.board(user!, { from: query.from, to: query.to });
      return board.shifts
        .filter((s) => s.day >= query.from && s.day <= query.to)
        .map((s) => ({
          id: s.id,
          placementId: s.placementId,
          candidateId: s.candidateId,
          candidateName: s.candidateName,
          adId: Number(s.adId),
          adTitle: s.adTitle,
          clientName: s.clientName,
          day: s.day,
          startMin: s.startMin,
          endMin: s.endMin,
          breakMin: s.breakMin,
          status: s.status,
          published: s.published,
          confirmed: s.confirmed,
        }));
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/agency/timesheets",
    tag: "agency",
    summary: "The agency's timesheets, newest week first (at most 500)",
    audience: "agency",
    query: z.object({ status: z.string().max(40).optional(), week: z.string().max(10).optional() }),
    response: z.array(TimesheetRow),
    async handler({ user, query }) {
      return (await services.timesheets.timesheets(user!, query)).map(timesheetOut);
    },
  });

  defineRoute(api, {
    method: "get",
    path: "/agency/timesheets/{id}",
    tag: "agency",
    summary: "One of the agency's timesheets",
    audience: "agency",
    params: z.object({ id: z.string().max(64) }),
    response: TimesheetDetails,
    async handler({ user, params }) {
      return timesheetDetailsOut(await services.timesheets.timesheet(user!, params.id), "agency");
    },
  });
}
