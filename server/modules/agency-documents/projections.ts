import type { Projection } from "../../event-store/types";
import type { AgencyDocumentEvent } from "./events";

/** rm_agency_documents and rm_agency_document_acks: inline, the page after a share or an acknowledgement shows it. */
export const agencyDocumentsProjection: Projection<AgencyDocumentEvent> = {
  name: "documents.agency",
  eventTypes: ["AgencyDocumentShared", "AgencyDocumentWithdrawn", "AgencyDocumentAcknowledged"],
  tables: ["rm_agency_documents", "rm_agency_document_acks"],
  async apply(tx, events) {
    for (const e of events) {
      switch (e.type) {
        case "AgencyDocumentShared": {
          const d = e.data;
          await tx`insert into rm_agency_documents (id, agency_id, agency_name, title, kind, file_id, name, mime, size, shared_by, created_at)
            values (${d.documentId}, ${d.agencyId}, ${d.agencyName}, ${d.title}, ${d.kind}, ${d.fileId}, ${d.name}, ${d.mime}, ${d.size}, ${d.sharedBy}, ${e.createdAt})`;
          break;
        }
        case "AgencyDocumentWithdrawn":
          await tx`update rm_agency_documents set withdrawn_at = ${e.createdAt} where id = ${e.data.documentId}`;
          break;
        case "AgencyDocumentAcknowledged": {
          const d = e.data;
          await tx`insert into rm_agency_document_acks (document_id, user_id, agency_id, acknowledged_at)
            values (${d.documentId}, ${d.userId}, ${d.agencyId}, ${new Date(d.at)}) on conflict do nothing`;
          break;
        }
      }
    }
  },
};
