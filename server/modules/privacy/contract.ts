/** A person's latest data export as the data page shows it. */
export interface DataExportView {
  id: string;
  status: "building" | "ready" | "expired";
  requestedAt: string;
  expiresAt: string | null;
  size: number | null;
}
