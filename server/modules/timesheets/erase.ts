import type { EraseHook } from "../erasure/contract";

/**
 * Erasure hook (ADR 0048): timesheets stay for payroll and audit (hours, pay lines), pseudonymous
 * (the candidate id names nobody); the candidate's comment and dispute text and the signed report
 * file (it shows the name) go.
 */
export const eraseTimesheets: EraseHook = async (tx, { userId }) => {
  const files = await tx<{ id: string | null }[]>`
    select report->>'fileId' as id from rm_timesheets where candidate_id = ${userId} and report is not null`;
  await tx`update rm_timesheets set comment = null, dispute = null, report = null where candidate_id = ${userId}`;
  return files.flatMap((f) => (f.id ? [f.id] : []));
};
