import type { Db } from "../../event-store/types";
import { isAgencyStaff, type Actor } from "../identity/contract";
import type { AgencyProfileView, CandidateDocument } from "../candidates";
import type { ListQuery } from "./forms";
import { LIST_PAGE_SIZE, type ArchiveReason, type DeactivateReason, type TagColour } from "./rules";

/** What the file reads of the candidates module, through the one access rule (null: not for this agency). */
export interface CandidateFilePort {
  openCandidateProfile(actor: Actor, candidateId: string): Promise<AgencyProfileView | null>;
  openCandidateDocuments(actor: Actor, candidateId: string): Promise<CandidateDocument[] | null>;
}

export interface FileTag {
  tag: string;
  colour: TagColour;
}
export interface FileComment {
  id: string;
  authorId: string;
  authorName: string;
  body: string | null;
  createdAt: Date;
  editedAt: Date | null;
}
export interface TimelineEntry {
  position: number;
  /** the stream's kind: candidate, profile, application, proposal, placement, assignment, timesheet, candidate-file */
  kind: string;
  type: string;
  at: Date;
  actorName: string | null;
  commentId: string | null;
  activityId: string | null;
  /** a client's answer in a presentation dossier (issue 29): interested, meeting, not_suitable */
  answer: string | null;
}
/** An activity of this agency about the candidate (issue 29), as its timeline entries show it. */
export interface FileActivity {
  id: string;
  kind: string;
  subject: string | null;
}
export interface ListRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  place: string | null;
  activity: Date;
  archivedReason: ArchiveReason | null;
  /** deactivated by this agency */
  deactivated: boolean;
  tags: FileTag[];
}

const TIMELINE_MAX = 300;
const LIST_MAX = 50;

/** Escapes LIKE's wildcards: a filter is matched as typed. */
const like = (v: string) => `%${v.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

export function candidateFileQueries(sql: Db, candidates: CandidateFilePort) {
  /** Every read below is this agency's only: `agency_id = ${agencyId}` in each WHERE clause. */
  async function dealings(agencyId: string, candidateId: string) {
    const [applications, proposals, placements, assignments, timesheets, activities, presentations] = await Promise.all(
      [
        sql<{ id: string; adId: number; adTitle: string; status: number; createdAt: Date }[]>`
        select id, ad_id as "adId", ad_title as "adTitle", status, created_at as "createdAt" from rm_applications
        where agency_id = ${agencyId} and candidate_id = ${candidateId} order by created_at desc limit ${LIST_MAX}`,
        sql<{ id: string; adTitle: string; response: string; status: string; createdAt: Date }[]>`
        select p.id, p.ad_title as "adTitle", pc.response, p.status, p.created_at as "createdAt"
        from rm_proposal_candidates pc join rm_proposals p on p.id = pc.proposal_id
        where p.agency_id = ${agencyId} and pc.candidate_id = ${candidateId} order by p.created_at desc limit ${LIST_MAX}`,
        sql<{ id: string; adTitle: string; status: string; startDate: string | null; endDate: string | null }[]>`
        select id, ad_title as "adTitle", status, start_date::text as "startDate", end_date::text as "endDate" from rm_placements
        where agency_id = ${agencyId} and candidate_id = ${candidateId} order by created_at desc limit ${LIST_MAX}`,
        sql<{ id: string; adTitle: string; day: string; startMin: number; endMin: number; status: string }[]>`
        select id, ad_title as "adTitle", day::text as day, start_min as "startMin", end_min as "endMin", status from rm_assignments
        where agency_id = ${agencyId} and candidate_id = ${candidateId} order by day desc, start_min limit ${LIST_MAX}`,
        sql<{ id: string; adTitle: string; week: string; status: string }[]>`
        select id, ad_title as "adTitle", week::text as week, status from rm_timesheets
        where agency_id = ${agencyId} and candidate_id = ${candidateId} order by week desc limit ${LIST_MAX}`,
        sql<FileActivity[]>`
        select id, kind, subject from rm_activities
        where agency_id = ${agencyId} and candidate_id = ${candidateId} order by created_at desc limit ${TIMELINE_MAX}`,
        sql<{ id: string }[]>`
        select presentation_id as id from rm_presentation_members
        where agency_id = ${agencyId} and candidate_id = ${candidateId} limit ${LIST_MAX}`,
      ],
    );
    return { applications, proposals, placements, assignments, timesheets, activities, presentations };
  }

  /**
   * Every event about the candidate this agency may see: the candidate's own streams, this
   * agency's streams about them and its file; an event that names another agency (a look at the
   * documents, another agency's application) or another candidate (a proposal sent to several) is left out.
   */
  async function timeline(agencyId: string, candidateId: string, ids: Awaited<ReturnType<typeof dealings>>) {
    const streams = [
      `candidate-${candidateId}`,
      `profile-${candidateId}`,
      `candidate-file-${agencyId}-${candidateId}`,
      ...ids.applications.map((a) => `application-${a.id}`),
      ...ids.proposals.map((p) => `proposal-${p.id}`),
      ...ids.placements.map((p) => `placement-${p.id}`),
      ...ids.assignments.map((a) => `assignment-${a.id}`),
      ...ids.timesheets.map((t) => `timesheet-${t.id}`),
      // this agency's activities about the candidate (issue 29)
      ...ids.activities.map((a) => `activity-${a.id}`),
      // the presentation dossiers presenting them: presented, and the client's answers (issue 29)
      ...ids.presentations.map((p) => `presentation-${p.id}`),
    ];
    // The streams' events first, by the stream index (materialized: else the planner walks the
    // whole log backwards by position for the newest 300); the actor then by the users' key
    // (`u.id::text = actor` scanned all users for each event: 20 s for 300 events among
    // 100,000 users, docs/benchmarks.md section 13). An actor that is no id ("system") is no one.
    return sql<(Omit<TimelineEntry, "position"> & { position: string })[]>`
      with mine as materialized (
        select e.global_position, e.stream_id, e.stream_type, e.type, e.created_at, e.data->>'commentId' as comment_id,
          e.data->>'activityId' as activity_id, e.data->>'answer' as answer, e.metadata->>'actor' as actor
        from events e
        where e.stream_id = any(${streams})
          and coalesce(e.metadata->>'tenant', ${agencyId}) = ${agencyId}
          and coalesce(e.data->>'agencyId', ${agencyId}) = ${agencyId}
          and coalesce(e.data->>'candidateId', ${candidateId}) = ${candidateId}
          and coalesce(e.data->>'userId', ${candidateId}) = ${candidateId}
          and coalesce(e.data->>'memberId', ${candidateId}) = ${candidateId}
          and (e.stream_type <> 'presentation' or e.type in ('PresentationMemberAdded', 'PresentationAnswered'))
      )
      select e.global_position as position,
        case when e.stream_id like 'candidate-file-%' then 'candidate-file' else e.stream_type end as kind, e.type, e.created_at as at, e.comment_id as "commentId", e.activity_id as "activityId", e.answer,
        nullif(concat_ws(' ', u.first_name, u.last_name), '') as "actorName"
      from mine e left join rm_users u
        on u.id = case when e.actor ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then e.actor::uuid end
      order by e.global_position desc limit ${TIMELINE_MAX}`.then((rows) =>
      rows.map((r) => ({ ...r, position: Number(r.position) })),
    );
  }

  return {
    /** Whether this agency deactivated the candidate for itself (ADR 0038): its ads refuse their applications. */
    async deactivatedBy(agencyId: string, candidateId: string): Promise<boolean> {
      const [row] = await sql`select 1 from rm_candidate_files
        where agency_id = ${agencyId} and candidate_id = ${candidateId} and deactivated_reason is not null`;
      return Boolean(row);
    },

    /** The ticked candidates this agency may see (the access rule), with their names, in the order ticked. */
    async selectedCandidates(actor: Actor, ids: string[]): Promise<{ id: string; name: string }[]> {
      const seen = await Promise.all(ids.map((id) => candidates.openCandidateProfile(actor, id)));
      const visible = ids.filter((_, i) => seen[i]);
      if (!visible.length) return [];
      const rows = await sql<{ id: string; name: string }[]>`
        select id, trim(first_name || ' ' || last_name) as name from rm_users where id = any(${visible}::uuid[])`;
      const names = new Map(rows.map((r) => [r.id, r.name]));
      return visible.flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : []));
    },

    /** The candidate's file as this agency sees it; null where the access rule says no (read as not found). */
    async candidateFile(actor: Actor, candidateId: string) {
      const profile = await candidates.openCandidateProfile(actor, candidateId);
      const agencyId = actor.agencyId;
      if (!profile || !agencyId) return null;
      const documents = (await candidates.openCandidateDocuments(actor, candidateId)) ?? [];
      const [[person], [file], tags, comments, agencyTags, ids] = await Promise.all([
        sql<{ firstName: string; lastName: string; email: string; enabled: boolean }[]>`
          -- the profile's name first: a merge (ADR 0039) or a saved identity changes it, the account's is the registration's
          select coalesce(nullif(p.identity->>'firstName', ''), u.first_name) as "firstName",
            coalesce(nullif(p.identity->>'lastName', ''), u.last_name) as "lastName", u.email, u.enabled
          from rm_users u left join rm_profiles p on p.user_id = u.id where u.id = ${candidateId}`,
        sql<
          {
            archivedReason: ArchiveReason | null;
            archivedText: string | null;
            archivedAt: Date | null;
            deactivatedReason: DeactivateReason | null;
            deactivatedText: string | null;
            deactivatedAt: Date | null;
            version: number;
          }[]
        >`
          select archived_reason as "archivedReason", archived_text as "archivedText", archived_at as "archivedAt",
            deactivated_reason as "deactivatedReason", deactivated_text as "deactivatedText", deactivated_at as "deactivatedAt", version
          from rm_candidate_files where agency_id = ${agencyId} and candidate_id = ${candidateId}`,
        sql<
          FileTag[]
        >`select tag, colour from rm_candidate_tags where agency_id = ${agencyId} and candidate_id = ${candidateId} order by added_at, tag`,
        sql<FileComment[]>`
          select c.id, c.author_id as "authorId", concat_ws(' ', u.first_name, u.last_name) as "authorName", c.body,
            c.created_at as "createdAt", c.edited_at as "editedAt"
          from rm_candidate_comments c left join rm_users u on u.id = c.author_id
          where c.agency_id = ${agencyId} and c.candidate_id = ${candidateId} order by c.created_at desc`,
        sql<
          FileTag[]
        >`select distinct on (tag_key) tag, colour from rm_candidate_tags where agency_id = ${agencyId} order by tag_key limit 200`,
        dealings(agencyId, candidateId),
      ]);
      if (!person) return null;
      return {
        id: candidateId,
        // contact details only to an agency that dealt with the candidate, not one that sees them by country (ADR 0034)
        person: { ...person, email: profile.contact ? person.email : null },
        profile,
        documents,
        cv: documents.find((d) => d.category === "cv") ?? null,
        archive: file?.archivedReason
          ? { reason: file.archivedReason, text: file.archivedText, at: file.archivedAt! }
          : null,
        deactivation: file?.deactivatedReason
          ? { reason: file.deactivatedReason, text: file.deactivatedText, at: file.deactivatedAt! }
          : null,
        tags,
        comments,
        agencyTags,
        ...ids,
        timeline: await timeline(agencyId, candidateId, ids),
      };
    },

    /**
     * /old-cv-theque: the agency's candidates (an application not withdrawn, or a placement not
     * cancelled: the access rule's relations), most recent activity first, filtered and paginated.
     */
    async candidateList(actor: Actor, q: ListQuery): Promise<{ rows: ListRow[]; total: number }> {
      // the agency's staff only (a client user of the agency has an agency id too)
      const agencyId = isAgencyStaff(actor) ? actor.agencyId : null;
      if (!agencyId) return { rows: [], total: 0 };
      const order = {
        activity: sql`activity`,
        name: sql`lower(u.last_name), lower(u.first_name)`,
        email: sql`lower(u.email)`,
        place: sql`place`,
      }[q.sort];
      const dir = q.dir === "asc" ? sql`asc` : sql`desc`;
      const rows = await sql<(ListRow & { total: string })[]>`
        with rel as (
          select candidate_id, max(updated_at) as at from rm_applications
            where agency_id = ${agencyId} and withdrawn_at is null group by candidate_id
          union all
          select candidate_id, max(created_at) from rm_placements
            where agency_id = ${agencyId} and status <> 'cancelled' group by candidate_id
        ), c as (select candidate_id, max(at) as at from rel group by candidate_id)
        select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email, p.identity->>'phone' as phone,
          nullif(concat_ws(' ', p.address->>'postalCode', p.address->>'city'), '') as place,
          greatest(c.at, f.updated_at) as activity, f.archived_reason as "archivedReason", f.deactivated_reason is not null as deactivated,
          coalesce((select json_agg(json_build_object('tag', t.tag, 'colour', t.colour) order by t.tag) from rm_candidate_tags t
            where t.agency_id = ${agencyId} and t.candidate_id = c.candidate_id), '[]') as tags,
          count(*) over () as total
        from c join rm_users u on u.id = c.candidate_id and u.enabled
        left join rm_profiles p on p.user_id = c.candidate_id
        left join rm_candidate_files f on f.agency_id = ${agencyId} and f.candidate_id = c.candidate_id
        where true
          ${q.name ? sql`and concat_ws(' ', u.first_name, u.last_name, u.first_name) ilike ${like(q.name)}` : sql``}
          ${q.email ? sql`and u.email ilike ${like(q.email)}` : sql``}
          ${q.phone ? sql`and regexp_replace(coalesce(p.identity->>'phone', ''), '\\D', '', 'g') like ${like(q.phone.replace(/\D/g, ""))}` : sql``}
          ${q.place ? sql`and concat_ws(' ', p.address->>'postalCode', p.address->>'city') ilike ${like(q.place)}` : sql``}
          ${{ active: sql`and f.archived_reason is null and f.deactivated_reason is null`, archived: sql`and f.archived_reason is not null`, deactivated: sql`and f.deactivated_reason is not null`, all: sql`` }[q.status]}
        order by ${order} ${dir} nulls last, u.id
        limit ${LIST_PAGE_SIZE} offset ${(q.page - 1) * LIST_PAGE_SIZE}`;
      return { rows: rows.map(({ total: _t, ...r }) => r), total: Number(rows[0]?.total ?? 0) };
    },
  };
}
