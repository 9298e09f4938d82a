import type { FileMime } from "../candidates/contract";
import type { AgencyDocumentKind } from "./contract";

/**
 * Documents an agency shares with its candidates (contracts, rules), each in its own stream
 * `agency-document-<id>` with the candidates' acknowledgements. Not personal data: the
 * acknowledgement names the person by id only.
 */
export const agencyDocumentStream = (id: string) => `agency-document-${id}`;

export interface AgencyDocumentShared {
  type: "AgencyDocumentShared";
  data: {
    documentId: string;
    agencyId: string;
    agencyName: string;
    title: string;
    kind: AgencyDocumentKind;
    fileId: string;
    name: string;
    mime: FileMime;
    size: number;
    sharedBy: string;
  };
}
export interface AgencyDocumentWithdrawn {
  type: "AgencyDocumentWithdrawn";
  data: { documentId: string; agencyId: string; fileId: string };
}
export interface AgencyDocumentAcknowledged {
  type: "AgencyDocumentAcknowledged";
  /** `at`: when, by the injected clock (what the agency sees) */
  data: { documentId: string; agencyId: string; userId: string; at: string };
}
export type AgencyDocumentEvent = AgencyDocumentShared | AgencyDocumentWithdrawn | AgencyDocumentAcknowledged;
