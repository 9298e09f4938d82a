import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { FILE_TYPES, type FileExtension } from "../candidates/contract";
import { AppError } from "../../lib/errors";
import { isPlatformAdmin, type Actor } from "../identity/contract";
import type { FaqTexts } from "./events";
import type { Audience, FaqLanguage, FaqTopic, RequestKind, RequestStatus } from "./rules";

export interface FaqItem {
  id: string;
  topic: FaqTopic;
  question: string;
  answer: string;
}
export interface FaqAdminItem {
  id: string;
  topic: FaqTopic;
  audiences: Audience[];
  texts: FaqTexts;
  published: boolean;
  position: number;
}
export interface SupportRequestSummary {
  id: string;
  name: string;
  email: string;
  kind: RequestKind;
  topic: FaqTopic;
  status: RequestStatus;
  /** a visitor's request (no account) */
  visitor: boolean;
  createdAt: string;
  updatedAt: string;
}
export interface SupportMessage {
  fromRequester: boolean;
  body: string;
  at: string;
}
export interface SupportRequestDetail extends SupportRequestSummary {
  attachmentName: string | null;
  /** the reader is its requester (an admin may be one too) */
  mine: boolean;
  messages: SupportMessage[];
}
export interface InboxFilter {
  status: RequestStatus | null;
  kind: RequestKind | null;
}

const INBOX_LIMIT = 200;
const HISTORY_LIMIT = 100;
const summaryColumns = (sql: Db) => sql`id, name, email, kind, topic, status, requester_id is null as visitor,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "createdAt",
  to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as "updatedAt"`;

/** Who may read a request: its requester and the platform's admins; anyone else is told it does not exist. */
const readerFilter = (sql: Db, actor: Actor) => (isPlatformAdmin(actor) ? sql`true` : sql`requester_id = ${actor.id}`);

export function supportQueries(sql: Db, storage: Storage) {
  return {
    /** The published FAQ for an audience in a language, by topic and order, straight from PostgreSQL. */
    async faq(audience: Audience, language: FaqLanguage): Promise<FaqItem[]> {
      return sql<FaqItem[]>`
        select id, topic, texts -> ${language} ->> 'question' as question, texts -> ${language} ->> 'answer' as answer
        from rm_faq_entries where published and ${audience} = any(audiences)
        order by topic, position, id`;
    },
    async faqEntries(actor: Actor): Promise<FaqAdminItem[]> {
      if (!isPlatformAdmin(actor)) throw new AppError("not_found", "errors.notFound");
      return sql<FaqAdminItem[]>`
        select id, topic, audiences, texts, published, position from rm_faq_entries order by topic, position, id`;
    },
    async myRequests(actor: Actor): Promise<SupportRequestSummary[]> {
      return sql<SupportRequestSummary[]>`
        select ${summaryColumns(sql)} from rm_support_requests where requester_id = ${actor.id}
        order by updated_at desc limit ${HISTORY_LIMIT}`;
    },
    /** A request with its messages, for its requester or an admin; otherwise not found. */
    async supportRequest(actor: Actor, requestId: string): Promise<SupportRequestDetail> {
      const [row] = await sql<(SupportRequestSummary & { attachmentName: string | null; mine: boolean })[]>`
        select ${summaryColumns(sql)}, attachment_name as "attachmentName",
          coalesce(requester_id::text = ${actor.id}, false) as mine
        from rm_support_requests
        where id = ${requestId} and ${readerFilter(sql, actor)}`;
      if (!row) throw new AppError("not_found", "errors.notFound");
      const messages = await sql<SupportMessage[]>`
        select from_requester as "fromRequester", body,
          to_char(at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as at
        from rm_support_messages where request_id = ${requestId} order by position`;
      return { ...row, messages };
    },
    /** The attachment (checked at upload, so its extension says its type), for its requester or an admin. */
    async supportAttachment(actor: Actor, requestId: string) {
      const [row] = await sql<{ fileId: string | null; name: string | null }[]>`
        select attachment_id as "fileId", attachment_name as name from rm_support_requests
        where id = ${requestId} and ${readerFilter(sql, actor)}`;
      const bytes = row?.fileId ? await storage.get(row.fileId) : null;
      if (!row || !bytes) return null;
      const name = row.name ?? "attachment";
      const mime = FILE_TYPES[name.toLowerCase().split(".").pop() as FileExtension] ?? "application/octet-stream";
      return { name, mime, bytes };
    },
    async supportInbox(actor: Actor, filter: InboxFilter): Promise<SupportRequestSummary[]> {
      if (!isPlatformAdmin(actor)) throw new AppError("not_found", "errors.notFound");
      return sql<SupportRequestSummary[]>`
        select ${summaryColumns(sql)} from rm_support_requests
        where ${filter.status ? sql`status = ${filter.status}` : sql`true`}
          and ${filter.kind ? sql`kind = ${filter.kind}` : sql`true`}
        order by (status = 'new') desc, updated_at desc limit ${INBOX_LIMIT}`;
    },
    /** The admins' badge: new requests (and replies that reopened one); 0 for anyone else. */
    async newSupportRequests(actor: Actor): Promise<number> {
      if (!isPlatformAdmin(actor)) return 0;
      const [row] = await sql<{ n: number }[]>`select count(*)::int as n from rm_support_requests where status = 'new'`;
      return row?.n ?? 0;
    },
  };
}
