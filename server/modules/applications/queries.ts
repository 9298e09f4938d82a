import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { isUuid } from "../../lib/contract";
import { tenantFilter } from "../../lib/tenancy";
import { isCandidate, type Actor } from "../identity/contract";
import {
  PIPELINE_PAGE_SIZE,
  readsAgencyOwn,
  STATUS,
  UNANSWERED_AFTER_MS,
  type Interest,
  type PipelineFilters,
  type RefusalReason,
  type StatusCode,
} from "./contract";
import { applicationStream, type ApplicationEvent } from "./events";

/** One line of an application's history, as the timeline shows it. */
export interface TimelineEntry {
  at: Date;
  kind: "submitted" | "status" | "interest" | "note" | "withdrawn" | "mail" | "refusal_notified";
  /** who did it: a person's name, or null for the system and the candidate themself */
  by: string | null;
  byKind: "candidate" | "consultant" | "system";
  status?: StatusCode;
  from?: StatusCode;
  reason?: RefusalReason | null;
  interest?: Interest | null;
  note?: string;
  subject?: string;
  body?: string;
}

/** The candidate's lists: pending, retained (and on mission), refused (and withdrawn). */
export const CANDIDATE_LISTS = {
  pending: { statuses: [STATUS.pending], withdrawn: false },
  retained: { statuses: [STATUS.retained, STATUS.mission], withdrawn: false },
  refused: { statuses: [STATUS.rejected], withdrawn: true },
} as const;
export type CandidateList = keyof typeof CANDIDATE_LISTS;

export interface CandidateApplicationRow {
  id: string;
  adId: number;
  adTitle: string;
  agencyName: string;
  status: StatusCode;
  source: string;
  adOnline: boolean;
  withdrawnAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  version: number;
}

export interface PipelineRow {
  id: string;
  adId: number;
  adTitle: string;
  candidateId: string;
  candidateName: string;
  candidateEmail: string;
  status: StatusCode;
  interest: Interest | null;
  source: string;
  consultantName: string | null;
  branchName: string | null;
  clientName: string | null;
  autoReplyDueAt: Date | null;
  answeredAt: Date | null;
  withdrawnAt: Date | null;
  hasCv: boolean;
  createdAt: Date;
  version: number;
}

const candidateColumns = (
  sql: Db,
) => sql`a.id, a.ad_id::int as "adId", a.ad_title as "adTitle", a.agency_name as "agencyName", a.status, a.source,
  coalesce(ad.status = 'online', false) as "adOnline", a.withdrawn_at as "withdrawnAt", a.created_at as "createdAt", a.updated_at as "updatedAt", a.version`;

export function applicationQueries(sql: Db, store: EventStore, storage: Storage) {
  /** The history from the application's events; `internal` adds notes and interest (agency only). */
  async function timeline(applicationId: string, internal: boolean): Promise<TimelineEntry[]> {
    const events = await store.readStream<ApplicationEvent>(applicationStream(applicationId));
    const actorIds = [
      ...new Set(events.map((e) => e.metadata.actor).filter((a): a is string => Boolean(a && isUuid(a)))),
    ];
    const names = new Map(
      actorIds.length
        ? (
            await sql<
              { id: string; name: string }[]
            >`select id, first_name || ' ' || last_name as name from rm_users where id in ${sql(actorIds)}`
          ).map((r) => [r.id, r.name])
        : [],
    );
    const out: TimelineEntry[] = [];
    for (const e of events) {
      const actor = e.metadata.actor ?? "system";
      const byKind =
        actor === "system" ? "system" : "userId" in e.data && actor === e.data.userId ? "candidate" : "consultant";
      const base = {
        at: e.createdAt,
        by: byKind === "consultant" ? (names.get(actor) ?? null) : null,
        byKind,
      } as const;
      const d = e.data as Record<string, unknown>;
      switch (e.type) {
        case "ApplicationSubmitted":
          out.push({ ...base, kind: "submitted", status: STATUS.pending });
          break;
        case "ApplicationStatusChanged":
          out.push({
            ...base,
            kind: "status",
            from: d.from as StatusCode,
            status: d.to as StatusCode,
            reason: (d.reason as RefusalReason | null) ?? null,
          });
          break;
        case "ApplicationWithdrawn":
          out.push({ ...base, kind: "withdrawn" });
          break;
        case "ApplicationMailSent":
          out.push({
            ...base,
            kind: "mail",
            subject: (d.subject as string) ?? "",
            ...(internal ? { body: (d.body as string) ?? "" } : {}),
          });
          break;
        case "ApplicationRefusalNotified":
          out.push({ ...base, kind: "refusal_notified", reason: (d.reason as RefusalReason | null) ?? null });
          break;
        case "ApplicationInterestChanged":
          if (internal) out.push({ ...base, kind: "interest", interest: (d.interest as Interest | null) ?? null });
          break;
        case "ApplicationNoteAdded":
          if (internal) out.push({ ...base, kind: "note", note: (d.note as string) ?? "" });
          break;
      }
    }
    return out;
  }

  return {
    /**
     * The agencies a candidate deals with: those they applied to (not withdrawn) and those whose
     * missions they are on (rm_placements). What an agency may see of a candidate's documents,
     * and whose shared documents the candidate reads, follow from it.
     */
    async agenciesOfCandidate(candidateId: string): Promise<string[]> {
      if (!isUuid(candidateId)) return [];
      const rows = await sql<{ agencyId: string }[]>`
        select agency_id as "agencyId" from rm_applications where candidate_id = ${candidateId} and withdrawn_at is null
        union select agency_id from rm_placements where candidate_id = ${candidateId} and status <> 'cancelled'`;
      return rows.map((r) => r.agencyId);
    },

    /** Whether an application still sends this CV file (a document's file is then kept when the candidate replaces or deletes it). */
    async isCvFileInUse(fileId: string): Promise<boolean> {
      if (!isUuid(fileId)) return false;
      const [row] = await sql`select 1 from rm_applications where cv_file_id = ${fileId} limit 1`;
      return Boolean(row);
    },

    /** /candidatures-en-attente, -retenues, -refusees: the candidate's own applications. */
    async myApplications(actor: Actor, list: CandidateList): Promise<CandidateApplicationRow[]> {
      if (!isCandidate(actor)) return [];
      const { statuses, withdrawn } = CANDIDATE_LISTS[list];
      return sql<
        CandidateApplicationRow[]
      >`select ${candidateColumns(sql)} from rm_applications a left join rm_ads ad on ad.id = a.ad_id
        where a.candidate_id = ${actor.id} and ((a.status in ${sql(statuses as readonly number[])} and a.withdrawn_at is null) ${withdrawn ? sql`or a.withdrawn_at is not null` : sql``})
        order by a.updated_at desc limit 500`;
    },

    /** Counts per list (the menu and the dashboard). */
    async myCounts(actor: Actor) {
      const [row] = await sql<
        { pending: number; retained: number; refused: number; mission: number; total: number }[]
      >`select
        count(*) filter (where status = 3 and withdrawn_at is null)::int as pending,
        count(*) filter (where status in (2, 6) and withdrawn_at is null)::int as retained,
        count(*) filter (where status = 1 or withdrawn_at is not null)::int as refused,
        count(*) filter (where status = 6)::int as mission,
        count(*)::int as total
        from rm_applications where candidate_id = ${isCandidate(actor) ? actor.id : null}`;
      return row!;
    },

    /** Every application's status, for the live toasts that say what changed. */
    async myStatuses(actor: Actor): Promise<{ id: string; status: StatusCode; withdrawn: boolean; adTitle: string }[]> {
      if (!isCandidate(actor)) return [];
      return sql<
        { id: string; status: StatusCode; withdrawn: boolean; adTitle: string }[]
      >`select id, status, withdrawn_at is not null as withdrawn, ad_title as "adTitle"
        from rm_applications where candidate_id = ${actor.id}`;
    },

    /** The candidate's timelines of these applications (theirs only; no internal notes). */
    async myTimelines(actor: Actor, ids: string[]): Promise<Record<string, TimelineEntry[]>> {
      if (!isCandidate(actor) || !ids.length) return {};
      const own = (
        await sql<
          { id: string }[]
        >`select id from rm_applications where candidate_id = ${actor.id} and id in ${sql(ids)}`
      ).map((r) => r.id);
      return Object.fromEntries(await Promise.all(own.map(async (id) => [id, await timeline(id, false)] as const)));
    },

    /** The dashboard's recent applications (those the candidate did not remove). */
    async myRecent(actor: Actor, limit = 5): Promise<CandidateApplicationRow[]> {
      if (!isCandidate(actor)) return [];
      return sql<
        CandidateApplicationRow[]
      >`select ${candidateColumns(sql)} from rm_applications a left join rm_ads ad on ad.id = a.ad_id
        where a.candidate_id = ${actor.id} and not a.hidden_by_candidate order by a.updated_at desc limit ${limit}`;
    },

    /** One of the candidate's applications with its history (no internal notes). */
    async myApplication(actor: Actor, applicationId: string) {
      if (!isCandidate(actor) || !isUuid(applicationId)) return null;
      const [row] = await sql<
        (CandidateApplicationRow & { answers: boolean[]; questions: string[]; cvName: string | null })[]
      >`
        select ${candidateColumns(sql)}, a.answers, coalesce(ad.fields->'questions', '[]'::jsonb) as questions, a.cv_name as "cvName"
        from rm_applications a left join rm_ads ad on ad.id = a.ad_id where a.id = ${applicationId} and a.candidate_id = ${actor.id}`;
      return row ? { ...row, timeline: await timeline(applicationId, false) } : null;
    },

    /** Whether the candidate already applied to the ad (the ad page shows it). */
    async myApplicationFor(actor: Actor, adId: number) {
      if (!isCandidate(actor) || !Number.isSafeInteger(adId)) return null;
      const [row] = await sql<
        { id: string; status: StatusCode; withdrawnAt: Date | null }[]
      >`select id, status, withdrawn_at as "withdrawnAt"
        from rm_applications where ad_id = ${adId} and candidate_id = ${actor.id}`;
      return row ?? null;
    },

    /** /candidatures: the agency's applications, filtered, sorted and paginated. */
    async pipeline(actor: Actor, f: PipelineFilters, now: Date) {
      const internal = readsAgencyOwn(actor);
      // a text search matches people by name or email (one small query) or the ad's title
      const needle = f.q ? "%" + f.q.replace(/[\\%_]/g, "\\$&") + "%" : "";
      const where = sql`${tenantFilter(sql, actor, "a")}
        ${f.adId ? sql`and a.ad_id = ${f.adId}` : sql``}
        ${f.status ? sql`and a.status = ${f.status} and a.withdrawn_at is null` : sql``}
        ${!internal ? sql`` : f.interest === "unrated" ? sql`and a.interest is null` : f.interest ? sql`and a.interest = ${f.interest}` : sql``}
        ${f.consultantId ? sql`and a.consultant_id = ${f.consultantId}` : sql``}
        ${f.branchId ? sql`and a.branch_id = ${f.branchId}` : sql``}
        ${f.clientId ? sql`and a.client_id = ${f.clientId}` : sql``}
        ${f.source ? sql`and a.source = ${f.source}` : sql``}
        ${f.from ? sql`and a.created_at >= ${f.from}::date` : sql``}
        ${f.to ? sql`and a.created_at < ${f.to}::date + 1` : sql``}
        ${f.unanswered ? sql`and a.status = 3 and a.answered_at is null and a.withdrawn_at is null and a.created_at < ${new Date(now.getTime() - UNANSWERED_AFTER_MS)}` : sql``}
        ${
          needle
            ? sql`and (a.ad_title ilike ${needle} or a.candidate_id in (select id from rm_users where role = 'CANDIDATE' and (first_name || ' ' || last_name || ' ' || email) ilike ${needle}))`
            : sql``
        }`;
      const order = {
        newest: sql`a.created_at desc, a.id`,
        oldest: sql`a.created_at asc, a.id`,
        candidate: sql`u.last_name, u.first_name, a.id`,
        ad: sql`a.ad_title, a.created_at desc, a.id`,
      }[f.sort];
      // the count reads the applications alone (an index scan); the page joins the names for 25 rows
      const [count] = await sql<
        { total: number }[]
      >`select count(*)::int as total from rm_applications a where ${where}`;
      const total = count!.total;
      const pages = Math.max(1, Math.ceil(total / PIPELINE_PAGE_SIZE));
      const page = Math.min(f.page, pages);
      const rows = await sql<
        PipelineRow[]
      >`select a.id, a.ad_id::int as "adId", a.ad_title as "adTitle", a.candidate_id as "candidateId",
          u.first_name || ' ' || u.last_name as "candidateName", u.email as "candidateEmail", a.status, a.interest, a.source,
          c.first_name || ' ' || c.last_name as "consultantName", b.name as "branchName", cc.name as "clientName",
          a.auto_reply_due_at as "autoReplyDueAt", a.answered_at as "answeredAt", a.withdrawn_at as "withdrawnAt",
          a.cv_file_id is not null as "hasCv", a.created_at as "createdAt", a.version
        from rm_applications a join rm_users u on u.id = a.candidate_id
          left join rm_users c on c.id = a.consultant_id
          left join rm_branches b on b.id = a.branch_id
          left join rm_client_companies cc on cc.id = a.client_id
        where ${where} order by ${order} limit ${PIPELINE_PAGE_SIZE} offset ${(page - 1) * PIPELINE_PAGE_SIZE}`;
      return { rows: internal ? rows : rows.map((r) => ({ ...r, interest: null })), total, page, pages };
    },

    /** The details view: the application, the candidate, the ad's questions and the full history. */
    async applicationDetails(actor: Actor, applicationId: string) {
      if (!isUuid(applicationId)) return null;
      const [row] = await sql<
        (PipelineRow & {
          agencyId: string;
          answers: boolean[];
          questions: string[];
          message: string | null;
          cvName: string | null;
          cvSize: number | null;
          candidatePhone: string | null;
          candidateCountry: string | null;
          candidateLocale: string;
        })[]
      >`select a.id, a.ad_id::int as "adId", a.ad_title as "adTitle", a.agency_id as "agencyId", a.candidate_id as "candidateId",
          u.first_name || ' ' || u.last_name as "candidateName", u.email as "candidateEmail", u.country as "candidateCountry", u.locale as "candidateLocale", null as "candidatePhone",
          a.status, a.interest, a.source, c.first_name || ' ' || c.last_name as "consultantName", b.name as "branchName", cc.name as "clientName",
          a.auto_reply_due_at as "autoReplyDueAt", a.answered_at as "answeredAt", a.withdrawn_at as "withdrawnAt", a.cv_file_id is not null as "hasCv",
          a.cv_name as "cvName", a.cv_size as "cvSize", a.created_at as "createdAt", a.version, a.answers, a.message,
          coalesce(ad.fields->'questions', '[]'::jsonb) as questions
        from rm_applications a join rm_users u on u.id = a.candidate_id
          left join rm_ads ad on ad.id = a.ad_id
          left join rm_users c on c.id = a.consultant_id
          left join rm_branches b on b.id = a.branch_id
          left join rm_client_companies cc on cc.id = a.client_id
        where a.id = ${applicationId} and ${tenantFilter(sql, actor, "a")}`;
      if (!row) return null;
      const [profile] = await sql<
        { birthDate: string | null; desiredJobs: string[] | null }[]
      >`select birth_date::text as "birthDate", desired_jobs as "desiredJobs"
        from rm_candidates where user_id = ${row.candidateId}`;
      const internal = readsAgencyOwn(actor);
      return {
        ...row,
        interest: internal ? row.interest : null,
        profile: profile ?? null,
        timeline: await timeline(applicationId, internal),
      };
    },

    /** The CV sent with an application, for whoever may read it: the agency's staff or the candidate. */
    async applicationCv(actor: Actor, applicationId: string) {
      if (!isUuid(applicationId)) return null;
      const [row] = await sql<
        { fileId: string; name: string; mime: string }[]
      >`select a.cv_file_id as "fileId", a.cv_name as name, a.cv_mime as mime
        from rm_applications a where a.id = ${applicationId} and a.cv_file_id is not null
          and (${isCandidate(actor) ? sql`a.candidate_id = ${actor.id}` : tenantFilter(sql, actor, "a", { clientColumn: null })})`;
      return row ?? null;
    },

    /** The CV's bytes for whoever may read it (the agency's staff or the candidate); null otherwise. */
    async readApplicationCv(actor: Actor, applicationId: string) {
      const cv = await this.applicationCv(actor, applicationId);
      const bytes = cv ? await storage.get(cv.fileId) : null;
      return cv && bytes ? { ...cv, bytes } : null;
    },

    /** The agency dashboard: new applications today and this week, by ad, and the unanswered ones. */
    async agencyStats(actor: Actor, now: Date) {
      const dayStart = new Date(now);
      dayStart.setUTCHours(0, 0, 0, 0);
      const weekStart = new Date(now.getTime() - 7 * 24 * 3600 * 1000);
      const stale = new Date(now.getTime() - UNANSWERED_AFTER_MS);
      const scope = tenantFilter(sql, actor, "a");
      const [counts] = await sql<{ today: number; week: number; unanswered: number; pending: number }[]>`select
        count(*) filter (where a.created_at >= ${dayStart})::int as today,
        count(*) filter (where a.created_at >= ${weekStart})::int as week,
        count(*) filter (where a.status = 3 and a.answered_at is null and a.withdrawn_at is null and a.created_at < ${stale})::int as unanswered,
        count(*) filter (where a.status = 3 and a.withdrawn_at is null)::int as pending
        from rm_applications a where ${scope}`;
      const byAd = await sql<
        { adId: number; adTitle: string; week: number; today: number }[]
      >`select a.ad_id::int as "adId", max(a.ad_title) as "adTitle",
        count(*)::int as week, count(*) filter (where a.created_at >= ${dayStart})::int as today
        from rm_applications a where ${scope} and a.created_at >= ${weekStart} group by a.ad_id order by week desc, "adId" desc limit 8`;
      return { ...counts!, byAd };
    },

    /** The pipeline's filter choices: the agency's ads that received applications (most recent first). */
    async pipelineOptions(actor: Actor) {
      const ads = await sql<{ id: number; title: string }[]>`select ad.id::int as id, ad.title from rm_ads ad
        where ${tenantFilter(sql, actor, "ad")} and exists (select 1 from rm_applications x where x.ad_id = ad.id)
        order by ad.updated_at desc limit 200`;
      return { ads };
    },
  };
}
