import type { Decider } from "../../../event-store/decider";
import { AppError } from "../../../lib/errors";
import { dueReminders, isDocumentCategory, isFileMime, parseDay, type DocumentCategory, type FileMime } from "./rules";
import { MAX_UPLOAD_BYTES, isDocumentMime } from "../registration/events";
import type { CandidateEvent } from "./events";

/**
 * A candidate's documents, decided on their stream `candidate-<userId>` (beside the
 * registration's events, which this decider ignores). Files are stored before the command
 * runs: the command only records them, so what the events say exists is always whole.
 */
export type DocumentCommand =
  | {
      type: "AddDocument";
      documentId: string;
      category: string;
      name: string;
      mime: string;
      size: number;
      expiresAt: string | null;
    }
  | {
      type: "ReplaceDocument";
      documentId: string;
      fileId: string;
      name: string;
      mime: string;
      size: number;
      expiresAt: string | null;
    }
  | { type: "ChangeExpiry"; documentId: string; expiresAt: string | null }
  | { type: "RemoveDocument"; documentId: string }
  | { type: "RemindExpiring"; day: string }
  | { type: "RecordAgencyView"; agencyId: string; viewerId: string; documentId: string | null };

export interface DocumentState {
  category: DocumentCategory;
  /** the file's name (personal: empty once the person is erased) */
  name: string;
  fileId: string;
  expiresAt: string | null;
  /** reminder thresholds already sent for this expiry date (a new date starts again) */
  reminded: number[];
}
export interface DocumentsState {
  userId: string | null;
  documents: Record<string, DocumentState>;
  lastDigestDay: string | null;
}

function checkFile(c: { mime: string; size: number }, category: DocumentCategory) {
  if (!isFileMime(c.mime)) throw new AppError("invalid", "document_invalid_type", "file");
  // a CV goes to agencies with applications: a CV's types as at registration (a document or a photo of one)
  if (category === "cv" && !isDocumentMime(c.mime)) throw new AppError("invalid", "cv_invalid_type", "file");
  if (c.size <= 0 || c.size > MAX_UPLOAD_BYTES) throw new AppError("invalid", "document_too_large", "file");
}
function checkExpiry(expiresAt: string | null): string | null {
  if (expiresAt === null) return null;
  const day = parseDay(expiresAt);
  if (!day) throw new AppError("invalid", "document_expiry_invalid", "expiresAt");
  return day;
}

export function documentsDecider(userId: string): Decider<DocumentCommand, DocumentsState, CandidateEvent> {
  const sealed = <T extends Record<string, unknown>>(data: T) => ({ subjectId: userId, data });
  return {
    initialState: { userId: null, documents: {}, lastDigestDay: null },

    evolve(state, event) {
      const docs = state.documents;
      switch (event.type) {
        case "CandidateDocumentAdded": {
          const d = event.data;
          return {
            ...state,
            documents: {
              ...docs,
              [d.documentId]: {
                category: d.category,
                name: d.name ?? "",
                fileId: d.documentId,
                expiresAt: d.expiresAt ?? null,
                reminded: [],
              },
            },
          };
        }
        case "CandidateDocumentReplaced": {
          const d = event.data;
          const doc = docs[d.documentId];
          if (!doc) return state;
          const reminded = doc.expiresAt === d.expiresAt ? doc.reminded : [];
          return {
            ...state,
            documents: {
              ...docs,
              [d.documentId]: { ...doc, name: d.name ?? "", fileId: d.fileId, expiresAt: d.expiresAt, reminded },
            },
          };
        }
        case "CandidateDocumentExpiryChanged": {
          const doc = docs[event.data.documentId];
          if (!doc) return state;
          return {
            ...state,
            documents: { ...docs, [event.data.documentId]: { ...doc, expiresAt: event.data.expiresAt, reminded: [] } },
          };
        }
        case "CandidateDocumentRemoved": {
          const rest = { ...docs };
          delete rest[event.data.documentId];
          return { ...state, documents: rest };
        }
        case "CandidateDocumentsExpiring": {
          const next = { ...docs };
          for (const r of event.data.documents) {
            const doc = next[r.documentId];
            if (doc) next[r.documentId] = { ...doc, reminded: [...doc.reminded, r.threshold] };
          }
          return { ...state, documents: next, lastDigestDay: event.data.day };
        }
        default:
          return state;
      }
    },

    decide(command, state) {
      const doc = "documentId" in command && command.documentId ? state.documents[command.documentId] : undefined;
      switch (command.type) {
        case "AddDocument": {
          if (!isDocumentCategory(command.category))
            throw new AppError("invalid", "document_category_required", "category");
          checkFile(command, command.category);
          const expiresAt = command.category === "cv" ? null : checkExpiry(command.expiresAt);
          if (doc) throw new AppError("conflict", "failed_operation");
          const { documentId, category, size } = command;
          return [
            {
              type: "CandidateDocumentAdded",
              data: { userId, documentId, category, mime: command.mime as FileMime, size, expiresAt },
              personal: sealed({ name: command.name }),
            },
          ];
        }
        case "ReplaceDocument": {
          if (!doc) throw new AppError("not_found", "document_not_found");
          checkFile(command, doc.category);
          const expiresAt = doc.category === "cv" ? null : checkExpiry(command.expiresAt);
          const { documentId, fileId, size } = command;
          return [
            {
              type: "CandidateDocumentReplaced",
              data: {
                userId,
                documentId,
                fileId,
                replacedFileId: doc.fileId,
                mime: command.mime as FileMime,
                size,
                expiresAt,
              },
              personal: sealed({ name: command.name }),
            },
          ];
        }
        case "ChangeExpiry": {
          if (!doc) throw new AppError("not_found", "document_not_found");
          const expiresAt = doc.category === "cv" ? null : checkExpiry(command.expiresAt);
          // the same date again changes nothing (and must not send its reminders twice)
          if (expiresAt === doc.expiresAt) return [];
          return [
            { type: "CandidateDocumentExpiryChanged", data: { userId, documentId: command.documentId, expiresAt } },
          ];
        }
        case "RemoveDocument": {
          if (!doc) throw new AppError("not_found", "document_not_found");
          return [
            { type: "CandidateDocumentRemoved", data: { userId, documentId: command.documentId, fileId: doc.fileId } },
          ];
        }
        case "RemindExpiring": {
          // one digest a day, whatever how often the job runs
          if (state.lastDigestDay !== null && state.lastDigestDay >= command.day) return [];
          const due = dueReminders(
            Object.entries(state.documents).map(([documentId, d]) => ({
              documentId,
              expiresAt: d.expiresAt,
              reminded: d.reminded,
            })),
            command.day,
          );
          if (!due.length) return [];
          return [
            {
              type: "CandidateDocumentsExpiring",
              data: {
                userId,
                day: command.day,
                documents: due.map((r) => ({ ...r, category: state.documents[r.documentId]!.category })),
              },
              personal: sealed({ names: due.map((r) => state.documents[r.documentId]!.name) }),
            },
          ];
        }
        case "RecordAgencyView": {
          if (command.documentId !== null && !doc) throw new AppError("not_found", "document_not_found");
          const { agencyId, viewerId, documentId } = command;
          return [{ type: "CandidateDocumentsViewedByAgency", data: { userId, agencyId, viewerId, documentId } }];
        }
      }
    },
  };
}
