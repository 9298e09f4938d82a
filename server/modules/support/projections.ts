import type { Projection, Tx } from "../../event-store/types";
import { FAQ_EVENT_TYPES, SUPPORT_EVENT_TYPES, type FaqEvent, type SupportEvent } from "./events";
import { moveTo } from "./rules";

/** rm_faq_entries: inline, so the editor reads its own writes. A new entry goes last in its topic. */
export const faqProjection: Projection<FaqEvent> = {
  name: "faq",
  eventTypes: FAQ_EVENT_TYPES,
  tables: ["rm_faq_entries"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const { faqId } = e.data;
      const at = e.createdAt;
      switch (e.type) {
        case "FaqEntryWritten": {
          const [current] = await tx<{ topic: string }[]>`select topic from rm_faq_entries where id = ${faqId}`;
          if (current && current.topic === e.data.topic) {
            await tx`update rm_faq_entries set audiences = ${e.data.audiences}, texts = ${tx.json(e.data.texts)},
              updated_at = ${at} where id = ${faqId}`;
            break;
          }
          const [last] = await tx<{ next: number }[]>`
            select coalesce(max(position) + 1, 0)::int as next from rm_faq_entries where topic = ${e.data.topic}`;
          const row = {
            id: faqId,
            topic: e.data.topic,
            audiences: e.data.audiences,
            texts: tx.json(e.data.texts),
            position: last?.next ?? 0,
            updated_at: at,
          };
          await tx`insert into rm_faq_entries ${tx(row)} on conflict (id) do update set topic = excluded.topic,
            audiences = excluded.audiences, texts = excluded.texts, position = excluded.position, updated_at = excluded.updated_at`;
          break;
        }
        case "FaqEntryPublished":
          await tx`update rm_faq_entries set published = ${e.data.published}, updated_at = ${at} where id = ${faqId}`;
          break;
        case "FaqEntryMoved": {
          const [entry] = await tx<{ topic: string }[]>`select topic from rm_faq_entries where id = ${faqId}`;
          if (!entry) break;
          const current = await tx<{ id: string }[]>`
            select id from rm_faq_entries where topic = ${entry.topic} order by position, id`;
          const order = moveTo(
            current.map((r) => r.id),
            faqId,
            e.data.position,
          );
          await tx`update rm_faq_entries f set position = o.position - 1, updated_at = ${at}
            from unnest(${order}::uuid[]) with ordinality as o(id, position) where f.id = o.id`;
          break;
        }
      }
    }
  },
};

/**
 * rm_support_requests and rm_support_messages: inline (the requester's history and the inbox read
 * their own writes). An erased person's requests (and an erased visitor request) are not rebuilt.
 */
export const supportProjection: Projection<SupportEvent> = {
  name: "support",
  eventTypes: SUPPORT_EVENT_TYPES,
  tables: ["rm_support_requests", "rm_support_messages"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      // an erased requester's (or erased visitor request's) words are gone: nothing to rebuild
      if (e.erased) continue;
      const { requestId } = e.data;
      const at = e.createdAt;
      if (e.type === "SupportRequestOpened") {
        const d = e.data;
        const row = {
          id: requestId,
          requester_id: d.requesterId,
          name: d.name ?? "",
          email: d.email ?? "",
          locale: d.locale,
          kind: d.kind,
          topic: d.topic,
          status: "new",
          attachment_id: d.attachmentId,
          attachment_name: d.attachmentName ?? null,
          created_at: at,
          updated_at: at,
        };
        await tx`insert into rm_support_requests ${tx(row)} on conflict (id) do nothing`;
        await tx`insert into rm_support_messages ${tx({ request_id: requestId, position: 0, author_id: null, from_requester: true, body: d.message ?? "", at })}
          on conflict do nothing`;
        continue;
      }
      await tx`update rm_support_requests set status = ${e.data.status}, updated_at = ${at} where id = ${requestId}`;
      if (e.type === "SupportMessageAdded") {
        const [last] = await tx<{ next: number }[]>`
          select coalesce(max(position) + 1, 0)::int as next from rm_support_messages where request_id = ${requestId}`;
        const row = {
          request_id: requestId,
          position: last?.next ?? 0,
          author_id: e.data.by,
          from_requester: e.data.by === null,
          body: e.data.message ?? "",
          at,
        };
        await tx`insert into rm_support_messages ${tx(row)}`;
      }
    }
  },
};
