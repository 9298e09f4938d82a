import type { Submission } from "@conform-to/react";
import type { AppError } from "../../server/lib/errors";

/** The reply for a form a service refused: the error on its field (or the form), the input kept minus `hide`. */
export function replyWithError(submission: Submission<unknown>, error: AppError, hide: string[] = []) {
  const fieldErrors = error.field ? { [error.field]: [error.key] } : undefined;
  return submission.reply({ fieldErrors, formErrors: fieldErrors ? undefined : [error.key], hideFields: hide });
}
