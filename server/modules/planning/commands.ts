import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import { ConcurrencyError, isEvent, type Db, type StoredEvent } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { addDaysTo, mayEditPlanning, PlanningConflictError, zoneOf, type ShiftInput } from "./contract";
import { assignmentDecider, lineOf, type AssignmentCommand, type Editor } from "./decider";
import {
  assignmentStream,
  planningStream,
  type AssignmentMission,
  type AssignmentPublished,
  type PlanningPublished,
} from "./events";
import type { BoardShift } from "./board-view";
import type { planningQueries } from "./queries";
import { instantsOf } from "./time";
import { warningsOf } from "./warnings";

/** What planning needs of the placements module: a candidate of the pool placed on the mission. */
export interface PlacementsPort {
  placeDirectly(actor: Actor, input: { adId: number; candidateId: string }): Promise<string>;
}

export interface PlanningDeps {
  store: EventStore;
  ctx: DecideContext;
  placements: PlacementsPort;
}

type Queries = ReturnType<typeof planningQueries>;

export function planningCommands({ store, ctx, placements }: PlanningDeps, queries: Queries) {
  const sql = store.sql as Db;

  const editor = (actor: Actor): Editor => {
    if (!mayEditPlanning(actor)) throw new AppError("forbidden", "not_authorized");
    return { agencyId: actor.agencyId! };
  };

  /** The validated mission as an assignment copies it; another agency's reads as missing. */
  async function missionOf(placementId: string, agencyId: string): Promise<AssignmentMission | null> {
    if (!isUuid(placementId)) return null;
    const [m] = await sql<(Omit<AssignmentMission, "zone"> & { country: string })[]>`
      select m.id as "placementId", m.agency_id as "agencyId", m.candidate_id as "candidateId", m.ad_id::int as "adId", m.ad_title as "adTitle",
        m.client_id as "adClientId", m.branch_id as "branchId", m.consultant_id as "consultantId", g.country
      from rm_placements m join rm_agencies g on g.id = m.agency_id where m.id = ${placementId} and m.agency_id = ${agencyId} and m.status = 'validated'`;
    if (!m) return null;
    const { country, ...rest } = m;
    return { ...rest, zone: zoneOf(country) };
  }

  /** The warnings the shift would be part of, among the candidate's shifts around it. */
  async function warningsFor(
    actor: Actor,
    assignmentId: string,
    m: { candidateId: string; zone: string; adTitle: string },
    shift: ShiftInput,
  ) {
    const { candidateId, zone } = m;
    const [who] = await sql<
      { name: string }[]
    >`select first_name || ' ' || last_name as name from rm_users where id = ${candidateId}`;
    const name = who?.name ?? "";
    const others = (
      await sql<
        {
          id: string;
          adTitle: string;
          zone: string;
          day: string;
          startMin: number;
          endMin: number;
          breakMin: number;
          startsAtMs: number;
          endsAtMs: number;
        }[]
      >`
      select a.id, a.ad_title as "adTitle", a.zone, a.day::text as day, a.start_min as "startMin", a.end_min as "endMin", a.break_min as "breakMin",
        (extract(epoch from a.starts_at) * 1000)::float8 as "startsAtMs", (extract(epoch from a.ends_at) * 1000)::float8 as "endsAtMs"
      from rm_assignments a where a.candidate_id = ${candidateId} and a.agency_id = ${actor.agencyId} and not a.removing
        and a.day between ${addDaysTo(shift.day, -8)} and ${addDaysTo(shift.day, 8)} and a.id <> ${assignmentId}`
    ).map((r) => ({ ...r, candidateId, candidateName: name }));
    const at = instantsOf(shift.day, shift.startMin, shift.endMin, zone);
    const all = [
      ...others,
      {
        id: assignmentId,
        candidateId,
        candidateName: name,
        adTitle: m.adTitle,
        zone,
        ...shift,
        startsAtMs: at.startsAt.getTime(),
        endsAtMs: at.endsAt.getTime(),
      },
    ];
    return warningsOf(all, await queries.documentExpiries([candidateId])).filter((w) =>
      w.assignmentIds.includes(assignmentId),
    );
  }

  /**
   * Decides on one assignment with the version the editor saw. A stale version tells who changed
   * it since (the last event's actor) and the version now, so the page shows the current state.
   */
  async function run(actor: Actor, id: string, command: AssignmentCommand, retries = 3): Promise<StoredEvent[]> {
    try {
      return await handleCommand(
        store,
        assignmentDecider,
        assignmentStream(id),
        command,
        ctx,
        { actor: actor.id, tenant: actor.agencyId ?? undefined },
        { retries },
      );
    } catch (error) {
      if (!(error instanceof ConcurrencyError) || error.streamId !== assignmentStream(id)) throw error;
      throw await conflictOn(id);
    }
  }

  /** Who changed the assignment last, and its version now. */
  async function conflictOn(id: string) {
    const [last] = await sql<
      { actor: string | null; version: number }[]
    >`select metadata->>'actor' as actor, stream_version as version from events
      where stream_id = ${assignmentStream(id)} order by stream_version desc limit 1`;
    const [who] =
      last?.actor && isUuid(last.actor)
        ? await sql<
            { name: string }[]
          >`select first_name || ' ' || last_name as name from rm_users where id = ${last.actor}`
        : [];
    return new PlanningConflictError(who?.name ?? "", last?.version ?? 0);
  }

  /**
   * The shift handed to another candidate (dragged onto their row): a new draft for them on the
   * same mission (placed on it if need be), then this one removed, so a publication tells the
   * first candidate it is cancelled and the other that it is theirs. A stale version books nobody.
   */
  async function reassign(
    actor: Actor,
    row: BoardShift,
    input: { version: number; candidateId: string; shift: ShiftInput; reason?: string | null },
  ) {
    const by = editor(actor);
    if (row.removing) throw new AppError("conflict", "planning_assignment_removed");
    if (row.version !== input.version) throw await conflictOn(row.id);
    const id = await plan(actor, {
      candidate: { adId: row.adId, candidateId: input.candidateId },
      shift: input.shift,
      reason: input.reason,
    });
    try {
      await run(actor, row.id, { type: "Remove", by, expectedVersion: input.version }, 0);
    } catch (error) {
      // someone changed it meanwhile: their change stands, the new draft goes
      await run(actor, id, { type: "Remove", by, expectedVersion: 1 }).catch(() => undefined);
      throw error;
    }
    return { version: 1, id };
  }

  async function current(actor: Actor, id: string) {
    const row = isUuid(id) ? await queries.assignment(actor, id) : null;
    if (!row || !actor.agencyId) throw new AppError("not_found", "planning_assignment_not_found");
    return row;
  }

  /**
   * A shift for a validated mission, or for a candidate of the pool not on it yet (retained for
   * the ad, or any of the agency's candidates): placed on it first, then planned.
   */
  async function plan(
    actor: Actor,
    input: {
      placementId?: string | null;
      candidate?: { adId: number; candidateId: string } | null;
      shift: ShiftInput;
      reason?: string | null;
      copiedFrom?: string | null;
    },
  ) {
    const by = editor(actor);
    // a refusal of the placing is about the pool entry the form sent as placementId
    const place = (candidate: { adId: number; candidateId: string }) =>
      placements
        .placeDirectly(actor, candidate)
        .catch((e: unknown) => Promise.reject(e instanceof AppError ? new AppError(e.kind, e.key, "placementId") : e));
    const placementId = input.placementId || (input.candidate ? await place(input.candidate) : "");
    const mission = await missionOf(placementId, by.agencyId);
    const assignmentId = ctx.ids.uuid();
    const warnings = mission ? await warningsFor(actor, assignmentId, mission, input.shift) : [];
    await run(
      actor,
      assignmentId,
      {
        type: "Plan",
        by,
        assignmentId,
        mission,
        shift: input.shift,
        warnings,
        reason: input.reason ?? null,
        copiedFrom: input.copiedFrom ?? null,
      },
      0,
    );
    return assignmentId;
  }

  return {
    /** A new shift (a draft) for a validated mission of the agency. */
    planAssignment: plan,

    /** Move, resize or edit: the whole shift, with the version the editor saw. */
    async changeAssignment(
      actor: Actor,
      input: {
        assignmentId: string;
        version: number;
        shift: ShiftInput;
        reason?: string | null;
        candidateId?: string | null;
      },
    ): Promise<{ version: number; id?: string }> {
      const by = editor(actor);
      const row = await current(actor, input.assignmentId);
      if (input.candidateId && input.candidateId !== row.candidateId)
        return reassign(actor, row, { ...input, candidateId: input.candidateId });
      const warnings = await warningsFor(actor, row.id, row, input.shift);
      const events = await run(actor, row.id, {
        type: "Change",
        by,
        expectedVersion: input.version,
        shift: input.shift,
        warnings,
        reason: input.reason ?? null,
      });
      return { version: events.at(-1)?.streamVersion ?? row.version };
    },

    async removeAssignment(actor: Actor, input: { assignmentId: string; version: number }) {
      const by = editor(actor);
      const row = await current(actor, input.assignmentId);
      await run(actor, row.id, { type: "Remove", by, expectedVersion: input.version });
    },

    /** The same shift on other days (each a new draft); warnings need the reason as for one. */
    async copyAssignment(actor: Actor, input: { assignmentId: string; days: string[]; reason?: string | null }) {
      const row = await current(actor, input.assignmentId);
      const days = [...new Set(input.days)].filter((d) => d !== row.day);
      const shift = {
        day: row.day,
        startMin: row.startMin,
        endMin: row.endMin,
        breakMin: row.breakMin,
        place: row.place,
        note: row.note,
      };
      const ids: string[] = [];
      for (const day of days)
        ids.push(
          await plan(actor, {
            placementId: row.placementId,
            shift: { ...shift, day },
            reason: input.reason,
            copiedFrom: row.id,
          }),
        );
      return ids;
    },

    /** Weekly repetition: the same day and times for the next `weeks` weeks. */
    async repeatAssignmentWeekly(actor: Actor, input: { assignmentId: string; weeks: number; reason?: string | null }) {
      const row = await current(actor, input.assignmentId);
      const days = Array.from({ length: Math.min(Math.max(input.weeks, 0), 12) }, (_, i) =>
        addDaysTo(row.day, 7 * (i + 1)),
      );
      return this.copyAssignment(actor, { assignmentId: row.id, days, reason: input.reason });
    },

    /**
     * Publishes the drafts ("mine": those the actor made; "all": the agency's). Each assignment
     * records it; one PlanningPublished tells each candidate what changed for them.
     */
    async publishPlanning(actor: Actor, scope: "mine" | "all") {
      const by = editor(actor);
      const drafts = await sql<
        { id: string }[]
      >`select id from rm_assignments where agency_id = ${by.agencyId} and status = 'draft'
        ${scope === "mine" ? sql`and drafted_by = ${actor.id}` : sql``} order by candidate_id, day, start_min limit 5000`;
      const [agency] = await sql<{ name: string }[]>`select name from rm_agencies where id = ${by.agencyId}`;
      const lines = new Map<string, ReturnType<typeof lineOf>[]>();
      let published = 0;
      for (const { id } of drafts) {
        const events = await run(actor, id, { type: "Publish", by });
        for (const e of events) {
          if (!isEvent<AssignmentPublished>(e, "AssignmentPublished")) continue;
          const d = e.data;
          published++;
          if (d.silent) continue;
          lines.set(d.candidateId, [...(lines.get(d.candidateId) ?? []), lineOf(d)]);
        }
      }
      if (lines.size) {
        const summary: PlanningPublished = {
          type: "PlanningPublished",
          data: {
            agencyId: by.agencyId,
            agencyName: agency?.name ?? "",
            scope,
            candidates: [...lines].map(([candidateId, l]) => ({ candidateId, lines: l })),
          },
        };
        await store.append(planningStream(by.agencyId), "any", [summary], { actor: actor.id, tenant: by.agencyId });
      }
      return { published, candidates: lines.size };
    },

    /** What "publish" would send: per candidate, the number of lines (the confirmation's summary). */
    async publishPreview(actor: Actor, scope: "mine" | "all") {
      const by = editor(actor);
      return sql<
        { candidateId: string; candidateName: string; count: number }[]
      >`select a.candidate_id as "candidateId", u.first_name || ' ' || u.last_name as "candidateName", count(*)::int as count
        from rm_assignments a join rm_users u on u.id = a.candidate_id where a.agency_id = ${by.agencyId} and a.status = 'draft'
        ${scope === "mine" ? sql`and a.drafted_by = ${actor.id}` : sql``} group by 1, 2 order by 2`;
    },

    /** The candidate confirms a published shift. */
    async confirmShift(actor: Actor, assignmentId: string) {
      if (actor.role !== "CANDIDATE" || !isUuid(assignmentId))
        throw new AppError("not_found", "planning_assignment_not_found");
      const [row] = await sql<
        { agencyId: string }[]
      >`select agency_id as "agencyId" from rm_assignments where id = ${assignmentId} and candidate_id = ${actor.id}`;
      if (!row) throw new AppError("not_found", "planning_assignment_not_found");
      await handleCommand(
        store,
        assignmentDecider,
        assignmentStream(assignmentId),
        { type: "Confirm", userId: actor.id },
        ctx,
        { actor: actor.id, tenant: row.agencyId },
      );
    },
  };
}
