import type { Db } from "../../../event-store/types";
import type { Storage } from "../../../infra/storage";
import { isUuid } from "../../../lib/contract";
import type { Actor } from "../../identity/contract";
import type { Clock } from "../../../lib/clock";
import { localDay } from "../../../lib/clock";
import { expiryState, type DocumentCategory, type ExpiryState, type FileMime } from "./rules";

export interface CandidateDocument {
  id: string;
  category: DocumentCategory;
  name: string;
  mime: FileMime;
  size: number;
  /** YYYY-MM-DD or null */
  expiresAt: string | null;
  /** expired, expiring (30 days ahead), valid, or none (no date), by the injected clock */
  expiry: ExpiryState;
  createdAt: string;
  updatedAt: string;
}
export interface DocumentFile {
  name: string;
  mime: FileMime;
  bytes: Buffer;
}

type Row = Omit<CandidateDocument, "createdAt" | "updatedAt" | "expiry"> & {
  createdAt: Date;
  updatedAt: Date | null;
  fileId: string;
};

export function documentQueries(sql: Db, storage: Storage, clock: Clock) {
  const rowsOf = (userId: string) => sql<Row[]>`
    select id, category, name, mime, size, expires_at::text as "expiresAt", created_at as "createdAt", updated_at as "updatedAt", coalesce(file_id, id) as "fileId"
    from rm_candidate_documents where user_id = ${userId} order by created_at desc, id`;
  const dto = ({ fileId: _fileId, ...r }: Row): CandidateDocument => ({
    ...r,
    expiry: expiryState(r.expiresAt, localDay(clock.now())),
    createdAt: r.createdAt.toISOString(),
    updatedAt: (r.updatedAt ?? r.createdAt).toISOString(),
  });

  async function fileOf(userId: string, documentId: string): Promise<DocumentFile | null> {
    if (!isUuid(documentId)) return null;
    const [row] = await sql<{ name: string; mime: FileMime; fileId: string }[]>`
      select name, mime, coalesce(file_id, id) as "fileId" from rm_candidate_documents where id = ${documentId} and user_id = ${userId}`;
    if (!row) return null;
    const bytes = await storage.get(row.fileId);
    return bytes ? { name: row.name, mime: row.mime, bytes } : null;
  }

  return {
    /** The signed-in candidate's documents, newest first. */
    async myDocuments(actor: Actor): Promise<CandidateDocument[]> {
      if (actor.role !== "CANDIDATE") return [];
      return (await rowsOf(actor.id)).map(dto);
    },
    /** One of the candidate's own files; anyone else's id reads as not found (null). */
    async myDocumentFile(actor: Actor, documentId: string): Promise<DocumentFile | null> {
      return actor.role === "CANDIDATE" ? fileOf(actor.id, documentId) : null;
    },
    /** A candidate's documents, for the agency access rule (agency-access.ts) once it has checked the agency may see them. */
    async documentsOfCandidate(userId: string): Promise<CandidateDocument[]> {
      return isUuid(userId) ? (await rowsOf(userId)).map(dto) : [];
    },
    /** A candidate's file, for the agency access rule once it has checked the agency may see it. */
    async documentFileOfCandidate(userId: string, documentId: string): Promise<DocumentFile | null> {
      return isUuid(userId) ? fileOf(userId, documentId) : null;
    },
  };
}
