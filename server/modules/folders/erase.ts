import type { EraseHook } from "../erasure/contract";

/** Erasure hook (ADR 0048): the person leaves every favourite folder. */
export const eraseFolderMemberships: EraseHook = async (tx, { userId }) => {
  await tx`delete from rm_folder_members where candidate_id = ${userId}`;
  return [];
};
