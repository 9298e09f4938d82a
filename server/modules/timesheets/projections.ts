import type { Projection, Tx } from "../../event-store/types";
import { MERGE_EVENT_TYPES, mergeMove } from "../duplicates/contract";
import { jsonb } from "../../lib/rows";
import type { TimesheetReport } from "./contract";
import { TIMESHEET_EVENT_TYPES, type TimesheetEvent } from "./events";

/** rm_timesheets: inline, so a page reads its own save. */
export const timesheetsProjection: Projection<TimesheetEvent> = {
  name: "timesheets",
  eventTypes: [...TIMESHEET_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_timesheets"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a merge moves the listed timesheets, its undo moves them back (ADR 0039)
      if (move) {
        await tx`update rm_timesheets set candidate_id = ${move.to} where id = any(${move.moved.timesheets}::uuid[])`;
        continue;
      }
      const id = e.data.timesheetId;
      const at = e.createdAt;
      switch (e.type) {
        case "TimesheetOpened": {
          const d = e.data;
          await tx`insert into rm_timesheets ${tx({
            id,
            agency_id: d.agencyId,
            placement_id: d.placementId,
            candidate_id: d.candidateId,
            ad_id: d.adId,
            ad_title: d.adTitle,
            client_id: d.clientId,
            branch_id: d.branchId,
            consultant_id: d.consultantId,
            zone: d.zone,
            country: d.country,
            start_date: d.startDate,
            end_date: d.endDate,
            week: d.week,
            status: d.status ?? "in_progress",
            days: jsonb(tx, d.days),
            adjusts: d.adjusts ?? null,
            version: e.streamVersion,
            created_at: at,
            updated_at: at,
          })} on conflict (id) do nothing`;
          break;
        }
        case "TimesheetDaySaved":
        case "TimesheetDayCorrected": {
          const entry = e.data.entry;
          // the days stay in day order: the saved one replaces its day
          await tx`update rm_timesheets set days = (select coalesce(jsonb_agg(x order by x->>'day'), '[]'::jsonb) from (
              select x from jsonb_array_elements(days) x where x->>'day' <> ${entry.day} union all select ${jsonb(tx, entry)}::jsonb) t(x)),
            version = ${e.streamVersion}, updated_at = ${at} where id = ${id}`;
          break;
        }
        case "TimesheetMoved": {
          const d = e.data;
          const stamp =
            d.to === "employee_validated"
              ? tx`, submitted_at = ${at}`
              : d.to === "agency_validated"
                ? tx`, agency_validated_at = ${at}`
                : d.to === "client_validated"
                  ? tx`, client_validated_at = ${at}, client_validated_by = ${d.party === "system" ? "system" : (e.metadata.actor ?? null)}`
                  : tx``;
          const reductions = d.reductions ? tx`, reductions = ${jsonb(tx, d.reductions)}` : tx``;
          await tx`update rm_timesheets set status = ${d.to}, comment = ${d.reason ?? null} ${stamp} ${reductions}, version = ${e.streamVersion}, updated_at = ${at} where id = ${id}`;
          break;
        }
        case "TimesheetDisputed":
          await tx`update rm_timesheets set dispute = ${tx.json({ reason: e.data.reason, at: at.toISOString(), state: "open", answer: null, adjustmentId: null })},
            version = ${e.streamVersion}, updated_at = ${at} where id = ${id}`;
          break;
        case "TimesheetDisputeClosed":
          await tx`update rm_timesheets set dispute = dispute || ${tx.json({ state: e.data.outcome, answer: e.data.reason, adjustmentId: e.data.adjustmentId })},
            version = ${e.streamVersion}, updated_at = ${at} where id = ${id}`;
          break;
        case "TimesheetAdjusted":
          await tx`update rm_timesheets set version = ${e.streamVersion}, updated_at = ${at} where id = ${id}`;
          break;
        case "TimesheetReportUploaded": {
          const { fileId, name, mime, size } = e.data;
          const report: TimesheetReport = {
            fileId,
            name,
            mime,
            size,
            uploadedAt: at.toISOString(),
            uploadedBy: e.metadata.actor ?? null,
          };
          await tx`update rm_timesheets set report = ${jsonb(tx, report)}, version = ${e.streamVersion}, updated_at = ${at} where id = ${id}`;
          break;
        }
      }
    }
  },
};
