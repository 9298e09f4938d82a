/**
 * Refusals by kind (DESIGN section 8). A command refuses with one of a few kinds, a spec error key
 * (section 8: `email_exist`, `candidature_exist`, ...) shown translated, and, for invalid input,
 * the field it belongs to. One table maps kinds to HTTP statuses; one action helper in app/
 * (`app/utils/action.server.ts`) turns a refusal into the form's reply.
 *
 * Pure and shared with app/: the Remix server build leaves `#server/*` imports external, so the
 * class the services throw is the very one the app checks (ADR 0009).
 */
export const ERROR_STATUS = {
  /** input refused by a rule; `field` says where */
  invalid: 400,
  /** credentials that do not match */
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  /** already exists, or changed by someone else since it was read */
  conflict: 409,
  /** a single-use link that was used or has expired */
  gone: 410,
  too_many_requests: 429,
  /** a dependency (file storage, search) failed; the input is kept for another try */
  unavailable: 503,
} as const;

export type ErrorKind = keyof typeof ERROR_STATUS;

export class AppError extends Error {
  constructor(
    readonly kind: ErrorKind,
    readonly key: string,
    readonly field?: string,
  ) {
    super(key);
    this.name = "AppError";
  }

  get status(): number {
    return ERROR_STATUS[this.kind];
  }
}

export const invalid = (key: string, field?: string) => new AppError("invalid", key, field);
export const notFound = (key: string, field?: string) => new AppError("not_found", key, field);
export const forbidden = (key = "not_authorized") => new AppError("forbidden", key);
export const conflict = (key: string, field?: string) => new AppError("conflict", key, field);

/** The key shown when a concurrent change could not be merged by re-deciding. */
export const CHANGED_BY_SOMEONE_ELSE = "changed_by_someone_else";
