import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import { isFileMime, type FileMime } from "../candidates/contract";
import { AGENCY_DOCUMENT_TITLE_MAX, isAgencyDocumentKind } from "./contract";
import type { AgencyDocumentEvent } from "./events";

export type AgencyDocumentCommand =
  | {
      type: "Share";
      documentId: string;
      agencyId: string;
      agencyName: string;
      title: string;
      kind: string;
      fileId: string;
      name: string;
      mime: string;
      size: number;
      sharedBy: string;
    }
  | { type: "Withdraw"; agencyId: string }
  | { type: "Acknowledge"; userId: string };

export interface AgencyDocumentState {
  documentId: string | null;
  agencyId: string | null;
  fileId: string | null;
  withdrawn: boolean;
  acknowledgedBy: string[];
}

/** An agency document: shared once, acknowledged once per candidate, withdrawn by its agency. */
export const agencyDocumentDecider: Decider<AgencyDocumentCommand, AgencyDocumentState, AgencyDocumentEvent> = {
  initialState: { documentId: null, agencyId: null, fileId: null, withdrawn: false, acknowledgedBy: [] },
  evolve(state, event) {
    switch (event.type) {
      case "AgencyDocumentShared":
        return {
          ...state,
          documentId: event.data.documentId,
          agencyId: event.data.agencyId,
          fileId: event.data.fileId,
        };
      case "AgencyDocumentWithdrawn":
        return { ...state, withdrawn: true };
      case "AgencyDocumentAcknowledged":
        return { ...state, acknowledgedBy: [...state.acknowledgedBy, event.data.userId] };
      default:
        return state;
    }
  },
  decide(command, state, { clock }) {
    if (command.type === "Share") {
      if (state.documentId) throw new AppError("conflict", "failed_operation");
      const title = command.title.trim();
      if (!title) throw new AppError("invalid", "validation.required", "title");
      if (title.length > AGENCY_DOCUMENT_TITLE_MAX) throw new AppError("invalid", "validation.too_long", "title");
      if (!isAgencyDocumentKind(command.kind)) throw new AppError("invalid", "validation.required", "kind");
      if (!isFileMime(command.mime)) throw new AppError("invalid", "document_invalid_type", "file");
      const { documentId, agencyId, agencyName, kind, fileId, name, size, sharedBy } = command;
      return [
        {
          type: "AgencyDocumentShared",
          data: {
            documentId,
            agencyId,
            agencyName,
            title,
            kind,
            fileId,
            name,
            mime: command.mime as FileMime,
            size,
            sharedBy,
          },
        },
      ];
    }
    // another agency's document reads as not found, like a missing one
    if (!state.documentId || state.withdrawn) throw new AppError("not_found", "document_not_found");
    switch (command.type) {
      case "Withdraw":
        if (command.agencyId !== state.agencyId) throw new AppError("not_found", "document_not_found");
        return [
          {
            type: "AgencyDocumentWithdrawn",
            data: { documentId: state.documentId, agencyId: state.agencyId!, fileId: state.fileId! },
          },
        ];
      case "Acknowledge":
        // acknowledged once: the first date stays
        if (state.acknowledgedBy.includes(command.userId)) return [];
        return [
          {
            type: "AgencyDocumentAcknowledged",
            data: {
              documentId: state.documentId,
              agencyId: state.agencyId!,
              userId: command.userId,
              at: clock.now().toISOString(),
            },
          },
        ];
    }
  },
};
