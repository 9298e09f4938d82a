import type { Projection, Tx } from "../../event-store/types";
import { MERGE_EVENT_TYPES, mergeMove } from "../duplicates/contract";
import { PLACEMENT_EVENT_TYPES, PROPOSAL_EVENT_TYPES, type PlacementEvent, type ProposalEvent } from "./events";

/** rm_proposals and rm_proposal_candidates: inline, so the lists read their own writes. */
export const proposalsProjection: Projection<ProposalEvent> = {
  name: "proposals",
  eventTypes: [...PROPOSAL_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_proposals", "rm_proposal_candidates"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a merge moves the listed proposals' candidate, its undo moves it back (ADR 0039)
      if (move) {
        await tx`update rm_proposal_candidates set candidate_id = ${move.to}
          where candidate_id = ${move.from} and proposal_id = any(${move.moved.proposals}::uuid[])`;
        continue;
      }
      const at = e.createdAt;
      const id = e.data.proposalId;
      const touch = tx`version = ${e.streamVersion}, updated_at = ${at}`;
      switch (e.type) {
        case "ProposalMade": {
          const d = e.data;
          await tx`insert into rm_proposals ${tx({
            id,
            agency_id: d.agencyId,
            ad_id: d.adId,
            ad_title: d.adTitle,
            agency_name: d.agencyName,
            consultant_id: d.consultantId,
            mode: d.mode,
            places: d.places,
            message: d.message || null,
            status: "open",
            expires_at: new Date(d.expiresAt),
            version: e.streamVersion,
            created_at: at,
            updated_at: at,
          })}`;
          await tx`insert into rm_proposal_candidates ${tx(d.candidateIds.map((c) => ({ proposal_id: id, candidate_id: c, response: "pending", responded_at: null })))}`;
          break;
        }
        case "ProposalAccepted":
        case "ProposalDeclined":
        case "ProposalCandidatePlaced": {
          const response =
            e.type === "ProposalAccepted" ? "accepted" : e.type === "ProposalDeclined" ? "declined" : "chosen";
          await tx`update rm_proposal_candidates set response = ${response}, responded_at = coalesce(responded_at, ${at})
            where proposal_id = ${id} and candidate_id = ${e.data.userId}`;
          await tx`update rm_proposals set ${touch} where id = ${id}`;
          break;
        }
        case "ProposalFilled":
        case "ProposalClosed":
        case "ProposalExpired": {
          const status = e.type === "ProposalFilled" ? "filled" : e.type === "ProposalClosed" ? "closed" : "expired";
          // as the decider's evolve: those still waiting lose their chance
          await tx`update rm_proposal_candidates set response = case
              when response = 'pending' then ${status === "expired" ? "expired" : "not_chosen"}
              else 'not_chosen' end
            where proposal_id = ${id} and response in ('pending', 'accepted')`;
          await tx`update rm_proposals set status = ${status}, ${touch} where id = ${id}`;
          break;
        }
      }
    }
  },
};

/** rm_placements: the validated missions. */
export const placementsProjection: Projection<PlacementEvent> = {
  name: "placements",
  eventTypes: [...PLACEMENT_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_placements"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const move = mergeMove(e);
      if (move) {
        await tx`update rm_placements set candidate_id = ${move.to} where id = any(${move.moved.placements}::uuid[])`;
        continue;
      }
      const d = e.data;
      await tx`insert into rm_placements ${tx({
        id: d.placementId,
        agency_id: d.agencyId,
        ad_id: d.adId,
        ad_title: d.adTitle,
        agency_name: d.agencyName,
        candidate_id: d.userId,
        client_id: d.adClientId,
        branch_id: d.branchId,
        consultant_id: d.consultantId,
        proposal_id: d.proposalId,
        place_name: d.placeName,
        start_date: d.startDate,
        end_date: d.endDate,
        status: "validated",
        created_at: e.createdAt,
      })} on conflict (id) do nothing`;
    }
  },
};
