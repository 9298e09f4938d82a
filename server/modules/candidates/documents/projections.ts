import type { Projection } from "../../../event-store/types";
import { MERGE_EVENT_TYPES, mergeMove } from "../../duplicates/contract";
import type { CandidateDocumentEvent } from "./events";

/**
 * rm_candidate_documents (what the candidate's space lists; the bytes are in file storage under
 * `file_id`, or `id` for a first file) and rm_candidate_document_views (every look an agency
 * took). Inline: the page after an upload shows it. Documents of erased people are not brought
 * back by a rebuild.
 */
export const candidateDocumentsProjection: Projection<CandidateDocumentEvent> = {
  name: "candidates.documents",
  eventTypes: [
    ...MERGE_EVENT_TYPES,
    "CandidateDocumentAdded",
    "CandidateDocumentReplaced",
    "CandidateDocumentExpiryChanged",
    "CandidateDocumentRemoved",
    "CandidateDocumentsExpiring",
    "CandidateDocumentsViewedByAgency",
  ],
  tables: ["rm_candidate_documents", "rm_candidate_document_views"],
  async apply(tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a merge moves the listed documents, its undo moves them back (ADR 0039)
      if (move) {
        await tx`update rm_candidate_documents set user_id = ${move.to} where id = any(${move.moved.documents}::uuid[])`;
        continue;
      }
      if (e.erased) continue;
      switch (e.type) {
        case "CandidateDocumentAdded": {
          const d = e.data;
          await tx`insert into rm_candidate_documents (id, user_id, category, name, mime, size, expires_at, created_at, updated_at)
            values (${d.documentId}, ${d.userId}, ${d.category}, ${d.name}, ${d.mime}, ${d.size}, ${d.expiresAt ?? null}, ${e.createdAt}, ${e.createdAt})`;
          break;
        }
        case "CandidateDocumentReplaced": {
          const d = e.data;
          await tx`update rm_candidate_documents set file_id = ${d.fileId}, name = ${d.name}, mime = ${d.mime}, size = ${d.size},
            expires_at = ${d.expiresAt}, updated_at = ${e.createdAt} where id = ${d.documentId}`;
          break;
        }
        case "CandidateDocumentExpiryChanged":
          await tx`update rm_candidate_documents set expires_at = ${e.data.expiresAt}, updated_at = ${e.createdAt} where id = ${e.data.documentId}`;
          break;
        case "CandidateDocumentRemoved":
          await tx`delete from rm_candidate_documents where id = ${e.data.documentId}`;
          break;
        case "CandidateDocumentsExpiring":
          await tx`update rm_candidate_documents set reminded_at = ${e.createdAt} where id in ${tx(e.data.documents.map((d) => d.documentId))}`;
          break;
        case "CandidateDocumentsViewedByAgency": {
          const d = e.data;
          await tx`insert into rm_candidate_document_views (position, user_id, agency_id, viewer_id, document_id, viewed_at)
            values (${e.globalPosition}, ${d.userId}, ${d.agencyId}, ${d.viewerId}, ${d.documentId}, ${e.createdAt})`;
          break;
        }
      }
    }
  },
};
