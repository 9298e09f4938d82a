import type { EraseHook } from "../erasure/contract";

/**
 * Erasure hook (ADR 0048): the person's support requests (as requester, signed in or by their
 * address), their messages and attachments. Their events were sealed with the person's key.
 */
export const eraseSupportRequests: EraseHook = async (tx, { userId, email }) => {
  const rows = await tx<{ id: string; attachmentId: string | null }[]>`
    delete from rm_support_requests where requester_id = ${userId} or lower(email) = ${email.toLowerCase()}
    returning id, attachment_id as "attachmentId"`;
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) await tx`delete from rm_support_messages where request_id = any(${ids}::uuid[])`;
  return rows.flatMap((r) => (r.attachmentId ? [r.attachmentId] : []));
};
