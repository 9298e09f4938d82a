import type { ProposalMode } from "./contract";

/**
 * Two kinds of streams: `proposal-<id>` (a mission proposed to candidates, their answers) and
 * `placement-<id>` (a validated mission, what planning and timesheets build on).
 *
 * Routing: events about one candidate carry `userId` (their room); those about all of a
 * proposal's candidates carry `candidateIds` or `others`, which the module's realtime route turns
 * into rooms; every event has `metadata.tenant` (the agency's room). `adClientId`, not
 * `clientId`: proposals never go to the client company's room.
 */
export const proposalStream = (id: string) => `proposal-${id}`;
export const placementStream = (id: string) => `placement-${id}`;

/** What a validated mission is made of, copied from the ad when the proposal was made. */
// a type, not an interface: event data must be assignable to Record<string, unknown>
export type MissionTerms = {
  adId: number;
  adTitle: string;
  agencyId: string;
  agencyName: string;
  branchId: string | null;
  adClientId: string | null;
  consultantId: string;
  placeName: string;
  /** the ad's commitment date (null: to be agreed) and end date, YYYY-MM-DD */
  startDate: string | null;
  endDate: string | null;
};

export interface ProposalMade {
  type: "ProposalMade";
  data: MissionTerms & {
    proposalId: string;
    candidateIds: string[];
    mode: ProposalMode;
    places: number;
    expiresAt: string;
    /** the consultant's words to the candidates */
    message: string;
    /** the application it was made from, if any */
    applicationId: string | null;
  };
}

/** A candidate said yes (in pick mode this waits for the consultant's choice). */
export interface ProposalAccepted {
  type: "ProposalAccepted";
  data: { proposalId: string; userId: string; consultantId: string; adTitle: string; mode: ProposalMode };
}

export interface ProposalDeclined {
  type: "ProposalDeclined";
  data: { proposalId: string; userId: string; consultantId: string; adTitle: string };
}

/** A candidate takes a place (first to accept, or the consultant's pick): the placement follows. */
export interface ProposalCandidatePlaced {
  type: "ProposalCandidatePlaced";
  data: MissionTerms & { proposalId: string; userId: string; placementId: string; by: ProposalMode };
}

/** The places ran out: `others` are the candidates who did not get one (they are told). */
export interface ProposalFilled {
  type: "ProposalFilled";
  data: { proposalId: string; adTitle: string; agencyName: string; others: string[] };
}

/** The consultant ended it (`cancelled`: before anyone was placed); `others`: those still waiting. */
export interface ProposalClosed {
  type: "ProposalClosed";
  data: { proposalId: string; adTitle: string; agencyName: string; cancelled: boolean; others: string[] };
}

export interface ProposalExpired {
  type: "ProposalExpired";
  data: { proposalId: string; others: string[] };
}

export type ProposalEvent =
  | ProposalMade
  | ProposalAccepted
  | ProposalDeclined
  | ProposalCandidatePlaced
  | ProposalFilled
  | ProposalClosed
  | ProposalExpired;

export const PROPOSAL_EVENT_TYPES = [
  "ProposalMade",
  "ProposalAccepted",
  "ProposalDeclined",
  "ProposalCandidatePlaced",
  "ProposalFilled",
  "ProposalClosed",
  "ProposalExpired",
] as const satisfies readonly ProposalEvent["type"][];

/** A validated mission: the candidate (`userId`) on the ad, for the agency. */
export interface PlacementValidated {
  type: "PlacementValidated";
  data: MissionTerms & { placementId: string; proposalId: string | null; userId: string };
}

export type PlacementEvent = PlacementValidated;
export const PLACEMENT_EVENT_TYPES = ["PlacementValidated"] as const satisfies readonly PlacementEvent["type"][];
