import type { EraseHook } from "../erasure/contract";

/** Erasure hook (ADR 0048): calls, meetings, notes and tasks about the person. */
export const eraseActivities: EraseHook = async (tx, { userId }) => {
  await tx`delete from rm_activities where candidate_id = ${userId}`;
  return [];
};
