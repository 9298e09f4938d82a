/**
 * The planning module's contract (pure, shared with app/): shifts of candidates on their
 * validated missions, the forms that create, move and delete them, the limits the warnings
 * check and who may do what.
 */
import { z } from "zod";
import { AppError } from "../../lib/errors";
import type { PlanningWarning } from "./basics";
import type { BoardShift } from "./board-view";
import { isAgencyStaff, isClientUser, isPlatformAdmin, type Actor } from "../identity/contract";

export const STEP_MINUTES = 15;
export const DAY_MINUTES = 24 * 60;
export const BREAK_MAX = 600;
export const NOTE_MAX = 1000;
export const REASON_MAX = 500;
export const COPY_DAYS_MAX = 31;
export const REPEAT_WEEKS_MAX = 12;

export const VIEWS = ["day", "week", "month"] as const;
export type PlanningView = (typeof VIEWS)[number];
export const ROW_KINDS = ["candidates", "missions", "clients"] as const;
export type RowKind = (typeof ROW_KINDS)[number];

export const minutesOf = (value: string) => {
  const m = /^(\d{2}):(\d{2})$/.exec(value);
  return m ? Number(m[1]) * 60 + Number(m[2]) : NaN;
};
/** Length of a shift in wall-clock minutes (crossing midnight when the end is not after the start). */
export const spanOf = (startMin: number, endMin: number) =>
  endMin > startMin ? endMin - startMin : endMin + DAY_MINUTES - startMin;

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
export const isDay = (v: unknown): v is string =>
  typeof v === "string" &&
  DAY_RE.test(v) &&
  !Number.isNaN(Date.parse(`${v}T00:00:00Z`)) &&
  new Date(`${v}T00:00:00Z`).toISOString().startsWith(v);

/** Who edits the board: staff of an agency. Platform admins and client users read it. */
export const mayEditPlanning = (a: Actor) => isAgencyStaff(a) && Boolean(a.agencyId);
export const mayReadPlanning = (a: Actor) =>
  mayEditPlanning(a) || isPlatformAdmin(a) || (isClientUser(a) && Boolean(a.clientId));

const time = z
  .string({ required_error: "validation.required" })
  .regex(/^([01]\d|2[0-3]):[0-5]\d$/, "planning_time_invalid");
const day = z.string({ required_error: "validation.required" }).refine(isDay, "planning_day_invalid");
const checkbox = z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean());

/** A shift as the forms send it: the end before the start is refused unless it crosses midnight. */
const shiftFields = {
  day,
  start: time,
  end: time,
  overnight: checkbox.optional(),
  breakMinutes: z.coerce
    .number({ invalid_type_error: "planning_break_invalid" })
    .int("planning_break_invalid")
    .min(0, "planning_break_invalid")
    .max(BREAK_MAX, "planning_break_invalid")
    .default(0),
  place: z.string().trim().max(200, "validation.too_long").optional(),
  note: z.string().trim().max(NOTE_MAX, "validation.too_long").optional(),
  reason: z.string().trim().max(REASON_MAX, "validation.too_long").optional(),
};

function checkTimes(
  v: { start: string; end: string; overnight?: boolean; breakMinutes: number },
  ctx: z.RefinementCtx,
) {
  const s = minutesOf(v.start);
  const e = minutesOf(v.end);
  if (Number.isNaN(s) || Number.isNaN(e)) return;
  if (e === s || (e < s && !v.overnight))
    ctx.addIssue({ code: "custom", path: ["end"], message: "planning_end_before_start" });
  else if (v.breakMinutes >= spanOf(s, e))
    ctx.addIssue({ code: "custom", path: ["breakMinutes"], message: "planning_break_too_long" });
}

export const createSchema = z
  .object({
    placementId: z.string({ required_error: "validation.required" }).min(1, "validation.required"),
    ...shiftFields,
  })
  .superRefine(checkTimes);
export const changeSchema = z
  // candidateId: the shift dragged onto another candidate's row
  .object({
    assignmentId: z.string({ required_error: "validation.required" }),
    version: z.coerce.number().int().min(1),
    candidateId: z.string().uuid().optional(),
    ...shiftFields,
  })
  .superRefine(checkTimes);
export const removeSchema = z.object({ assignmentId: z.string(), version: z.coerce.number().int().min(1) });
export const copySchema = z.object({
  assignmentId: z.string(),
  days: z.preprocess(
    (v) => (Array.isArray(v) ? v : typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : v),
    z.array(day).min(1, "validation.required").max(COPY_DAYS_MAX, "validation.too_long"),
  ),
  reason: shiftFields.reason,
});
export const repeatSchema = z.object({
  assignmentId: z.string(),
  weeks: z.coerce
    .number({ invalid_type_error: "planning_weeks_range" })
    .int("planning_weeks_range")
    .min(1, "planning_weeks_range")
    .max(REPEAT_WEEKS_MAX, "planning_weeks_range"),
  reason: shiftFields.reason,
});
export const publishSchema = z.object({ scope: z.enum(["mine", "all"]) });
export type CreateForm = z.infer<typeof createSchema>;
export type ChangeForm = z.infer<typeof changeSchema>;

/**
 * What a pool entry sends as `placementId`: a validated mission's id, or `c:<adId>:<candidateId>`
 * for a candidate placed on the ad when first planned.
 */
export const poolKey = (p: { placementId: string | null; adId: number; candidateId: string }) =>
  p.placementId ?? `c:${p.adId}:${p.candidateId}`;
export function parsePoolKey(key: string): {
  placementId: string | null;
  candidate: { adId: number; candidateId: string } | null;
} {
  const m = /^c:(\d+):([\w-]+)$/.exec(key);
  return m
    ? { placementId: null, candidate: { adId: Number(m[1]), candidateId: m[2]! } }
    : { placementId: key, candidate: null };
}

/** A shift as commands take it (a type: event data must be assignable to Record<string, unknown>). */
export type ShiftInput = {
  day: string;
  startMin: number;
  endMin: number;
  breakMin: number;
  place: string;
  note: string;
};
export const shiftOfForm = (
  v: Pick<CreateForm, "day" | "start" | "end" | "breakMinutes" | "place" | "note">,
): ShiftInput => ({
  day: v.day,
  startMin: minutesOf(v.start),
  endMin: minutesOf(v.end),
  breakMin: v.breakMinutes,
  place: v.place ?? "",
  note: v.note ?? "",
});

/** The documents a shift needs valid on its day (spec: a required document or the work permit). */
export const SHIFT_DOCUMENTS = ["identity", "work_permit"] as const;

/** A change that raises warnings not yet acknowledged needs a reason (kept on the assignment). */
export class PlanningWarningsError extends AppError {
  constructor(readonly warnings: PlanningWarning[]) {
    super("invalid", "planning_reason_required", "reason");
  }
}

/** Someone else changed the assignment since the editor saw it: who, and the version now. */
export class PlanningConflictError extends AppError {
  constructor(
    readonly changedBy: string,
    readonly currentVersion: number,
  ) {
    super("conflict", "planning_changed_by");
  }
}

// zones, limits, times and the warning's shape, shared with the warnings and the board
export * from "./basics";

// the warnings are pure: the server decides with them, the board recomputes them as shifts move
export { warningsOf, type ShiftForWarnings } from "./warnings";
export { boardOf, windowOf, type BoardShift } from "./board-view";

/** The socket message carrying a changed shift to its agency's planning room (null: removed). */
export const PLANNING_SHIFT = "planning:shift";
export type LiveShift = { id: string; shift: BoardShift | null };
