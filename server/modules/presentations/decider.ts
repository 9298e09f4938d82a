import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { PresentationEvent, PresentationIds } from "./events";
import {
  DOSSIER_LINK_DAYS,
  DOSSIER_MAX_CANDIDATES,
  type DossierAlias,
  type DossierAnswer,
  type DossierLanguage,
  type DossierSection,
} from "./rules";

export interface BuildMember {
  candidateId: string;
  sections: DossierSection[];
  documents: { id: string; category: string }[];
  comment: string;
}

export type PresentationCommand =
  | {
      type: "Build";
      agencyId: string;
      ownerId: string;
      companyId: string;
      title: string;
      language: DossierLanguage;
      anonymised: boolean;
      alias: DossierAlias;
      showEmployers: boolean;
      members: BuildMember[];
    }
  | { type: "IssueLink"; by: string; tokenHash: string }
  | { type: "RevokeLink"; by: string }
  | { type: "Send"; by: string; recipientId: string; tokenHash: string }
  | { type: "DownloadPdf"; by: string }
  | { type: "Open"; tokenHash: string }
  | { type: "Answer"; tokenHash: string; position: number; answer: DossierAnswer; comment: string };

export interface PresentationState {
  ids: PresentationIds | null;
  members: string[];
  link: { tokenHash: string; expiresAt: string } | null;
  lastOpenedAt: string | null;
}

const HOUR_MS = 3_600_000;

/**
 * One presentation dossier: built once with its candidates; a client link issued (or issued anew:
 * the older one stops), revoked, or issued and mailed by a send; the client's opening and answers
 * need the current link, unexpired. An opening is recorded at most once an hour (a page reloaded
 * ten times is one visit), an answer each time (the client may change it until the link expires).
 */
export function presentationDecider(presentationId: string) {
  const decider: Decider<PresentationCommand, PresentationState, PresentationEvent> = {
    initialState: { ids: null, members: [], link: null, lastOpenedAt: null },
    evolve(state, event) {
      const ids = { presentationId, agencyId: event.data.agencyId, ownerId: event.data.ownerId };
      switch (event.type) {
        case "PresentationBuilt":
          return { ...state, ids, members: event.data.memberIds };
        case "PresentationLinkIssued":
          return { ...state, link: { tokenHash: event.data.tokenHash, expiresAt: event.data.expiresAt } };
        case "PresentationLinkRevoked":
          return { ...state, link: null };
        case "PresentationOpened":
          return { ...state, lastOpenedAt: event.data.at };
        default:
          return state;
      }
    },
    decide(command, state, ctx) {
      const now = ctx.clock.now();
      if (command.type === "Build") {
        if (state.ids) throw new AppError("conflict", "errors.exists");
        const { members, type: _build, ...rest } = command;
        if (!members.length) throw new AppError("invalid", "errors.noCandidate", "candidates");
        if (members.length > DOSSIER_MAX_CANDIDATES) throw new AppError("invalid", "errors.tooMany", "candidates");
        const ids = { presentationId, agencyId: command.agencyId, ownerId: command.ownerId };
        return [
          {
            type: "PresentationBuilt",
            data: { ...rest, presentationId, memberIds: members.map((m) => m.candidateId) },
          },
          ...members.map((m, position): PresentationEvent => ({
            type: "PresentationMemberAdded",
            data: { ...ids, memberId: m.candidateId, position, sections: m.sections, documents: m.documents },
            personal: { subjectId: m.candidateId, data: { comment: m.comment } },
          })),
        ];
      }
      const ids = state.ids;
      if (!ids) throw new AppError("not_found", "errors.notFound");
      const issued = (tokenHash: string): PresentationEvent => ({
        type: "PresentationLinkIssued",
        data: {
          ...ids,
          tokenHash,
          expiresAt: new Date(now.getTime() + DOSSIER_LINK_DAYS * 24 * HOUR_MS).toISOString(),
        },
      });
      /** The client's token must be the current link's, unexpired: else the same "invalid" or "expired" as the page. */
      const live = (tokenHash: string) => {
        if (!state.link || state.link.tokenHash !== tokenHash) throw new AppError("not_found", "link.invalid");
        if (Date.parse(state.link.expiresAt) <= now.getTime()) throw new AppError("gone", "link.expired");
      };
      switch (command.type) {
        case "IssueLink":
          return [issued(command.tokenHash)];
        case "RevokeLink":
          if (!state.link) throw new AppError("conflict", "errors.noLink");
          return [{ type: "PresentationLinkRevoked", data: { ...ids, by: command.by } }];
        case "Send":
          return [
            issued(command.tokenHash),
            { type: "PresentationSent", data: { ...ids, recipientId: command.recipientId, by: command.by } },
          ];
        case "DownloadPdf":
          return [{ type: "PresentationPdfDownloaded", data: { ...ids, by: command.by } }];
        case "Open":
          live(command.tokenHash);
          if (state.lastOpenedAt && now.getTime() - Date.parse(state.lastOpenedAt) < HOUR_MS) return [];
          return [{ type: "PresentationOpened", data: { ...ids, at: now.toISOString() } }];
        case "Answer": {
          live(command.tokenHash);
          const candidateId = state.members[command.position];
          if (!candidateId) throw new AppError("not_found", "link.invalid");
          return [
            {
              type: "PresentationAnswered",
              data: { ...ids, candidateId, position: command.position, answer: command.answer },
              personal: { subjectId: candidateId, data: { comment: command.comment } },
            },
          ];
        }
      }
    },
  };
  return decider;
}
