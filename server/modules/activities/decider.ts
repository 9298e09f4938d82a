import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { ActivityEvent, ActivityLinks, CalendarFeedEvent } from "./events";
import type { ActivityType } from "./rules";

export type ActivityCommand =
  | {
      type: "Log";
      agencyId: string;
      kind: ActivityType;
      links: ActivityLinks;
      subject: string;
      notes: string;
      authorId: string;
      assigneeId: string | null;
      dueAt: string | null;
    }
  | { type: "Complete"; by: string }
  | { type: "Reopen"; by: string }
  | { type: "Reschedule"; dueAt: string }
  | { type: "Remind"; dueAt: string };

export interface ActivityState {
  activityId: string;
  agencyId: string | null;
  kind: ActivityType | null;
  assigneeId: string | null;
  dueAt: string | null;
  done: boolean;
  /** the due times already reminded of */
  reminded: string[];
}

/**
 * One activity: logged once, done and undone, a task or meeting moved to a new time; the reminder
 * is decided here so that it is told once per due time, whoever runs the job how many times, and
 * never for a time that has since moved or a task already done.
 */
export function activityDecider(activityId: string) {
  const decider: Decider<ActivityCommand, ActivityState, ActivityEvent> = {
    initialState: { activityId, agencyId: null, kind: null, assigneeId: null, dueAt: null, done: false, reminded: [] },
    evolve(state, event) {
      switch (event.type) {
        case "ActivityLogged":
          return {
            ...state,
            agencyId: event.data.agencyId,
            kind: event.data.kind,
            assigneeId: event.data.assigneeId,
            dueAt: event.data.dueAt,
          };
        case "ActivityCompleted":
          return { ...state, done: true };
        case "ActivityReopened":
          return { ...state, done: false };
        case "ActivityRescheduled":
          return { ...state, dueAt: event.data.dueAt };
        case "ActivityReminded":
          return { ...state, reminded: [...state.reminded, event.data.dueAt] };
        default:
          return state;
      }
    },
    decide(command, state) {
      if (command.type === "Log") {
        if (state.agencyId) throw new AppError("conflict", "errors.activityExists");
        const { agencyId, kind, links, subject, notes, authorId, assigneeId, dueAt } = command;
        const base = { activityId, agencyId, kind, ...links, authorId, assigneeId, dueAt };
        // free text about a candidate is theirs: sealed with their key (erasing them empties it)
        return [
          links.candidateId
            ? {
                type: "ActivityLogged",
                data: base,
                personal: { subjectId: links.candidateId, data: { subject, notes } },
              }
            : { type: "ActivityLogged", data: { ...base, subject, notes } },
        ];
      }
      const { agencyId } = state;
      if (!agencyId) throw new AppError("not_found", "errors.activityNotFound");
      const ids = { activityId, agencyId };
      switch (command.type) {
        case "Complete":
          if (state.done) throw new AppError("conflict", "errors.alreadyDone");
          return [{ type: "ActivityCompleted", data: { ...ids, by: command.by } }];
        case "Reopen":
          if (!state.done) throw new AppError("conflict", "errors.notDone");
          return [{ type: "ActivityReopened", data: { ...ids, by: command.by } }];
        case "Reschedule":
          if (!state.dueAt) throw new AppError("invalid", "errors.notTimed", "dueAt");
          if (state.dueAt === command.dueAt) return [];
          return [{ type: "ActivityRescheduled", data: { ...ids, dueAt: command.dueAt } }];
        case "Remind":
          // a stale job (the time moved, the task is done, told already) tells nobody
          if (
            state.done ||
            !state.assigneeId ||
            state.dueAt !== command.dueAt ||
            state.reminded.includes(command.dueAt)
          )
            return [];
          return [
            {
              type: "ActivityReminded",
              data: { ...ids, assigneeId: state.assigneeId, dueAt: command.dueAt, kind: state.kind! },
            },
          ];
      }
    },
  };
  return decider;
}

export type FeedCommand = { type: "Issue"; agencyId: string; tokenHash: string } | { type: "Revoke"; agencyId: string };

/** A person's calendar feed: issuing replaces the secret (the old link stops), revoking ends it. */
export function feedDecider(ownerId: string): Decider<FeedCommand, { active: boolean }, CalendarFeedEvent> {
  return {
    initialState: { active: false },
    evolve: (_s, e) => ({ active: e.type === "CalendarFeedIssued" }),
    decide(command, state) {
      if (command.type === "Issue")
        return [
          { type: "CalendarFeedIssued", data: { ownerId, agencyId: command.agencyId, tokenHash: command.tokenHash } },
        ];
      if (!state.active) throw new AppError("conflict", "errors.feedNotActive");
      return [{ type: "CalendarFeedRevoked", data: { ownerId, agencyId: command.agencyId } }];
    },
  };
}
