import type { MergeEventData, ProfileSections } from "./merge-rules";

/**
 * "Not a duplicate", said by an agency (scope = its id, tenant of the event: its room only) or by
 * the platform admins (scope "platform"). One stream per scope and pair, so each decides alone.
 */
export const dismissalStream = (scope: string, firstId: string, secondId: string) =>
  `duplicate-pair-${scope}-${firstId}-${secondId}`;

/** A merge and its undo, in the merged-away record's stream (ADR 0039). */
export const mergeStream = (mergedId: string) => `candidate-merge-${mergedId}`;

export interface DuplicateDismissed {
  type: "DuplicateDismissed";
  data: { scope: string; firstId: string; secondId: string; by: string };
}

/** Two records became one: the listed children moved, the survivor's profile took the chosen values. */
export interface CandidatesMerged {
  type: "CandidatesMerged";
  data: MergeEventData & { by: string; mergedAt: string };
  /** the survivor's identity and address before and after, sealed with the survivor's key */
  personal: { subjectId: string; data: { before: ProfileSections; after: ProfileSections } };
}

/** The merge undone: the listed children go back, the survivor's profile is what it was. */
export interface CandidateMergeUndone {
  type: "CandidateMergeUndone";
  data: MergeEventData & { by: string };
  personal: { subjectId: string; data: { restored: ProfileSections } };
}

export type DuplicateEvent = DuplicateDismissed;
export const DUPLICATE_EVENT_TYPES: DuplicateEvent["type"][] = ["DuplicateDismissed"];
export type MergeEvent = CandidatesMerged | CandidateMergeUndone;
