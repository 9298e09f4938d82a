import type { EraseHook } from "../erasure/contract";

/** Erasure hook (ADR 0048): the person's matching keys (names, phone, AVS…), pairs and dismissals. */
export const eraseDuplicates: EraseHook = async (tx, { userId }) => {
  await tx`delete from rm_duplicate_keys where user_id = ${userId}`;
  await tx`delete from rm_duplicate_candidates where user_id = ${userId}`;
  await tx`delete from rm_duplicate_pairs where first_id = ${userId} or second_id = ${userId}`;
  await tx`delete from rm_duplicate_dismissals where first_id = ${userId} or second_id = ${userId}`;
  return [];
};
