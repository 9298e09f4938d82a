import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import {
  latestExpiry,
  PROPOSAL_CANDIDATES_MAX,
  PROPOSAL_MODES,
  type ProposalMode,
  type ProposalResponse,
  type ProposalStatus,
} from "./contract";
import type { MissionTerms, PlacementEvent, ProposalEvent } from "./events";

/** A consultant acting: their agency (null: a platform admin, who may act on any). */
export interface Handler {
  agencyId: string | null;
}

/** The ad as read just before deciding (the ads' read model is the missions module's). */
export interface AdForProposal extends MissionTerms {
  online: boolean;
  places: number;
}

export type ProposalCommand =
  | {
      type: "Make";
      proposalId: string;
      by: Handler;
      /** null: no such ad */
      ad: AdForProposal | null;
      /** each candidate as read: whether the account is an enabled candidate */
      candidates: { id: string; isCandidate: boolean }[];
      mode: ProposalMode;
      places: number;
      expiresAt: Date;
      message: string;
      applicationId: string | null;
    }
  | { type: "Accept"; userId: string }
  | { type: "Decline"; userId: string }
  | { type: "Choose"; by: Handler; userId: string }
  | { type: "Close"; by: Handler; cancel: boolean }
  /** the sweep: a no-op until the clock passes the expiry */
  | { type: "Expire" };

export interface ProposalState {
  exists: boolean;
  proposalId: string;
  terms: MissionTerms | null;
  mode: ProposalMode;
  places: number;
  status: ProposalStatus;
  expiresAt: number;
  responses: Record<string, ProposalResponse>;
  placed: number;
}

const notFound = () => new AppError("not_found", "proposal_not_found");

/** Another agency's proposal reads as missing (no leak). */
function handled(state: ProposalState, by: Handler) {
  if (!state.exists || (by.agencyId !== null && by.agencyId !== state.terms!.agencyId)) throw notFound();
}
/** A candidate the proposal did not go to sees it as missing too. */
function own(state: ProposalState, userId: string) {
  if (!state.exists || !(userId in state.responses)) throw notFound();
}
/** Answers and picks happen while it is open and before its expiry (the sweep may not have run yet). */
function open(state: ProposalState, now: Date) {
  if (state.status === "expired" || (state.status === "open" && now.getTime() >= state.expiresAt))
    throw new AppError("conflict", "proposal_expired");
  if (state.status !== "open") throw new AppError("conflict", "proposal_closed");
}
/** Those who have not got a place and were still in the running (told when it ends). */
const waiting = (state: ProposalState) =>
  Object.entries(state.responses)
    .filter(([, r]) => r === "pending" || r === "accepted")
    .map(([id]) => id);

export const proposalDecider: Decider<ProposalCommand, ProposalState, ProposalEvent> = {
  initialState: {
    exists: false,
    proposalId: "",
    terms: null,
    mode: "first",
    places: 0,
    status: "open",
    expiresAt: 0,
    responses: {},
    placed: 0,
  },
  evolve(state, e) {
    switch (e.type) {
      case "ProposalMade": {
        const { proposalId, candidateIds, mode, places, expiresAt, message: _m, applicationId: _a, ...terms } = e.data;
        return {
          exists: true,
          proposalId,
          terms,
          mode,
          places,
          status: "open",
          expiresAt: new Date(expiresAt).getTime(),
          responses: Object.fromEntries(candidateIds.map((id) => [id, "pending" as const])),
          placed: 0,
        };
      }
      case "ProposalAccepted":
        return { ...state, responses: { ...state.responses, [e.data.userId]: "accepted" } };
      case "ProposalDeclined":
        return { ...state, responses: { ...state.responses, [e.data.userId]: "declined" } };
      case "ProposalCandidatePlaced":
        return { ...state, responses: { ...state.responses, [e.data.userId]: "chosen" }, placed: state.placed + 1 };
      case "ProposalFilled":
      case "ProposalClosed":
      case "ProposalExpired": {
        const status = e.type === "ProposalFilled" ? "filled" : e.type === "ProposalClosed" ? "closed" : "expired";
        const end = (r: ProposalResponse): ProposalResponse =>
          r === "pending" ? (status === "expired" ? "expired" : "not_chosen") : r === "accepted" ? "not_chosen" : r;
        return {
          ...state,
          status,
          responses: Object.fromEntries(Object.entries(state.responses).map(([id, r]) => [id, end(r)])),
        };
      }
      default:
        return state;
    }
  },
  decide(command, state, ctx): ProposalEvent[] {
    const now = ctx.clock.now();
    switch (command.type) {
      case "Make": {
        const { ad, by } = command;
        if (state.exists) throw new AppError("conflict", "proposal_exists");
        // an ad of another agency reads as missing, like a missing one
        if (!ad || (by.agencyId !== null && by.agencyId !== ad.agencyId))
          throw new AppError("not_found", "announcement_not_found", "adId");
        if (!ad.online) throw new AppError("invalid", "proposal_ad_not_online", "adId");
        if (!PROPOSAL_MODES.includes(command.mode)) throw new AppError("invalid", "validation.required", "mode");
        if (!Number.isInteger(command.places) || command.places < 1 || command.places > ad.places)
          throw new AppError("invalid", "proposal_places_range", "places");
        const ids = [...new Set(command.candidates.map((c) => c.id))];
        if (ids.length < 1 || ids.length > PROPOSAL_CANDIDATES_MAX || ids.length !== command.candidates.length)
          throw new AppError("invalid", "proposal_candidates_range");
        if (command.candidates.some((c) => !c.isCandidate)) throw new AppError("invalid", "proposal_not_candidate");
        const expiresAt = command.expiresAt.getTime();
        if (!(expiresAt > now.getTime()) || expiresAt > latestExpiry(now).getTime())
          throw new AppError("invalid", "proposal_expiry_range", "expiresOn");
        const { online: _o, places: _p, ...terms } = ad;
        return [
          {
            type: "ProposalMade",
            data: {
              ...terms,
              proposalId: command.proposalId,
              candidateIds: ids,
              mode: command.mode,
              places: command.places,
              expiresAt: command.expiresAt.toISOString(),
              message: command.message,
              applicationId: command.applicationId,
            },
          },
        ];
      }
      case "Accept": {
        own(state, command.userId);
        const response = state.responses[command.userId];
        // a second click (or a retried form) changes nothing
        if (response === "accepted" || response === "chosen") return [];
        open(state, now);
        if (response !== "pending") throw new AppError("conflict", "proposal_already_answered");
        const terms = state.terms!;
        const accepted: ProposalEvent = {
          type: "ProposalAccepted",
          data: {
            proposalId: state.proposalId,
            userId: command.userId,
            consultantId: terms.consultantId,
            adTitle: terms.adTitle,
            mode: state.mode,
          },
        };
        if (state.mode === "pick") return [accepted];
        return [accepted, ...place(state, command.userId, "first", ctx.ids.uuid())];
      }
      case "Decline": {
        own(state, command.userId);
        const response = state.responses[command.userId];
        if (response === "declined") return [];
        open(state, now);
        // a place taken stays taken: the consultant handles a withdrawal from a mission
        if (response !== "pending" && response !== "accepted")
          throw new AppError("conflict", "proposal_already_answered");
        const terms = state.terms!;
        return [
          {
            type: "ProposalDeclined",
            data: {
              proposalId: state.proposalId,
              userId: command.userId,
              consultantId: terms.consultantId,
              adTitle: terms.adTitle,
            },
          },
        ];
      }
      case "Choose": {
        handled(state, command.by);
        if (state.mode !== "pick") throw new AppError("conflict", "proposal_not_pick");
        if (!(command.userId in state.responses)) throw new AppError("not_found", "proposal_not_found");
        if (state.responses[command.userId] === "chosen") return [];
        open(state, now);
        if (state.responses[command.userId] !== "accepted") throw new AppError("conflict", "proposal_not_accepted");
        return place(state, command.userId, "pick", ctx.ids.uuid());
      }
      case "Close": {
        handled(state, command.by);
        if (state.status !== "open") throw new AppError("conflict", "proposal_closed");
        // cancelling says it never happened: not once someone is on the mission
        if (command.cancel && state.placed > 0) throw new AppError("conflict", "proposal_has_placements");
        const terms = state.terms!;
        return [
          {
            type: "ProposalClosed",
            data: {
              proposalId: state.proposalId,
              adTitle: terms.adTitle,
              agencyName: terms.agencyName,
              cancelled: command.cancel,
              others: waiting(state),
            },
          },
        ];
      }
      case "Expire": {
        if (!state.exists || state.status !== "open" || now.getTime() < state.expiresAt) return [];
        return [{ type: "ProposalExpired", data: { proposalId: state.proposalId, others: waiting(state) } }];
      }
    }
  },
};

/** One place taken; when it was the last, the proposal is filled and the others are told. */
function place(state: ProposalState, userId: string, by: ProposalMode, placementId: string): ProposalEvent[] {
  const terms = state.terms!;
  const events: ProposalEvent[] = [
    { type: "ProposalCandidatePlaced", data: { ...terms, proposalId: state.proposalId, userId, placementId, by } },
  ];
  if (state.placed + 1 >= state.places) {
    const others = waiting(state).filter((id) => id !== userId);
    events.push({
      type: "ProposalFilled",
      data: { proposalId: state.proposalId, adTitle: terms.adTitle, agencyName: terms.agencyName, others },
    });
  }
  return events;
}

export type PlacementCommand = {
  type: "Validate";
  placementId: string;
  proposalId: string | null;
  userId: string;
  terms: MissionTerms;
};
export interface PlacementState {
  exists: boolean;
}

/** A validated mission is recorded once; ending or cancelling it belongs to the planning issues. */
export const placementDecider: Decider<PlacementCommand, PlacementState, PlacementEvent> = {
  initialState: { exists: false },
  evolve: (_state, e) => (e.type === "PlacementValidated" ? { exists: true } : _state),
  decide(command, state) {
    if (state.exists) return [];
    return [
      {
        type: "PlacementValidated",
        data: {
          ...command.terms,
          placementId: command.placementId,
          proposalId: command.proposalId,
          userId: command.userId,
        },
      },
    ];
  },
};
