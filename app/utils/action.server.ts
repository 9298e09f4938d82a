import type { Submission, SubmissionResult } from "@conform-to/react";
import { randomUUID } from "node:crypto";
import { AppError, CHANGED_BY_SOMEONE_ELSE, ConcurrencyError, isUuid } from "#server/lib/contract";

/** A command's answer: its value, or the refusal (kind, key, field) with its HTTP status. */
export type Attempt<T> = { ok: true; value: T } | { ok: false; error: AppError; status: number };

/**
 * Runs one service call; a refusal comes back as data for the route to answer with, anything
 * else (a bug, a database down) is thrown to the error boundary and logged. The one place in
 * app/ that recognises refusals (DESIGN section 8).
 */
export async function attempt<T>(run: () => Promise<T>): Promise<Attempt<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const refusal = asRefusal(error);
    if (!refusal) throw error;
    return { ok: false, error: refusal, status: refusal.status };
  }
}

function asRefusal(error: unknown): AppError | null {
  if (error instanceof AppError) return error;
  // still in conflict after the command re-decided a few times: the user's input is kept
  if (error instanceof ConcurrencyError) return new AppError("conflict", CHANGED_BY_SOMEONE_ELSE);
  return null;
}

/** The reply for a form a service refused: the error on its field (or the form), the input kept minus `hide`. */
export function replyWithError(
  submission: Submission<unknown>,
  error: AppError,
  hide: string[] = [],
): SubmissionResult<string[]> {
  const fieldErrors = error.field ? { [error.field]: [error.key] } : undefined;
  return submission.reply({ fieldErrors, formErrors: fieldErrors ? undefined : [error.key], hideFields: hide });
}

/**
 * Forms that create something carry an idempotency key (a hidden field the loader draws): a
 * retried request, whose answer was lost, is answered with the first one's result instead of
 * creating a second time (server/lib/idempotency.ts).
 */
export const newIdempotencyKey = () => randomUUID();
export const idempotencyKeyOf = (form: FormData): string | null => {
  const key = form.get("idempotencyKey");
  return isUuid(key) ? key : null;
};
