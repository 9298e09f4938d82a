import type { Decider } from "../../event-store/decider";
import { ConcurrencyError } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import {
  BREAK_MAX,
  DAY_MINUTES,
  hhmm,
  isDay,
  NOTE_MAX,
  PlanningWarningsError,
  REASON_MAX,
  spanOf,
  type PlanningWarning,
  type ShiftInput,
} from "./contract";
import { assignmentStream, type AssignmentEvent, type AssignmentMission, type PublishedChange } from "./events";

/** A consultant acting on their agency's board. */
export interface Editor {
  agencyId: string;
}

/**
 * `warnings`: those the shift would be part of once changed, computed by the command from the
 * board just before deciding; `reason`: the editor's reason for overriding the new ones.
 */
type Checked = { shift: ShiftInput; warnings: PlanningWarning[]; reason: string | null };

export type AssignmentCommand =
  | ({
      type: "Plan";
      by: Editor;
      assignmentId: string;
      mission: AssignmentMission | null;
      copiedFrom?: string | null;
    } & Checked)
  | ({ type: "Change"; by: Editor; expectedVersion: number } & Checked)
  | { type: "Remove"; by: Editor; expectedVersion: number }
  | { type: "Publish"; by: Editor }
  | { type: "Confirm"; userId: string };

export interface AssignmentState {
  exists: boolean;
  /** removed for good (never published, or its removal was published) */
  gone: boolean;
  assignmentId: string;
  mission: AssignmentMission | null;
  shift: ShiftInput | null;
  overrideReason: string | null;
  acknowledged: string[];
  /** the shift as the candidate last saw it (null: never published) */
  published: ShiftInput | null;
  draft: boolean;
  removing: boolean;
  confirmed: boolean;
  /** every event counts: the stream's version, which editors send back */
  version: number;
}

const notFound = () => new AppError("not_found", "planning_assignment_not_found");

function mine(state: AssignmentState, by: Editor) {
  // another agency's assignment reads as missing (no leak)
  if (!state.exists || state.gone || state.mission!.agencyId !== by.agencyId) throw notFound();
}
function fresh(state: AssignmentState, expectedVersion: number) {
  if (expectedVersion !== state.version)
    throw new ConcurrencyError(assignmentStream(state.assignmentId), expectedVersion);
}

/** The rules of a shift, also checked by the forms' schema (commands are called by seeds and tests too). */
function valid(s: ShiftInput) {
  if (!isDay(s.day)) throw new AppError("invalid", "planning_day_invalid", "day");
  const inDay = (m: number) => Number.isInteger(m) && m >= 0 && m < DAY_MINUTES;
  if (!inDay(s.startMin)) throw new AppError("invalid", "planning_time_invalid", "start");
  if (!inDay(s.endMin)) throw new AppError("invalid", "planning_time_invalid", "end");
  if (s.endMin === s.startMin) throw new AppError("invalid", "planning_end_before_start", "end");
  if (!Number.isInteger(s.breakMin) || s.breakMin < 0 || s.breakMin > BREAK_MAX)
    throw new AppError("invalid", "planning_break_invalid", "breakMinutes");
  if (s.breakMin >= spanOf(s.startMin, s.endMin))
    throw new AppError("invalid", "planning_break_too_long", "breakMinutes");
  if (s.note.length > NOTE_MAX) throw new AppError("invalid", "validation.too_long", "note");
}

/** New warnings (not acknowledged before) need a reason; the keys then count as acknowledged. */
function acknowledge(state: AssignmentState, c: Checked): { overrideReason: string | null; acknowledged: string[] } {
  const fresh = c.warnings.filter((w) => !state.acknowledged.includes(w.key));
  const reason = c.reason?.trim() || null;
  if (reason && reason.length > REASON_MAX) throw new AppError("invalid", "validation.too_long", "reason");
  if (fresh.length && !reason) throw new PlanningWarningsError(fresh);
  return { overrideReason: fresh.length ? reason : state.overrideReason, acknowledged: c.warnings.map((w) => w.key) };
}

const same = (a: ShiftInput | null, b: ShiftInput | null) =>
  !!a &&
  !!b &&
  a.day === b.day &&
  a.startMin === b.startMin &&
  a.endMin === b.endMin &&
  a.breakMin === b.breakMin &&
  a.place === b.place &&
  a.note === b.note;

export const assignmentDecider: Decider<AssignmentCommand, AssignmentState, AssignmentEvent> = {
  initialState: {
    exists: false,
    gone: false,
    assignmentId: "",
    mission: null,
    shift: null,
    overrideReason: null,
    acknowledged: [],
    published: null,
    draft: false,
    removing: false,
    confirmed: false,
    version: 0,
  },
  evolve(s, e) {
    const state = { ...s, version: s.version + 1 };
    const shiftOf = (d: ShiftInput): ShiftInput => ({
      day: d.day,
      startMin: d.startMin,
      endMin: d.endMin,
      breakMin: d.breakMin,
      place: d.place,
      note: d.note,
    });
    switch (e.type) {
      case "AssignmentPlanned": {
        const {
          assignmentId,
          placementId,
          agencyId,
          candidateId,
          adId,
          adTitle,
          adClientId,
          branchId,
          consultantId,
          zone,
        } = e.data;
        return {
          ...state,
          exists: true,
          assignmentId,
          mission: { placementId, agencyId, candidateId, adId, adTitle, adClientId, branchId, consultantId, zone },
          shift: shiftOf(e.data),
          overrideReason: e.data.overrideReason,
          acknowledged: e.data.acknowledged,
          draft: true,
        };
      }
      case "AssignmentChanged":
        return {
          ...state,
          shift: shiftOf(e.data),
          overrideReason: e.data.overrideReason,
          acknowledged: e.data.acknowledged,
          draft: true,
          confirmed: false,
        };
      case "AssignmentRemoved":
        return e.data.wasPublished ? { ...state, removing: true, draft: true } : { ...state, gone: true, draft: false };
      case "AssignmentPublished":
        return e.data.change === "cancelled"
          ? { ...state, gone: true, draft: false, removing: false, published: null }
          : { ...state, draft: false, published: shiftOf(e.data), confirmed: false };
      case "AssignmentConfirmed":
        return { ...state, confirmed: true };
      default:
        return state;
    }
  },
  decide(command, state): AssignmentEvent[] {
    switch (command.type) {
      case "Plan": {
        if (state.exists) throw new AppError("conflict", "planning_assignment_exists");
        const m = command.mission;
        if (!m || m.agencyId !== command.by.agencyId)
          throw new AppError("not_found", "planning_mission_not_found", "placementId");
        valid(command.shift);
        const ack = acknowledge(state, command);
        return [
          {
            type: "AssignmentPlanned",
            data: {
              ...m,
              ...command.shift,
              ...ack,
              assignmentId: command.assignmentId,
              copiedFrom: command.copiedFrom ?? null,
            },
          },
        ];
      }
      case "Change": {
        mine(state, command.by);
        fresh(state, command.expectedVersion);
        if (state.removing) throw new AppError("conflict", "planning_assignment_removed");
        valid(command.shift);
        if (same(state.shift, command.shift) && !command.reason) return [];
        const ack = acknowledge(state, command);
        return [
          {
            type: "AssignmentChanged",
            data: {
              ...command.shift,
              ...ack,
              assignmentId: state.assignmentId,
              candidateId: state.mission!.candidateId,
            },
          },
        ];
      }
      case "Remove": {
        mine(state, command.by);
        fresh(state, command.expectedVersion);
        if (state.removing) return [];
        return [
          {
            type: "AssignmentRemoved",
            data: {
              assignmentId: state.assignmentId,
              candidateId: state.mission!.candidateId,
              wasPublished: state.published !== null,
            },
          },
        ];
      }
      case "Publish": {
        mine(state, command.by);
        if (!state.draft) return [];
        const m = state.mission!;
        const change: PublishedChange = state.removing ? "cancelled" : state.published ? "changed" : "new";
        // a change undone before publishing tells the candidate nothing
        if (change === "changed" && same(state.shift, state.published))
          return [
            {
              type: "AssignmentPublished",
              data: {
                ...state.shift!,
                assignmentId: state.assignmentId,
                candidateId: m.candidateId,
                adTitle: m.adTitle,
                zone: m.zone,
                change: "changed",
                silent: true,
              },
            },
          ];
        const shown = change === "cancelled" ? state.published! : state.shift!;
        return [
          {
            type: "AssignmentPublished",
            data: {
              ...shown,
              assignmentId: state.assignmentId,
              candidateId: m.candidateId,
              adTitle: m.adTitle,
              zone: m.zone,
              change,
            },
          },
        ];
      }
      case "Confirm": {
        if (!state.exists || state.gone || state.mission!.candidateId !== command.userId || !state.published)
          throw notFound();
        if (state.confirmed) return [];
        return [
          {
            type: "AssignmentConfirmed",
            data: { assignmentId: state.assignmentId, candidateId: command.userId, userId: command.userId },
          },
        ];
      }
    }
  },
};

/** A line of the candidate's summary, as the publication tells it. */
export const lineOf = (d: ShiftInput & { adTitle: string; change: PublishedChange }) => ({
  change: d.change,
  adTitle: d.adTitle,
  day: d.day,
  start: hhmm(d.startMin),
  end: hhmm(d.endMin),
});
