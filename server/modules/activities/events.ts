import type { ActivityType } from "./rules";

/**
 * An agency's activities (issue 29): one stream per activity, `activity-<id>`. Every append
 * carries `metadata.tenant` (the agency: its staff's room only) and never `userId` nor
 * `clientId` (the candidate's and a client company's rooms must not hear of it): the links are
 * `candidateId`, `companyId`, `adId`, `orderId`. The subject and notes of an activity about a
 * candidate are sealed with the candidate's data key.
 */
export const activityStream = (id: string) => `activity-${id}`;
/** A person's calendar feed (its token's hash): `activity-feed-<userId>`. */
export const feedStream = (userId: string) => `activity-feed-${userId}`;

export type ActivityLinks = {
  candidateId: string | null;
  companyId: string | null;
  adId: number | null;
  orderId: string | null;
};
type Ids = { activityId: string; agencyId: string };

export interface ActivityLogged {
  type: "ActivityLogged";
  data: Ids &
    ActivityLinks & {
      kind: ActivityType;
      authorId: string;
      assigneeId: string | null;
      dueAt: string | null;
      /** in data when no candidate is linked (nobody's personal data), else sealed */
      subject?: string;
      notes?: string;
    };
  personal?: { subjectId: string; data: { subject: string; notes: string } };
}
export interface ActivityCompleted {
  type: "ActivityCompleted";
  data: Ids & { by: string };
}
export interface ActivityReopened {
  type: "ActivityReopened";
  data: Ids & { by: string };
}
export interface ActivityRescheduled {
  type: "ActivityRescheduled";
  data: Ids & { dueAt: string };
}
/** The reminder at the due time, once per due time (the job's retries find it told). */
export interface ActivityReminded {
  type: "ActivityReminded";
  data: Ids & { assigneeId: string; dueAt: string; kind: ActivityType };
}
export type ActivityEvent =
  ActivityLogged | ActivityCompleted | ActivityReopened | ActivityRescheduled | ActivityReminded;
export const ACTIVITY_EVENT_TYPES: ActivityEvent["type"][] = [
  "ActivityLogged",
  "ActivityCompleted",
  "ActivityReopened",
  "ActivityRescheduled",
  "ActivityReminded",
];

/** The feed's secret is only ever stored hashed; revoking clears it, issuing again replaces it. */
export interface CalendarFeedIssued {
  type: "CalendarFeedIssued";
  data: { ownerId: string; agencyId: string; tokenHash: string };
}
export interface CalendarFeedRevoked {
  type: "CalendarFeedRevoked";
  data: { ownerId: string; agencyId: string };
}
export type CalendarFeedEvent = CalendarFeedIssued | CalendarFeedRevoked;
