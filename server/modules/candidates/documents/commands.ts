import { handleCommand } from "../../../event-store/command";
import type { DecideContext } from "../../../event-store/decider";
import type { EventStore } from "../../../event-store/store";
import type { Db } from "../../../event-store/types";
import type { Storage } from "../../../infra/storage";
import { localDay } from "../../../lib/clock";
import { isUuid } from "../../../lib/contract";
import { AppError } from "../../../lib/errors";
import type { Actor } from "../../identity/contract";
import { addDays, MISSED_DAYS } from "./rules";
import { documentsDecider, type DocumentCommand } from "./decider";
import { checkFile, cleanFileName } from "../../../lib/uploads";
import { candidateStream } from "../registration/events";

export interface DocumentUpload {
  name: string;
  bytes: Uint8Array;
}

/** Only the candidate themself changes their documents. */
function own(actor: Pick<Actor, "id" | "role">): string {
  if (actor.role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
  return actor.id;
}

/**
 * The candidate's documents: the file is checked by content and stored whole (storage writes a
 * temporary file and renames it), then the event recorded; if recording fails the new file is
 * removed, and a file the events no longer point to (replaced, removed) is removed after.
 */
/** Applications send a CV's file itself: it is kept while an application still points to it. */
export interface CvUsePort {
  isCvFileInUse(fileId: string): Promise<boolean>;
}

export function documentCommands({
  sql,
  store,
  ctx,
  storage,
  cvUse,
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  cvUse: CvUsePort;
}) {
  const run = (userId: string, command: DocumentCommand, actor: string) =>
    handleCommand(store, documentsDecider(userId), candidateStream(userId), command, ctx, { actor });

  async function stored<T>(bytes: Uint8Array, record: (fileId: string) => Promise<T>): Promise<T> {
    const fileId = ctx.ids.uuid();
    await storage.put(fileId, bytes);
    try {
      return await record(fileId);
    } catch (error) {
      await storage.remove(fileId);
      throw error;
    }
  }

  /** A file no document points to any more: removed, unless an application sends it. */
  async function release(fileId: unknown) {
    if (typeof fileId !== "string") return;
    if (await cvUse.isCvFileInUse(fileId)) return;
    await storage.remove(fileId).catch(() => undefined);
  }

  return {
    /** A document of a category with its expiry date (YYYY-MM-DD or null). Returns its id. */
    async addDocument(
      actor: Actor,
      input: { category: string; expiresAt: string | null; upload: DocumentUpload },
    ): Promise<string> {
      const userId = own(actor);
      const name = cleanFileName(input.upload.name);
      const mime = await checkFile(name, input.upload.bytes);
      return stored(input.upload.bytes, async (fileId) => {
        await run(
          userId,
          {
            type: "AddDocument",
            documentId: fileId,
            category: input.category,
            name,
            mime,
            size: input.upload.bytes.byteLength,
            expiresAt: input.expiresAt,
          },
          userId,
        );
        return fileId;
      });
    },

    /** A new file for a document (and its expiry date); the old file is removed once recorded. */
    async replaceDocument(
      actor: Actor,
      documentId: string,
      input: { expiresAt: string | null; upload: DocumentUpload },
    ) {
      const userId = own(actor);
      if (!isUuid(documentId)) throw new AppError("not_found", "document_not_found");
      const name = cleanFileName(input.upload.name);
      const mime = await checkFile(name, input.upload.bytes);
      const [event] = await stored(input.upload.bytes, (fileId) =>
        run(
          userId,
          {
            type: "ReplaceDocument",
            documentId,
            fileId,
            name,
            mime,
            size: input.upload.bytes.byteLength,
            expiresAt: input.expiresAt,
          },
          userId,
        ),
      );
      await release(event?.data.replacedFileId);
    },

    async changeDocumentExpiry(actor: Actor, documentId: string, expiresAt: string | null) {
      const userId = own(actor);
      if (!isUuid(documentId)) throw new AppError("not_found", "document_not_found");
      await run(userId, { type: "ChangeExpiry", documentId, expiresAt }, userId);
    },

    async removeDocument(actor: Actor, documentId: string) {
      const userId = own(actor);
      if (!isUuid(documentId)) throw new AppError("not_found", "document_not_found");
      const [event] = await run(userId, { type: "RemoveDocument", documentId }, userId);
      await release(event?.data.fileId);
    },

    /**
     * Records that an agency's staff looked at a candidate's documents (the agency access rule,
     * agency-access.ts, decides whether they may, before calling this).
     */
    async recordDocumentsView(userId: string, view: { agencyId: string; viewerId: string; documentId: string | null }) {
      await run(userId, { type: "RecordAgencyView", ...view }, view.viewerId);
    },

    /**
     * The daily reminder digest (a cron job): every candidate with a document 30 days or less
     * from its expiry gets at most one digest today listing the documents reaching 30, 7 or 0
     * days. Idempotent: running it again the same day sends nothing more. Returns how many
     * digests were recorded.
     */
    async remindExpiringDocuments(): Promise<number> {
      const day = localDay(ctx.clock.now());
      const rows = await sql<{ userId: string }[]>`select distinct user_id as "userId" from rm_candidate_documents
        where expires_at is not null and expires_at <= ${addDays(day, 30)}::date and expires_at >= ${addDays(day, -MISSED_DAYS)}::date`;
      let sent = 0;
      for (const { userId } of rows) {
        const events = await run(userId, { type: "RemindExpiring", day }, "system");
        if (events.length) sent++;
      }
      return sent;
    },
  };
}
