import type { Decider } from "../../../event-store/decider";
import { AppError } from "../../../lib/errors";
import type { CvSuggestion } from "./parse";
import type { CvEvent, CvFailureReason } from "./events";

export type CvDecision = "accepted" | "rejected";

export type CvCommand =
  | {
      type: "RecordParse";
      userId: string;
      documentId: string;
      result: { ok: true; ocr: boolean; suggestions: CvSuggestion[] } | { ok: false; reason: CvFailureReason };
    }
  | { type: "RecordProgress"; userId: string; documentId: string; page: number; pages: number }
  | { type: "DecideSuggestion"; actorId: string; suggestionId: string; decision: CvDecision };

export interface CvState {
  documentId: string | null;
  userId: string | null;
  outcome: "parsed" | "failed" | null;
  /** handed to the OCR job (a scan): a repeated parse job leaves it there */
  reading: boolean;
  suggestionIds: string[];
  decisions: Record<string, CvDecision>;
}

/**
 * One CV's parse and the person's decisions on its suggestions. A CV is parsed once (a repeated
 * job changes nothing); each suggestion is decided once, by its owner (the same decision again is
 * a no-op, the opposite one a conflict: an accepted value may already be in the profile).
 */
export const cvDecider: Decider<CvCommand, CvState, CvEvent> = {
  initialState: { documentId: null, userId: null, outcome: null, reading: false, suggestionIds: [], decisions: {} },

  evolve(state, event) {
    switch (event.type) {
      case "CvParsed":
        return {
          ...state,
          documentId: event.data.documentId,
          userId: event.data.userId,
          outcome: "parsed",
          suggestionIds: event.data.suggestionIds,
        };
      case "CvParsingFailed":
        return { ...state, documentId: event.data.documentId, userId: event.data.userId, outcome: "failed" };
      case "CvParsingProgressed":
        return { ...state, documentId: event.data.documentId, userId: event.data.userId, reading: true };
      case "CvSuggestionAccepted":
        return { ...state, decisions: { ...state.decisions, [event.data.suggestionId]: "accepted" } };
      case "CvSuggestionRejected":
        return { ...state, decisions: { ...state.decisions, [event.data.suggestionId]: "rejected" } };
      default:
        return state;
    }
  },

  decide(command, state) {
    if (command.type === "RecordProgress") {
      const { userId, documentId, page, pages } = command;
      return state.outcome ? [] : [{ type: "CvParsingProgressed", data: { userId, documentId, page, pages } }];
    }
    if (command.type === "RecordParse") {
      if (state.outcome) return [];
      const { userId, documentId, result } = command;
      if (!result.ok) return [{ type: "CvParsingFailed", data: { userId, documentId, reason: result.reason } }];
      return [
        {
          type: "CvParsed",
          data: { userId, documentId, ocr: result.ocr, suggestionIds: result.suggestions.map((s) => s.id) },
          personal: { subjectId: userId, data: { suggestions: result.suggestions } },
        },
      ];
    }
    // someone else's CV answers like a missing one: its existence is not told
    if (state.outcome !== "parsed" || state.userId !== command.actorId || !state.documentId)
      throw new AppError("not_found", "failed_operation");
    if (!state.suggestionIds.includes(command.suggestionId)) throw new AppError("not_found", "failed_operation");
    const before = state.decisions[command.suggestionId];
    if (before === command.decision) return [];
    if (before) throw new AppError("conflict", "failed_operation");
    const data = { userId: state.userId, documentId: state.documentId, suggestionId: command.suggestionId };
    return [
      command.decision === "accepted" ? { type: "CvSuggestionAccepted", data } : { type: "CvSuggestionRejected", data },
    ];
  },
};
