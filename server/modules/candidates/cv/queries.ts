import type { rmCvParses, rmCvSuggestions } from "../../../../db/schema";
import type { Db } from "../../../event-store/types";
import { isUuid } from "../../../lib/contract";
import { AppError } from "../../../lib/errors";
import type { Cols } from "../../../lib/rows";
import type { Actor } from "../../identity/contract";
import type { ProfileView } from "../profile/queries";
import type { CvSuggestion } from "./parse";
import type { CvFailureReason } from "./events";
import { cvAccountOf } from "./apply";
import { planCvSuggestion, type CvFieldValue } from "./plan";

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
  /** what would change the profile: a pending suggestion the profile already holds is left out */
  suggestions: CvSuggestionView[];
  /** the CV's e-mail address when it differs from the sign-in one (changed on the security page, not here) */
  otherEmail: string | null;
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

export function cvQueries(sql: Db, { myProfile }: { myProfile(actor: Actor): Promise<ProfileView> }) {
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
      const [profile, account] = await Promise.all([myProfile(actor), cvAccountOf(sql, userId)]);
      const plan = (r: SuggestionRow) =>
        planCvSuggestion({ field: r.field, value: r.value } as CvFieldValue, profile, account);
      // issue 27: only what would change the profile is offered; the e-mail never is (it is the account's)
      const offered = (r: SuggestionRow) => r.status !== "pending" || (r.field !== "email" && plan(r).kind !== "same");
      return parses.map(({ page, pages, ...p }) => ({
        ...p,
        progress: p.status === "reading" ? { page: page ?? 0, pages: pages ?? 0 } : null,
        parsedAt: p.parsedAt.toISOString(),
        otherEmail:
          (rows.find((r) => r.documentId === p.documentId && r.field === "email" && plan(r).kind === "refused")
            ?.value as string | undefined) ?? null,
        suggestions: rows
          .filter((r) => r.documentId === p.documentId && offered(r))
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
