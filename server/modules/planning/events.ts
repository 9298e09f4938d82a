import type { ShiftInput } from "./contract";

/**
 * `assignment-<id>`: one shift of a candidate on a validated mission, its drafts and
 * publications. `planning-<agencyId>`: one event per publication, the summary each candidate is
 * told. Assignment events carry `candidateId`, never `userId`: drafts stay in the agency's
 * rooms; only a publication reaches the candidate (the module's realtime route).
 */
export const assignmentStream = (id: string) => `assignment-${id}`;
export const planningStream = (agencyId: string) => `planning-${agencyId}`;

/** What an assignment copies from its validated mission. */
export type AssignmentMission = {
  placementId: string;
  agencyId: string;
  candidateId: string;
  adId: number;
  adTitle: string;
  adClientId: string | null;
  branchId: string | null;
  consultantId: string | null;
  zone: string;
};

/** A shift with what the editor acknowledged: the warning keys overridden and why. */
type Shift = ShiftInput & { overrideReason: string | null; acknowledged: string[] };

export interface AssignmentPlanned {
  type: "AssignmentPlanned";
  data: AssignmentMission & Shift & { assignmentId: string; copiedFrom: string | null };
}
export interface AssignmentChanged {
  type: "AssignmentChanged";
  data: Shift & { assignmentId: string; candidateId: string };
}
/** Never published: gone. Published: a draft removal, the candidate keeps it until the next publication. */
export interface AssignmentRemoved {
  type: "AssignmentRemoved";
  data: { assignmentId: string; candidateId: string; wasPublished: boolean };
}
export type PublishedChange = "new" | "changed" | "cancelled";
export interface AssignmentPublished {
  type: "AssignmentPublished";
  /** `silent`: a change undone before publishing (the candidate is told nothing) */
  data: ShiftInput & {
    assignmentId: string;
    candidateId: string;
    adTitle: string;
    zone: string;
    change: PublishedChange;
    silent?: boolean;
  };
}
export interface AssignmentConfirmed {
  type: "AssignmentConfirmed";
  data: { assignmentId: string; candidateId: string; userId: string };
}
export type AssignmentEvent =
  AssignmentPlanned | AssignmentChanged | AssignmentRemoved | AssignmentPublished | AssignmentConfirmed;
export const ASSIGNMENT_EVENT_TYPES = [
  "AssignmentPlanned",
  "AssignmentChanged",
  "AssignmentRemoved",
  "AssignmentPublished",
  "AssignmentConfirmed",
] as const satisfies readonly AssignmentEvent["type"][];

/** One publication: per candidate, the lines of what changed for them (they are told just that). */
export interface PlanningPublished {
  type: "PlanningPublished";
  data: {
    agencyId: string;
    agencyName: string;
    scope: "mine" | "all";
    candidates: {
      candidateId: string;
      lines: { change: PublishedChange; adTitle: string; day: string; start: string; end: string }[];
    }[];
  };
}
export const PLANNING_EVENT_TYPES = ["PlanningPublished"] as const;
