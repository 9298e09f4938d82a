import { z } from "zod";
import {
  ACTIVITY_PERIODS,
  ACTIVITY_STATUSES,
  ACTIVITY_TYPES,
  NOTES_MAX_LENGTH,
  SUBJECT_MAX_LENGTH,
  TIMED_TYPES,
  parseLocalTime,
} from "./rules";

const optionalUuid = (message: string) =>
  z.preprocess((v) => (v === "" ? undefined : v), z.string().uuid(message).optional());

/**
 * The log form (conform on the page, the same schema in the command). At least one linked record;
 * a task or a meeting has a time, a task an assignee. Errors are keys of activities.json.
 */
export const logActivitySchema = z
  .object({
    type: z.enum(ACTIVITY_TYPES, { errorMap: () => ({ message: "errors.typeRequired" }) }),
    subject: z
      .string({ required_error: "errors.subjectRequired" })
      .trim()
      .min(1, "errors.subjectRequired")
      .max(SUBJECT_MAX_LENGTH, "errors.subjectTooLong"),
    notes: z.string().trim().max(NOTES_MAX_LENGTH, "errors.notesTooLong").optional(),
    candidateId: optionalUuid("errors.linkNotFound"),
    companyId: optionalUuid("errors.linkNotFound"),
    adId: z.preprocess(
      (v) => (v === "" ? undefined : v),
      z.coerce.number({ invalid_type_error: "errors.linkNotFound" }).int().positive("errors.linkNotFound").optional(),
    ),
    orderId: optionalUuid("errors.linkNotFound"),
    dueAt: z.string().trim().optional(),
    assigneeId: optionalUuid("errors.assigneeNotFound"),
  })
  .superRefine((v, ctx) => {
    if (!v.candidateId && !v.companyId && !v.adId && !v.orderId)
      ctx.addIssue({ code: "custom", path: ["candidateId"], message: "errors.linkRequired" });
    const timed = TIMED_TYPES.includes(v.type);
    if (timed && !v.dueAt) ctx.addIssue({ code: "custom", path: ["dueAt"], message: "errors.dueRequired" });
    else if (v.dueAt && !parseLocalTime(v.dueAt))
      ctx.addIssue({ code: "custom", path: ["dueAt"], message: "errors.dueInvalid" });
    if (v.type === "task" && !v.assigneeId)
      ctx.addIssue({ code: "custom", path: ["assigneeId"], message: "errors.assigneeRequired" });
  });
export type LogActivityInput = z.output<typeof logActivitySchema>;

/** A task's or meeting's new time (the reminder moves with it) and assignee. */
export const rescheduleSchema = z.object({
  activityId: z.string().uuid(),
  dueAt: z
    .string({ required_error: "errors.dueRequired" })
    .trim()
    .min(1, "errors.dueRequired")
    .refine((v) => parseLocalTime(v) !== null, "errors.dueInvalid"),
});
export const activityIdSchema = z.object({ activityId: z.string().uuid() });

/** The team view's query string: every filter optional, a bad value falls back to the default. */
export const activityQuerySchema = z.object({
  type: z.enum(ACTIVITY_TYPES).optional().catch(undefined),
  consultant: z.string().uuid().optional().catch(undefined),
  period: z.enum(ACTIVITY_PERIODS).catch("any").default("any"),
  status: z.enum(ACTIVITY_STATUSES).catch("all").default("all"),
  candidateId: z.string().uuid().optional().catch(undefined),
  companyId: z.string().uuid().optional().catch(undefined),
  adId: z.coerce.number().int().positive().optional().catch(undefined),
  orderId: z.string().uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).max(10_000).catch(1).default(1),
});
export type ActivityQuery = z.output<typeof activityQuerySchema>;
