/**
 * A person's data exports live in `data-exports-<userId>`. The events hold ids and dates only:
 * the personal data is in the ZIP (in storage, removed when it expires), never in the log.
 */
export const dataExportsStream = (userId: string) => `data-exports-${userId}`;

/** How long a ready export can be downloaded. */
export const EXPORT_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** A build still unfinished after this long (a lost job) no longer blocks a new request. */
export const STALE_BUILD_MS = 60 * 60 * 1000;

export interface DataExportRequested {
  type: "DataExportRequested";
  data: { userId: string; exportId: string; requestedAt: string };
}
export interface DataExportReady {
  type: "DataExportReady";
  data: { userId: string; exportId: string; fileId: string; size: number; expiresAt: string };
}
export interface DataExportExpired {
  type: "DataExportExpired";
  data: { userId: string; exportId: string };
}

export type DataExportEvent = DataExportRequested | DataExportReady | DataExportExpired;
