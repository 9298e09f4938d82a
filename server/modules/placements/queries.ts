import type { Db } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { tenantFilter } from "../../lib/tenancy";
import { isCandidate, type Actor } from "../identity/contract";
import { mayPropose, type ProposalMode, type ProposalResponse, type ProposalStatus } from "./contract";

export interface ProposalRow {
  id: string;
  adId: number;
  adTitle: string;
  agencyName: string;
  mode: ProposalMode;
  places: number;
  message: string | null;
  status: ProposalStatus;
  expiresAt: Date;
  createdAt: Date;
  version: number;
}

export interface AgencyProposalRow extends ProposalRow {
  consultantName: string | null;
  candidates: { id: string; name: string; response: ProposalResponse; respondedAt: string | null }[];
}

export interface MyProposalRow extends ProposalRow {
  response: ProposalResponse;
  respondedAt: Date | null;
  placeName: string | null;
  startDate: string | null;
  endDate: string | null;
}

export interface PlacementRow {
  id: string;
  adId: number;
  adTitle: string;
  agencyName: string;
  candidateId: string;
  candidateName: string;
  placeName: string;
  startDate: string | null;
  endDate: string | null;
  status: string;
  proposalId: string | null;
  createdAt: Date;
}

const proposalColumns = (
  sql: Db,
) => sql`p.id, p.ad_id::int as "adId", p.ad_title as "adTitle", p.agency_name as "agencyName", p.mode, p.places, p.message,
  p.status, p.expires_at as "expiresAt", p.created_at as "createdAt", p.version`;

const placementColumns = (
  sql: Db,
) => sql`m.id, m.ad_id::int as "adId", m.ad_title as "adTitle", m.agency_name as "agencyName", m.candidate_id as "candidateId",
  u.first_name || ' ' || u.last_name as "candidateName", m.place_name as "placeName", m.start_date::text as "startDate", m.end_date::text as "endDate",
  m.status, m.proposal_id as "proposalId", m.created_at as "createdAt"`;

export function placementQueries(sql: Db) {
  return {
    /** /mes-propositions: every proposal made to the candidate, newest first, with their answer. */
    async myProposals(actor: Actor): Promise<MyProposalRow[]> {
      if (!isCandidate(actor)) return [];
      return sql<MyProposalRow[]>`select ${proposalColumns(sql)}, pc.response, pc.responded_at as "respondedAt",
          ad.place_name as "placeName", ad.commitment_date::text as "startDate", ad.end_date::text as "endDate"
        from rm_proposal_candidates pc join rm_proposals p on p.id = pc.proposal_id left join rm_ads ad on ad.id = p.ad_id
        where pc.candidate_id = ${actor.id} order by p.created_at desc limit 200`;
    },

    /** /missions-valides: the candidate's validated missions. */
    async myPlacements(actor: Actor): Promise<PlacementRow[]> {
      if (!isCandidate(actor)) return [];
      return sql<
        PlacementRow[]
      >`select ${placementColumns(sql)} from rm_placements m join rm_users u on u.id = m.candidate_id
        where m.candidate_id = ${actor.id} order by m.start_date desc nulls first, m.created_at desc limit 500`;
    },

    /** /candidatures/propositions: the agency's proposals, each with its candidates' answers. */
    async agencyProposals(actor: Actor): Promise<AgencyProposalRow[]> {
      return sql<
        AgencyProposalRow[]
      >`select ${proposalColumns(sql)}, c.first_name || ' ' || c.last_name as "consultantName",
          coalesce((select json_agg(json_build_object('id', pc.candidate_id, 'name', u.first_name || ' ' || u.last_name, 'response', pc.response, 'respondedAt', pc.responded_at)
            order by u.last_name, u.first_name) from rm_proposal_candidates pc join rm_users u on u.id = pc.candidate_id where pc.proposal_id = p.id), '[]') as candidates
        from rm_proposals p left join rm_users c on c.id = p.consultant_id
        where ${tenantFilter(sql, actor, "p", { clientColumn: null })} order by p.created_at desc limit 200`;
    },

    /** The agency dashboard's proposals: those open, and those where candidates accepted and wait for the consultant's pick. */
    async proposalsAtAGlance(actor: Actor): Promise<{ open: number; toPick: number }> {
      const [row] = await sql<{ open: number; toPick: number }[]>`select count(*)::int as open,
          count(*) filter (where p.mode = 'pick' and exists (select 1 from rm_proposal_candidates pc where pc.proposal_id = p.id and pc.response = 'accepted'))::int as "toPick"
        from rm_proposals p where p.status = 'open' and ${tenantFilter(sql, actor, "p", { clientColumn: null })}`;
      return row!;
    },

    /** The agency's validated missions (client users: their company's). */
    async agencyPlacements(actor: Actor): Promise<PlacementRow[]> {
      return sql<
        PlacementRow[]
      >`select ${placementColumns(sql)} from rm_placements m join rm_users u on u.id = m.candidate_id
        where ${tenantFilter(sql, actor, "m")} order by m.created_at desc limit 500`;
    },

    /** One validated mission, for whoever may read it (its candidate, its agency); null otherwise. */
    async placement(actor: Actor, placementId: string): Promise<PlacementRow | null> {
      if (!isUuid(placementId)) return null;
      const [row] = await sql<
        PlacementRow[]
      >`select ${placementColumns(sql)} from rm_placements m join rm_users u on u.id = m.candidate_id
        where m.id = ${placementId} and (${isCandidate(actor) ? sql`m.candidate_id = ${actor.id}` : tenantFilter(sql, actor, "m")})`;
      return row ?? null;
    },

    /** The propose form's choice of ads: the agency's online ones with their places. */
    async proposableAds(actor: Actor): Promise<{ id: number; title: string; places: number }[]> {
      if (!mayPropose(actor)) return [];
      return sql<
        { id: number; title: string; places: number }[]
      >`select a.id::int as id, a.title, coalesce((a.fields->>'places')::int, 1) as places
        from rm_ads a where a.status = 'online' and ${tenantFilter(sql, actor, "a", { clientColumn: null })} order by a.published_at desc nulls last, a.id desc limit 300`;
    },
  };
}
