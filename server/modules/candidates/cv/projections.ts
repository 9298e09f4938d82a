import type { Projection } from "../../../event-store/types";
import { MERGE_EVENT_TYPES, mergeMove } from "../../duplicates/contract";
import { jsonb } from "../../../lib/rows";
import type { CvEvent } from "./events";

/**
 * rm_cv_parses and rm_cv_suggestions: each CV's parse (reading a scan, with its page; parsed;
 * failed) and its suggestions with the person's decisions. Inline, so the page after a decision shows it. Suggestions of an erased person
 * (their key destroyed) are not brought back by a rebuild.
 */
export const cvSuggestionsProjection: Projection<CvEvent> = {
  name: "candidates.cv-suggestions",
  eventTypes: [
    ...MERGE_EVENT_TYPES,
    "CvParsed",
    "CvParsingFailed",
    "CvParsingProgressed",
    "CvSuggestionAccepted",
    "CvSuggestionRejected",
  ],
  tables: ["rm_cv_parses", "rm_cv_suggestions"],
  async apply(tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a moved document's parse and suggestions go with it (ADR 0039)
      if (move) {
        const docs = move.moved.documents;
        await tx`update rm_cv_parses set user_id = ${move.to} where document_id = any(${docs}::uuid[])`;
        await tx`update rm_cv_suggestions set user_id = ${move.to} where document_id = any(${docs}::uuid[])`;
        continue;
      }
      const d = e.data;
      switch (e.type) {
        case "CvParsed": {
          if (e.erased) break;
          await tx`insert into rm_cv_parses (document_id, user_id, status, ocr, reason, parsed_at)
            values (${d.documentId}, ${d.userId}, 'parsed', ${e.data.ocr}, null, ${e.createdAt})
            on conflict (document_id) do update set status = 'parsed', ocr = excluded.ocr, parsed_at = excluded.parsed_at, page = null, pages = null
            where rm_cv_parses.status = 'reading'`;
          for (const [position, s] of e.data.suggestions.entries()) {
            await tx`insert into rm_cv_suggestions (document_id, suggestion_id, user_id, position, field, value, source, confidence, status)
              values (${d.documentId}, ${s.id}, ${d.userId}, ${position}, ${s.field}, ${jsonb(tx, s.value)}, ${s.source}, ${s.confidence}, 'pending')
              on conflict do nothing`;
          }
          break;
        }
        case "CvParsingFailed":
          await tx`insert into rm_cv_parses (document_id, user_id, status, ocr, reason, parsed_at)
            values (${d.documentId}, ${d.userId}, 'failed', false, ${e.data.reason}, ${e.createdAt})
            on conflict (document_id) do update set status = 'failed', reason = excluded.reason, parsed_at = excluded.parsed_at, page = null, pages = null
            where rm_cv_parses.status = 'reading'`;
          break;
        case "CvParsingProgressed":
          await tx`insert into rm_cv_parses (document_id, user_id, status, ocr, reason, parsed_at, page, pages)
            values (${d.documentId}, ${d.userId}, 'reading', true, null, ${e.createdAt}, ${e.data.page}, ${e.data.pages})
            on conflict (document_id) do update set page = excluded.page, pages = excluded.pages where rm_cv_parses.status = 'reading'`;
          break;
        case "CvSuggestionAccepted":
        case "CvSuggestionRejected":
          await tx`update rm_cv_suggestions set status = ${e.type === "CvSuggestionAccepted" ? "accepted" : "rejected"}, decided_at = ${e.createdAt}
            where document_id = ${d.documentId} and suggestion_id = ${e.data.suggestionId}`;
          break;
      }
    }
  },
};
