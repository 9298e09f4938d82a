import type { EraseHook } from "../erasure/contract";

/** Erasure hook (ADR 0048): the person leaves the "already seen" marks of agencies' saved library searches. */
export const eraseLibrarySearchMarks: EraseHook = async (tx, { userId }) => {
  await tx`delete from rm_library_search_seen where candidate_id = ${userId}`;
  return [];
};
