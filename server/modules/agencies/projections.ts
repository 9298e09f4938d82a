import type { Projection } from "../../event-store/types";
import type { AgencyEvent } from "./events";

/** rm_agencies, rm_branches, rm_client_companies: inline, for read-your-writes pages. */
export const agenciesProjection: Projection<AgencyEvent> = {
  name: "agencies.directory",
  eventTypes: [
    "AgencyRegistered",
    "BranchOpened",
    "ClientCompanyAdded",
    "AgencyApproved",
    "AgencyRejected",
    "AgencyLogoChanged",
  ],
  tables: ["rm_agencies", "rm_branches", "rm_client_companies"],
  async apply(tx, events) {
    for (const e of events) {
      switch (e.type) {
        case "AgencyRegistered": {
          const d = e.data;
          await tx`insert into rm_agencies (id, name, country, city, status, created_at)
            values (${d.agencyId}, ${d.name}, ${d.country}, ${d.city}, ${d.status}, ${e.createdAt})`;
          break;
        }
        case "BranchOpened": {
          const d = e.data;
          await tx`insert into rm_branches (id, agency_id, name, city, created_at)
            values (${d.branchId}, ${d.agencyId}, ${d.name}, ${d.city}, ${e.createdAt})`;
          await tx`update rm_agencies set branch_count = branch_count + 1 where id = ${d.agencyId}`;
          break;
        }
        case "AgencyApproved":
          await tx`update rm_agencies set status = 'approved' where id = ${e.data.agencyId}`;
          break;
        case "AgencyRejected":
          await tx`update rm_agencies set status = 'rejected' where id = ${e.data.agencyId}`;
          break;
        case "AgencyLogoChanged":
          await tx`update rm_agencies set logo_id = ${e.data.fileId} where id = ${e.data.agencyId}`;
          break;
        case "ClientCompanyAdded": {
          const d = e.data;
          await tx`insert into rm_client_companies (id, agency_id, name, city, created_at)
            values (${d.clientId}, ${d.agencyId}, ${d.name}, ${d.city}, ${e.createdAt})`;
          break;
        }
      }
    }
  },
};
