import type { Interest, RefusalReason, StatusCode } from "./contract";

/**
 * One stream per application, `application-<id>`. The id is derived from the ad and the
 * candidate (applicationIdFor), so applying twice lands on the same stream and the decider says
 * candidature_exist, whatever the race.
 *
 * Routing: events the candidate may see carry `userId` (their room); internal ones (interest,
 * note) carry `candidateId` only and reach the agency's room.
 */
export const applicationStream = (id: string) => `application-${id}`;

export interface AppliedCv {
  fileId: string;
  name: string;
  mime: string;
  size: number;
}

/**
 * The message is the candidate's own words, sealed with their data key, and so is the CV file's
 * name (`cvName`; events before issue 30 hold it in `cv.name`, redacted when the person is erased).
 */
export interface ApplicationSubmitted {
  type: "ApplicationSubmitted";
  data: {
    applicationId: string;
    userId: string;
    adId: number;
    agencyId: string;
    /** the ad as it was when the candidate applied (lists, notices) */
    adTitle: string;
    agencyName: string;
    branchId: string | null;
    /** not `clientId`: applications never go to the client company's room */
    adClientId: string | null;
    /** the ad's contact, else its author: who answers */
    consultantId: string;
    source: string;
    answers: boolean[];
    cv: AppliedCv | null;
    /** signed in or through the anonymous form (and then the account's state then) */
    channel: "signed_in" | "anonymous";
    /** a NO answer: when the automatic negative reply is due */
    autoReplyDueAt: string | null;
  };
  personal: { subjectId: string; data: { message: string; cvName?: string } };
}

export interface ApplicationStatusChanged {
  type: "ApplicationStatusChanged";
  data: {
    applicationId: string;
    userId: string;
    adTitle: string;
    from: StatusCode;
    to: StatusCode;
    /** consultant: a person (metadata.actor); auto: the 48-hour reply; proposal: a mission accepted */
    by: "consultant" | "auto" | "proposal";
    reason: RefusalReason | null;
    /** the bulk change it belongs to (undo reverses exactly those) */
    batchId: string | null;
    /** when it was decided (the undo window counts from it) */
    at: string;
    /**
     * A consultant's change, told to the candidate only once the window to undo it or change one's
     * mind has passed (ApplicationStatusNotified, or ApplicationRefusalNotified), and only if it is
     * still the last change then. Absent before issue 27: a consultant's change other than a
     * refusal was told at once.
     */
    toldLater?: boolean;
  };
}

export interface ApplicationInterestChanged {
  type: "ApplicationInterestChanged";
  data: { applicationId: string; candidateId: string; interest: Interest | null };
}

/** Internal: never shown to the candidate; sealed with the candidate's key (it is about them). */
export interface ApplicationNoteAdded {
  type: "ApplicationNoteAdded";
  data: { applicationId: string; candidateId: string; noteId: string };
  personal: { subjectId: string; data: { note: string } };
}

export interface ApplicationWithdrawn {
  type: "ApplicationWithdrawn";
  data: { applicationId: string; userId: string };
}

/** The candidate removed it from their dashboard's recent list. */
export interface ApplicationHiddenFromDashboard {
  type: "ApplicationHiddenFromDashboard";
  data: { applicationId: string; userId: string };
}

/** A mail written from a template to the candidate (shown on both timelines). */
export interface ApplicationMailSent {
  type: "ApplicationMailSent";
  data: { applicationId: string; userId: string; mailId: string; purpose: string };
  personal: { subjectId: string; data: { subject: string; body: string } };
}

/**
 * The refusal told to the candidate, once the window to undo it has passed (the mail and notice
 * hang on it). With the agency's refusal template (`templateId`), the mail is its subject and body
 * as filled in for this candidate: sealed with their key (their name is in it), read back merged
 * into data; without (none in their language, or erased since), the standard text.
 */
export interface ApplicationRefusalNotified {
  type: "ApplicationRefusalNotified";
  data: {
    applicationId: string;
    userId: string;
    adTitle: string;
    agencyName: string;
    reason: RefusalReason | null;
    auto: boolean;
    templateId?: string;
    subject?: string;
    body?: string;
  };
  personal?: { subjectId: string; data: { subject: string; body: string } };
}

/** A status other than a refusal told to the candidate, once the window to undo it has passed. */
export interface ApplicationStatusNotified {
  type: "ApplicationStatusNotified";
  data: { applicationId: string; userId: string; adTitle: string; status: StatusCode };
}

/**
 * A refused application kept past its retention period (ADR 0048, rule "refused-applications"):
 * its sealed words are removed from its events in the same transaction and its CV file after the
 * commit; the row stays for the ad's counts and statistics. Nothing personal in it.
 */
export interface ApplicationAnonymised {
  type: "ApplicationAnonymised";
  data: { applicationId: string; userId: string; rule: "refused-applications" };
}

export type ApplicationEvent =
  | ApplicationSubmitted
  | ApplicationStatusChanged
  | ApplicationInterestChanged
  | ApplicationNoteAdded
  | ApplicationWithdrawn
  | ApplicationHiddenFromDashboard
  | ApplicationMailSent
  | ApplicationRefusalNotified
  | ApplicationStatusNotified
  | ApplicationAnonymised;

export const APPLICATION_EVENT_TYPES = [
  "ApplicationSubmitted",
  "ApplicationStatusChanged",
  "ApplicationInterestChanged",
  "ApplicationNoteAdded",
  "ApplicationWithdrawn",
  "ApplicationHiddenFromDashboard",
  "ApplicationMailSent",
  "ApplicationRefusalNotified",
  "ApplicationStatusNotified",
  "ApplicationAnonymised",
] as const satisfies readonly ApplicationEvent["type"][];

/**
 * A consultant's applications left unanswered more than three days, told once a day
 * (stream `application-flags-<consultantId>`).
 */
export const applicationFlagsStream = (consultantId: string) => `application-flags-${consultantId}`;
export interface UnansweredApplicationsFlagged {
  type: "UnansweredApplicationsFlagged";
  data: { userId: string; day: string; count: number };
}
