import { handleCommand } from "../../../event-store/command";
import { fold, type DecideContext } from "../../../event-store/decider";
import type { ProcessorDefinition } from "../../../event-store/processor";
import type { EventStore } from "../../../event-store/store";
import type { Db } from "../../../event-store/types";
import type { Storage } from "../../../infra/storage";
import { isUuid } from "../../../lib/contract";
import { AppError } from "../../../lib/errors";
import type { Logger } from "../../../lib/logger";
import type { Actor } from "../../identity/contract";
import type { EnqueueIn } from "../../notifications/outbox";
import { cvDecider, type CvCommand, type CvDecision } from "./decider";
import { parseCv } from "./parse";
import { extractText, type ExtractOptions } from "./text";
import { cvStream, type CvEvent } from "./events";

export const PARSE_CV_JOB = "candidates.parse-cv";

export interface CvDeps {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  /** extraction limits (tests and the bench change them) */
  extract?: ExtractOptions;
}

export interface CvSuggestionRef {
  documentId: string;
  suggestionId: string;
}

export function cvCommands({ sql, store, ctx, storage, extract }: CvDeps) {
  const run = (documentId: string, command: CvCommand, actor: string) =>
    handleCommand(store, cvDecider, cvStream(documentId), command, ctx, { actor });

  async function decide(actor: Actor, ref: CvSuggestionRef, decision: CvDecision) {
    if (actor.role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
    if (!isUuid(ref.documentId) || typeof ref.suggestionId !== "string")
      throw new AppError("not_found", "failed_operation");
    await run(
      ref.documentId,
      { type: "DecideSuggestion", actorId: actor.id, suggestionId: ref.suggestionId, decision },
      actor.id,
    );
  }

  return {
    /**
     * Parses a CV the person added (the `candidates.parse-cv` job): its text, then suggestions,
     * recorded as CvParsed, or CvParsingFailed with the reason. Idempotent: a CV already parsed
     * (or unknown) is left alone. Never fails for a bad file: only an infrastructure error
     * (database, storage) reaches the job, which retries.
     */
    async parseCv(documentId: string): Promise<"parsed" | "failed" | "skipped"> {
      if (!isUuid(documentId)) return "skipped";
      const [doc] = await sql<{ userId: string; mime: string }[]>`
        select user_id as "userId", mime from rm_candidate_documents where id = ${documentId} and category = 'cv'`;
      if (!doc) return "skipped";
      const before = fold(cvDecider, await store.readStream<CvEvent>(cvStream(documentId)));
      if (before.outcome) return before.outcome;
      const bytes = await storage.get(documentId);
      const text = bytes
        ? await extractText(bytes, doc.mime, extract)
        : ({ ok: false, reason: "file_missing" } as const);
      let result: Extract<CvCommand, { type: "RecordParse" }>["result"];
      if (!text.ok) result = { ok: false, reason: text.reason };
      else {
        const suggestions = parseCv(text.text);
        result = suggestions.length ? { ok: true, ocr: text.ocr, suggestions } : { ok: false, reason: "nothing_found" };
      }
      await run(documentId, { type: "RecordParse", userId: doc.userId, documentId, result }, "system");
      return result.ok ? "parsed" : "failed";
    },

    /** The person takes a suggestion (the profile applies it with them; nothing is written here). */
    acceptCvSuggestion: (actor: Actor, ref: CvSuggestionRef) => decide(actor, ref, "accepted"),
    /** The person turns a suggestion down: it is not offered again. */
    rejectCvSuggestion: (actor: Actor, ref: CvSuggestionRef) => decide(actor, ref, "rejected"),
  };
}

/**
 * Every CV added (at registration, from the apply form, later from the documents page) gets a
 * parse job, enqueued in the same transaction as the checkpoint: exactly one per CV.
 */
export function cvParseTrigger({ enqueue, logger }: { enqueue?: EnqueueIn; logger: Logger }): ProcessorDefinition {
  return {
    name: "candidates.cv-parse-trigger",
    transactional: true,
    batchSize: 100,
    async handle(events, tx) {
      for (const e of events) {
        if (e.type !== "CandidateDocumentAdded" || e.data.category !== "cv") continue;
        const documentId = String(e.data.documentId);
        if (!enqueue) {
          logger.warn({ documentId }, "no job queue: the CV is not parsed");
          continue;
        }
        await enqueue(tx, PARSE_CV_JOB, { documentId }, { singletonKey: `parse-cv-${documentId}` });
      }
    },
  };
}
