import type { EraseHook } from "../erasure/contract";

/** Erasure hook (ADR 0048): the candidate's favourites, hidden ads and saved searches. */
export const eraseEngagement: EraseHook = async (tx, { userId }) => {
  await tx`delete from rm_favourite_ads where user_id = ${userId}`;
  await tx`delete from rm_hidden_ads where user_id = ${userId}`;
  await tx`delete from rm_saved_searches where user_id = ${userId}`;
  return [];
};
