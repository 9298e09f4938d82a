import type { ArchiveReason, DeactivateReason, ReactivateReason, TagColour } from "./rules";

/**
 * What one agency adds to a candidate's file: one stream per agency and candidate,
 * `candidate-file-<agencyId>-<candidateId>`, so no other agency's events share it. Every append
 * carries `metadata.tenant` (the agency: its staff's room only) and never `userId` (the
 * candidate's own room must not hear of it). Free text about the person (comments, the
 * archive's "other" text) is sealed with the candidate's data key.
 */
export const candidateFileStream = (agencyId: string, candidateId: string) =>
  `candidate-file-${agencyId}-${candidateId}`;

type Ids = {
  agencyId: string;
  candidateId: string;
};

export interface CandidateTagAdded {
  type: "CandidateTagAdded";
  data: Ids & { tag: string; colour: TagColour };
}
export interface CandidateTagRemoved {
  type: "CandidateTagRemoved";
  /** `heldBy`: the survivor of a merge whose file showed the moved tag (ADR 0039) */
  data: Ids & { tag: string; heldBy?: string };
}
export interface CandidateCommentAdded {
  type: "CandidateCommentAdded";
  data: Ids & { commentId: string; authorId: string };
  personal: { subjectId: string; data: { body: string } };
}
export interface CandidateCommentEdited {
  type: "CandidateCommentEdited";
  data: Ids & { commentId: string };
  personal: { subjectId: string; data: { body: string } };
}
export interface CandidateCommentDeleted {
  type: "CandidateCommentDeleted";
  data: Ids & { commentId: string };
}
export interface CandidateArchived {
  type: "CandidateArchived";
  data: Ids & { reason: ArchiveReason };
  personal: { subjectId: string; data: { text: string } };
}
export interface CandidateRestored {
  type: "CandidateRestored";
  data: Ids;
}

/** This agency stops working with the candidate (ADR 0038): its ads refuse their applications, it proposes nothing to them. */
export interface CandidateDeactivated {
  type: "CandidateDeactivated";
  data: Ids & { reason: DeactivateReason };
  personal: { subjectId: string; data: { text: string } };
}
export interface CandidateReactivated {
  type: "CandidateReactivated";
  data: Ids & { reason: ReactivateReason };
  personal: { subjectId: string; data: { text: string } };
}
/** A mail sent to the candidate from one of the agency's reply templates, from the file (the subject and body sealed). */
export interface CandidateMailSent {
  type: "CandidateMailSent";
  data: Ids & { mailId: string; templateId: string; purpose: string };
  personal: { subjectId: string; data: { subject: string; body: string } };
}

export type CandidateFileEvent =
  | CandidateTagAdded
  | CandidateTagRemoved
  | CandidateCommentAdded
  | CandidateCommentEdited
  | CandidateCommentDeleted
  | CandidateArchived
  | CandidateRestored
  | CandidateDeactivated
  | CandidateReactivated
  | CandidateMailSent;

export const CANDIDATE_FILE_EVENT_TYPES: CandidateFileEvent["type"][] = [
  "CandidateTagAdded",
  "CandidateTagRemoved",
  "CandidateCommentAdded",
  "CandidateCommentEdited",
  "CandidateCommentDeleted",
  "CandidateArchived",
  "CandidateRestored",
  "CandidateDeactivated",
  "CandidateReactivated",
  "CandidateMailSent",
];
