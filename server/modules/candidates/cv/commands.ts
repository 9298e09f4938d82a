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
import { OCR_LIMITS, TEXT_LIMITS, extractInChild, type SandboxLimits } from "./sandbox";
import type { ExtractedText } from "./text";
import { cvStream, type CvEvent } from "./events";

export const PARSE_CV_JOB = "candidates.parse-cv";
/** A scan's OCR (seconds to a minute a page): a queue of its own, so text CVs never wait behind it. */
export const OCR_CV_JOB = "candidates.ocr-cv";

export interface CvDeps {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  /** the child process's limits per step (tests and the bench change them) */
  limits?: { text?: Partial<SandboxLimits>; ocr?: Partial<SandboxLimits> };
}

export interface CvSuggestionRef {
  documentId: string;
  suggestionId: string;
}

export function cvCommands({ sql, store, ctx, storage, limits }: CvDeps) {
  const textLimits = { ...TEXT_LIMITS, ...limits?.text };
  const ocrLimits = { ...OCR_LIMITS, ...limits?.ocr };
  const run = (documentId: string, command: CvCommand, actor: string) =>
    handleCommand(store, cvDecider, cvStream(documentId), command, ctx, { actor });

  /** A CV document with its parse's state and its bytes (null: the file is gone); null when unknown. */
  async function cvToRead(documentId: string) {
    if (!isUuid(documentId)) return null;
    const [doc] = await sql<{ userId: string; mime: string }[]>`
      select user_id as "userId", mime from rm_candidate_documents where id = ${documentId} and category = 'cv'`;
    if (!doc) return null;
    const state = fold(cvDecider, await store.readStream<CvEvent>(cvStream(documentId)));
    if (state.outcome) return { ...doc, state, bytes: null };
    return { ...doc, state, bytes: await storage.get(documentId) };
  }

  /** The parse's outcome from the text read (null: the file is missing). */
  async function record(documentId: string, userId: string, text: ExtractedText | null) {
    let result: Extract<CvCommand, { type: "RecordParse" }>["result"];
    if (!text) result = { ok: false, reason: "file_missing" };
    else if (!text.ok) result = { ok: false, reason: text.reason === "needs_ocr" ? "no_text" : text.reason };
    else {
      const suggestions = parseCv(text.text);
      result = suggestions.length ? { ok: true, ocr: text.ocr, suggestions } : { ok: false, reason: "nothing_found" };
    }
    await run(documentId, { type: "RecordParse", userId, documentId, result }, "system");
    return result.ok ? "parsed" : "failed";
  }

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
     * Parses a CV the person added (the `candidates.parse-cv` job): its text, read in a child
     * process within TEXT_LIMITS, then suggestions, recorded as CvParsed, or CvParsingFailed with
     * the reason. A scan (a PDF without a text layer, a photo) is recorded as being read (page 0)
     * and answers "ocr": the job hands it to the OCR job. Idempotent: a CV already parsed, handed
     * to OCR (or unknown) is left alone. Never fails for a bad file: only an infrastructure error
     * (database, storage) reaches the job, which retries.
     */
    async parseCv(documentId: string): Promise<"parsed" | "failed" | "skipped" | "ocr"> {
      const cv = await cvToRead(documentId);
      if (!cv) return "skipped";
      if (cv.state.outcome) return cv.state.outcome;
      if (cv.state.reading) return "ocr";
      const text = cv.bytes
        ? await extractInChild(cv.bytes, cv.mime, { ocr: false, timeoutMs: textLimits.timeoutMs }, textLimits)
        : null;
      if (text && !text.ok && text.reason === "needs_ocr") {
        await run(documentId, { type: "RecordProgress", userId: cv.userId, documentId, page: 0, pages: 0 }, "system");
        return "ocr";
      }
      return record(documentId, cv.userId, text);
    },

    /**
     * Reads a scan (the `candidates.ocr-cv` job) within OCR_LIMITS (minutes, not the text step's
     * seconds), recording each page as it begins (CvParsingProgressed: the pages show "page 1 of
     * 2" live), then the suggestions or the failure as parseCv does.
     */
    async ocrCv(documentId: string): Promise<"parsed" | "failed" | "skipped"> {
      const cv = await cvToRead(documentId);
      if (!cv) return "skipped";
      if (cv.state.outcome) return cv.state.outcome;
      // progress is recorded in order, one event at a time, while the child goes on reading
      let progress = Promise.resolve();
      const onProgress = ({ page, pages }: { page: number; pages: number }) => {
        progress = progress
          .then(() => run(documentId, { type: "RecordProgress", userId: cv.userId, documentId, page, pages }, "system"))
          .then(() => undefined);
      };
      const text = cv.bytes
        ? await extractInChild(cv.bytes, cv.mime, { ocr: true, timeoutMs: ocrLimits.timeoutMs }, ocrLimits, onProgress)
        : null;
      await progress;
      return record(documentId, cv.userId, text);
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
