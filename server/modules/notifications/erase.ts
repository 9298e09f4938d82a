import type { EraseHook } from "../erasure/contract";

/**
 * Erasure hook (ADR 0048): the person's notifications and mails, and those of others that name
 * them (an agency's "new application from …"): their parameters hold the name or the id; their
 * communication choices and the secret of their unsubscribe links (ADR 0047); their devices'
 * push subscriptions (ADR 0050).
 */
export const eraseNotifications: EraseHook = async (tx, { userId, email, firstName, lastName }) => {
  const name = `${firstName} ${lastName}`.trim().toLowerCase();
  await tx`delete from rm_notifications where user_id = ${userId}
    or position(${userId} in params::text) > 0 or position(${userId} in coalesce(link, '')) > 0
    or (${name} <> '' and position(${name} in lower(params::text)) > 0)`;
  await tx`delete from mail_outbox where lower(recipient) = ${email?.toLowerCase() ?? null}
    or position(${userId} in params::text) > 0
    or (${name} <> '' and position(${name} in lower(params::text)) > 0)`;
  await tx`delete from rm_communication where user_id = ${userId}`;
  await tx`delete from unsubscribe_keys where user_id = ${userId}`;
  await tx`delete from push_subscriptions where user_id = ${userId}`;
  return [];
};
