import { ddmmyyyy } from "../../../lib/days";
import type { Notice, NoticeSource } from "../../module";
import type { CandidateDocumentsExpiring } from "./events";

/**
 * The day's reminder digest: one notification and one mail listing the documents reaching 30, 7
 * or 0 days before their expiry (file name and date, DD/MM/YYYY as everywhere).
 */
export const documentNotices: NoticeSource<CandidateDocumentsExpiring> = {
  eventTypes: ["CandidateDocumentsExpiring"],
  notices(event, { publicUrl }): Notice[] {
    const d = event.data;
    // erased person: nobody to tell
    if (event.erased) return [];
    const names = d.names ?? [];
    const list = d.documents.map((doc, i) => `• ${names[i] || doc.category} — ${ddmmyyyy(doc.expiresAt)}`).join("\n");
    const count = d.documents.length;
    return [
      {
        userId: d.userId,
        kind: "documents_expiring",
        params: { count },
        link: "/mes-documents",
        mail: {
          template: "documentsExpiring",
          params: { count: String(count), documents: list, link: `${publicUrl}/mes-documents` },
        },
      },
    ];
  },
};
