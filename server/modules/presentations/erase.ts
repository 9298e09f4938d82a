import type { EraseHook } from "../erasure/contract";

/**
 * Erasure hook (ADR 0048): the person leaves every presentation dossier, with the consultant's
 * and the client's comments about them (sealed with their key in the log) and the history
 * entries that name them.
 */
export const erasePresentationMembers: EraseHook = async (tx, { userId }) => {
  await tx`delete from rm_presentation_members where candidate_id = ${userId}`;
  await tx`delete from rm_presentation_history where position(${userId} in detail::text) > 0`;
  return [];
};
