export const agencyStream = (id: string) => `agency-${id}`;
export const COUNTRIES = ["CH", "FR"] as const;
export type Country = (typeof COUNTRIES)[number];

export interface AgencyRegistered {
  type: "AgencyRegistered";
  data: { agencyId: string; name: string; country: Country; city: string; status: "pending" | "approved" };
}
export interface BranchOpened {
  type: "BranchOpened";
  data: { agencyId: string; branchId: string; name: string; city: string };
}
export interface ClientCompanyAdded {
  type: "ClientCompanyAdded";
  data: { agencyId: string; clientId: string; name: string; city: string };
}

export interface AgencyApproved {
  type: "AgencyApproved";
  data: { agencyId: string; by: string };
}
export interface AgencyRejected {
  type: "AgencyRejected";
  data: { agencyId: string; by: string; reason: string };
}

/** The agency's logo, or none any more (fileId null): its file is in the storage. */
export interface AgencyLogoChanged {
  type: "AgencyLogoChanged";
  data: { agencyId: string; fileId: string | null; by: string };
}

export type AgencyEvent =
  AgencyRegistered | BranchOpened | ClientCompanyAdded | AgencyApproved | AgencyRejected | AgencyLogoChanged;
