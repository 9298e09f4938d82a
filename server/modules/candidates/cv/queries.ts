import type { rmCvParses, rmCvSuggestions } from "../../../../db/schema";
import type { Db } from "../../../event-store/types";
import { isUuid } from "../../../lib/contract";
import { AppError } from "../../../lib/errors";
import type { Cols } from "../../../lib/rows";
import type { Actor } from "../../identity/contract";
import type { CvSuggestion } from "./parse";
import type { CvFailureReason } from "./events";

export type CvSuggestionStatus = "pending" | "accepted" | "rejected";
export type CvSuggestionView = CvSuggestion & { status: CvSuggestionStatus; decidedAt: string | null };

/** A CV's parse as its owner sees it: the suggestions with their decisions, or why it failed. */
export interface CvParseView {
  documentId: string;
  documentName: string | null;
  /** reading: a scan in the OCR job, `progress` its page (0: not begun) */
  status: "reading" | "parsed" | "failed";
  ocr: boolean;
  reason: CvFailureReason | null;
  progress: { page: number; pages: number } | null;
  parsedAt: string;
  suggestions: CvSuggestionView[];
}

type ParseRow = Cols<
  typeof rmCvParses,
  "documentId" | "ocr" | "parsedAt" | "status" | "reason" | "page" | "pages",
  { status: CvParseView["status"]; reason: CvFailureReason | null }
> & { documentName: string | null };
type SuggestionRow = Cols<
  typeof rmCvSuggestions,
  "documentId" | "suggestionId" | "field" | "value" | "source" | "confidence" | "decidedAt" | "status",
  { status: CvSuggestionStatus }
>;

export function cvQueries(sql: Db) {
  return {
    /**
     * The person's CV parses, newest first. Their own only: suggestions are read from their CV,
     * personal data no one else sees (not even their agency: they decide what reaches the profile).
     */
    async cvSuggestions(actor: Actor, userId: string): Promise<CvParseView[]> {
      if (actor.role !== "CANDIDATE" || actor.id !== userId || !isUuid(userId))
        throw new AppError("forbidden", "not_authorized");
      const parses = await sql<ParseRow[]>`
        select p.document_id as "documentId", d.name as "documentName", p.status, p.ocr, p.reason, p.parsed_at as "parsedAt", p.page, p.pages
        from rm_cv_parses p left join rm_candidate_documents d on d.id = p.document_id
        where p.user_id = ${userId} order by p.parsed_at desc, p.document_id`;
      const rows = await sql<SuggestionRow[]>`
        select document_id as "documentId", suggestion_id as "suggestionId", field, value, source, confidence, status, decided_at as "decidedAt"
        from rm_cv_suggestions where user_id = ${userId} order by document_id, position`;
      return parses.map(({ page, pages, ...p }) => ({
        ...p,
        progress: p.status === "reading" ? { page: page ?? 0, pages: pages ?? 0 } : null,
        parsedAt: p.parsedAt.toISOString(),
        suggestions: rows
          .filter((r) => r.documentId === p.documentId)
          .map(
            (r) =>
              ({
                id: r.suggestionId,
                field: r.field,
                value: r.value,
                source: r.source,
                confidence: r.confidence,
                status: r.status,
                decidedAt: r.decidedAt?.toISOString() ?? null,
              }) as CvSuggestionView,
          ),
      }));
    },
  };
}
