import { eraseKey } from "../../event-store/data-keys";
import type { EraseHook } from "../erasure/contract";
import { subjectOf } from "./decider";

/**
 * Erasure hook (ADR 0048): the person's support requests (as requester, signed in or by their
 * address), their messages and attachments. A signed-in request's events were sealed with the
 * person's key; a visitor's with the request's own (`subjectOf`), destroyed here, so a rebuild
 * brings neither back.
 */
export const eraseSupportRequests: EraseHook = async (tx, { userId, email }) => {
  const rows = await tx<{ id: string; attachmentId: string | null; visitor: boolean }[]>`
    delete from rm_support_requests where requester_id = ${userId} or lower(email) = ${email?.toLowerCase() ?? null}
    returning id, attachment_id as "attachmentId", requester_id is null as visitor`;
  const ids = rows.map((r) => r.id);
  if (ids.length > 0) await tx`delete from rm_support_messages where request_id = any(${ids}::uuid[])`;
  for (const r of rows) if (r.visitor) await eraseKey(tx, subjectOf(r.id, null));
  return rows.flatMap((r) => (r.attachmentId ? [r.attachmentId] : []));
};
