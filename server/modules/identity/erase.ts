import type { EraseHook } from "../erasure/contract";
import { loginKey } from "./throttle";

/**
 * Erasure hook (ADR 0048): the account, its tokens (mailed links, API token families), sessions and rate-limit counters go (a
 * projection rebuild after the key is destroyed leaves no account either).
 */
export const eraseIdentity: EraseHook = async (tx, { userId, email }) => {
  await tx`delete from sessions where user_id = ${userId}`;
  await tx`delete from rm_account_tokens where user_id = ${userId}`;
  await tx`delete from api_refresh_tokens where family_id in (select id from api_token_families where user_id = ${userId})`;
  await tx`delete from api_token_families where user_id = ${userId}`;
  // throttle keys hold the address's hash (login) or the id (support)
  await tx`delete from rate_limits where position(${email ? loginKey(email) : null} in key) > 0 or position(${userId} in key) > 0`;
  await tx`delete from idempotency_keys where actor = ${userId}`;
  await tx`delete from rm_users where id = ${userId}`;
  return [];
};
