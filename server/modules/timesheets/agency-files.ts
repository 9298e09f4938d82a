/**
 * The files of the agency side of timesheets, pure and shared with app/. The client's signed
 * report of a week (spec "uploadCr"): a PDF, or a scan or photo of the signed paper, whose content
 * (magic bytes) must be of the type its name says; spec section 9 sets the size (2 MB, as every
 * upload). The exports of a selection of sheets (spec "export"): CSV, XLSX or PDF.
 */
import { MAX_UPLOAD_BYTES } from "../candidates/contract";
import type { TimesheetParty, TimesheetStatus } from "./workflow";

/** Name extensions accepted and the type the content must then have. */
export const REPORT_TYPES = {
  pdf: "application/pdf",
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
} as const;
export type ReportMime = (typeof REPORT_TYPES)[keyof typeof REPORT_TYPES];
export const REPORT_MIMES = [...new Set(Object.values(REPORT_TYPES))] as ReportMime[];
export const isReportMime = (v: unknown): v is ReportMime => (REPORT_MIMES as readonly unknown[]).includes(v);
/** What the file input offers (the server checks the content anyway). */
export const REPORT_ACCEPT = Object.keys(REPORT_TYPES)
  .map((e) => `.${e}`)
  .join(",");
export const REPORT_MAX_BYTES = MAX_UPLOAD_BYTES;
/** The agency attaches the report (a later one replaces it), in any state but a sheet cancelled or a mission not performed. */
export const mayAttachReport = (status: TimesheetStatus, party: TimesheetParty | null) =>
  party === "agency" && status !== "cancelled" && status !== "not_performed";

/** The report as a sheet keeps it (rm_timesheets.report). */
export interface TimesheetReport {
  fileId: string;
  name: string;
  mime: ReportMime;
  size: number;
  uploadedAt: string;
  uploadedBy: string | null;
}

export const EXPORT_FORMATS = ["csv", "xlsx", "pdf"] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const isExportFormat = (v: unknown): v is ExportFormat => (EXPORT_FORMATS as readonly unknown[]).includes(v);
