import type { DossierAlias, DossierAnswer, DossierLanguage, DossierSection } from "./rules";

/**
 * A presentation dossier's stream, `presentation-<id>`. Every event carries the agency and the
 * dossier's owner; the agency is the tenant (its staff's room). The client company is `companyId`,
 * never `clientId` (that would push to the client users' room), and the candidates are
 * `memberId(s)`, except an answer's `candidateId`: it belongs on that candidate's timeline in the
 * agency's file. The consultant's and the client's comments are about a person: sealed with that
 * person's key (`personal`).
 */
export const presentationStream = (id: string) => `presentation-${id}`;

export type PresentationIds = { presentationId: string; agencyId: string; ownerId: string };

export interface PresentationBuilt {
  type: "PresentationBuilt";
  data: PresentationIds & {
    companyId: string;
    title: string;
    language: DossierLanguage;
    anonymised: boolean;
    alias: DossierAlias;
    showEmployers: boolean;
    memberIds: string[];
  };
}
/** One candidate of the dossier (after PresentationBuilt, one each, in order); the comment is sealed. */
export interface PresentationMemberAdded {
  type: "PresentationMemberAdded";
  data: PresentationIds & {
    memberId: string;
    position: number;
    sections: DossierSection[];
    documents: { id: string; category: string }[];
  };
  personal: { subjectId: string; data: { comment: string } };
}
/** A new client link (any older one stops working); the token's hash only. */
export interface PresentationLinkIssued {
  type: "PresentationLinkIssued";
  data: PresentationIds & { tokenHash: string; expiresAt: string };
}
export interface PresentationLinkRevoked {
  type: "PresentationLinkRevoked";
  data: PresentationIds & { by: string };
}
/** Mailed to one of the client company's users, with a link issued for it. */
export interface PresentationSent {
  type: "PresentationSent";
  data: PresentationIds & { recipientId: string; by: string };
}
export interface PresentationPdfDownloaded {
  type: "PresentationPdfDownloaded";
  data: PresentationIds & { by: string };
}
/** The client opened the link's page: recorded at most once an hour (first and last are what is shown). */
export interface PresentationOpened {
  type: "PresentationOpened";
  data: PresentationIds & { at: string };
}
export interface PresentationAnswered {
  type: "PresentationAnswered";
  data: PresentationIds & { candidateId: string; position: number; answer: DossierAnswer };
  personal: { subjectId: string; data: { comment: string } };
}

export type PresentationEvent =
  | PresentationBuilt
  | PresentationMemberAdded
  | PresentationLinkIssued
  | PresentationLinkRevoked
  | PresentationSent
  | PresentationPdfDownloaded
  | PresentationOpened
  | PresentationAnswered;

export const PRESENTATION_EVENT_TYPES: PresentationEvent["type"][] = [
  "PresentationBuilt",
  "PresentationMemberAdded",
  "PresentationLinkIssued",
  "PresentationLinkRevoked",
  "PresentationSent",
  "PresentationPdfDownloaded",
  "PresentationOpened",
  "PresentationAnswered",
];
