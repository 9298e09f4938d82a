import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, StoredEvent, Tx } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { isUuid } from "../../lib/contract";
import { randomToken } from "../../lib/ids";
import { hashToken } from "../../lib/tokens";
import { AGENCY_STAFF_ROLES, isAgencyStaff, type Actor } from "../identity/contract";
import type { EnqueueIn } from "../notifications/outbox";
import { activityDecider, feedDecider, type ActivityCommand } from "./decider";
import { activityStream, feedStream, type ActivityLinks } from "./events";
import type { LogActivityInput } from "./forms";
import { parseLocalTime, TIMED_TYPES } from "./rules";

/** The one access rule of the candidates module (candidates/documents/agency-access.ts): null, not this agency's. */
export interface ActivityCandidatePort {
  openCandidateProfile(actor: Actor, candidateId: string): Promise<unknown>;
}

export const REMIND_JOB = "activities.remind";

/** The acting agency: its staff only (a client user of the agency has an agency id too); anyone else finds nothing. */
export function staffAgency(actor: Actor): string {
  if (!isAgencyStaff(actor) || !actor.agencyId) throw new AppError("not_found", "errors.activityNotFound");
  return actor.agencyId;
}

export function activityCommands({
  sql,
  store,
  ctx,
  enqueue,
  candidates,
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  enqueue?: EnqueueIn;
  candidates: ActivityCandidatePort;
}) {
  /** Each linked record must be this agency's (a candidate: visible to it); another's reads as not found, on its field. */
  async function checkLinks(actor: Actor, agencyId: string, input: LogActivityInput): Promise<ActivityLinks> {
    const missing = (field: string) => new AppError("invalid", "errors.linkNotFound", field);
    if (input.candidateId && !(await candidates.openCandidateProfile(actor, input.candidateId)))
      throw missing("candidateId");
    if (input.companyId) {
      const [c] =
        await sql`select 1 from rm_client_companies where id = ${input.companyId} and agency_id = ${agencyId}`;
      if (!c) throw missing("companyId");
    }
    if (input.adId) {
      const [a] = await sql`select 1 from rm_ads where id = ${input.adId} and agency_id = ${agencyId}`;
      if (!a) throw missing("adId");
    }
    if (input.orderId) {
      const [o] = await sql`select 1 from rm_orders where id = ${input.orderId} and agency_id = ${agencyId}`;
      if (!o) throw missing("orderId");
    }
    return {
      candidateId: input.candidateId ?? null,
      companyId: input.companyId ?? null,
      adId: input.adId ?? null,
      orderId: input.orderId ?? null,
    };
  }

  /** An assignee is a colleague: enabled staff of the same agency. */
  async function checkAssignee(agencyId: string, assigneeId: string | undefined): Promise<string | null> {
    if (!assigneeId) return null;
    const [u] = await sql`select 1 from rm_users where id = ${assigneeId} and agency_id = ${agencyId}
      and enabled and role = any(${[...AGENCY_STAFF_ROLES]})`;
    if (!u) throw new AppError("invalid", "errors.assigneeNotFound", "assigneeId");
    return assigneeId;
  }

  /** The reminder job at each new due time, in the events' transaction: no event, no job; one job per time. */
  const scheduleReminders = async (tx: Tx, events: StoredEvent[]) => {
    for (const e of events) {
      const d = e.data as { activityId: string; dueAt?: string | null; assigneeId?: string | null };
      const due =
        e.type === "ActivityLogged"
          ? d.assigneeId
            ? d.dueAt
            : null
          : e.type === "ActivityRescheduled"
            ? d.dueAt
            : null;
      if (!due) continue;
      await enqueue?.(
        tx,
        REMIND_JOB,
        { activityId: d.activityId, dueAt: due },
        { singletonKey: `remind-${d.activityId}-${due}`, startAfter: new Date(due) },
      );
    }
  };

  const run = (id: string, command: ActivityCommand, meta: { actor: string; tenant: string }) =>
    handleCommand(store, activityDecider(id), activityStream(id), command, ctx, meta, {
      inTransaction: scheduleReminders,
    });

  /** An activity of the actor's agency, or not found (another agency's, a foreign id). */
  async function ownActivity(actor: Actor, activityId: string) {
    const agencyId = staffAgency(actor);
    const [row] = isUuid(activityId)
      ? await sql`select 1 from rm_activities where id = ${activityId} and agency_id = ${agencyId}`
      : [];
    if (!row) throw new AppError("not_found", "errors.activityNotFound");
    return { actor: actor.id, tenant: agencyId };
  }

  return {
    async logActivity(actor: Actor, input: LogActivityInput): Promise<string> {
      const agencyId = staffAgency(actor);
      const links = await checkLinks(actor, agencyId, input);
      const timed = TIMED_TYPES.includes(input.type);
      const due = timed && input.dueAt ? parseLocalTime(input.dueAt) : null;
      // a meeting is the author's unless given to someone; a note or a call has nobody to remind
      const assigneeId = timed ? ((await checkAssignee(agencyId, input.assigneeId)) ?? actor.id) : null;
      const id = ctx.ids.uuid();
      await run(
        id,
        {
          type: "Log",
          agencyId,
          kind: input.type,
          links,
          subject: input.subject,
          notes: input.notes ?? "",
          authorId: actor.id,
          assigneeId,
          dueAt: due?.toISOString() ?? null,
        },
        { actor: actor.id, tenant: agencyId },
      );
      return id;
    },
    async completeActivity(actor: Actor, activityId: string) {
      await run(activityId, { type: "Complete", by: actor.id }, await ownActivity(actor, activityId));
    },
    async reopenActivity(actor: Actor, activityId: string) {
      await run(activityId, { type: "Reopen", by: actor.id }, await ownActivity(actor, activityId));
    },
    /** A new time: the reminder of the old one tells nobody, a new one is queued for the new one. */
    async rescheduleActivity(actor: Actor, activityId: string, dueAt: string) {
      const at = parseLocalTime(dueAt);
      if (!at) throw new AppError("invalid", "errors.dueInvalid", "dueAt");
      await run(activityId, { type: "Reschedule", dueAt: at.toISOString() }, await ownActivity(actor, activityId));
    },
    /** The reminder job: told once for this due time, or nothing (moved, done, told already). */
    async remindActivity(activityId: string, dueAt: string): Promise<boolean> {
      const [row] = await sql<
        { agencyId: string }[]
      >`select agency_id as "agencyId" from rm_activities where id = ${activityId}`;
      if (!row) return false;
      const stored = await run(activityId, { type: "Remind", dueAt }, { actor: "system", tenant: row.agencyId });
      return stored.length > 0;
    },
    /** A new secret calendar link (the old one stops working); the token is shown once, only its hash is kept. */
    async issueCalendarFeed(actor: Actor): Promise<string> {
      const agencyId = staffAgency(actor);
      const token = randomToken();
      await handleCommand(
        store,
        feedDecider(actor.id),
        feedStream(actor.id),
        { type: "Issue", agencyId, tokenHash: hashToken(token) },
        ctx,
        { actor: actor.id, tenant: agencyId },
      );
      return token;
    },
    async revokeCalendarFeed(actor: Actor) {
      const agencyId = staffAgency(actor);
      await handleCommand(store, feedDecider(actor.id), feedStream(actor.id), { type: "Revoke", agencyId }, ctx, {
        actor: actor.id,
        tenant: agencyId,
      });
    },
  };
}
