import type { Projection } from "../../event-store/types";
import type { DataExportEvent } from "./events";

/** rm_data_exports: each export's state (the data page, the download route, the expiry sweep). Inline: the page shows a request at once. */
export const dataExportsProjection: Projection<DataExportEvent> = {
  name: "privacy.data-exports",
  eventTypes: ["DataExportRequested", "DataExportReady", "DataExportExpired"],
  tables: ["rm_data_exports"],
  async apply(tx, events) {
    for (const e of events) {
      const d = e.data;
      switch (e.type) {
        case "DataExportRequested":
          await tx`insert into rm_data_exports (export_id, user_id, status, requested_at) values (${d.exportId}, ${d.userId}, 'building', ${e.createdAt}) on conflict do nothing`;
          break;
        case "DataExportReady":
          await tx`update rm_data_exports set status = 'ready', file_id = ${e.data.fileId}, size = ${e.data.size}, ready_at = ${e.createdAt}, expires_at = ${e.data.expiresAt}
            where export_id = ${d.exportId}`;
          break;
        case "DataExportExpired":
          await tx`update rm_data_exports set status = 'expired', file_id = null where export_id = ${d.exportId}`;
          break;
      }
    }
  },
};
