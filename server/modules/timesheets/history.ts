import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { timesheetStream, type TimesheetEvent } from "./events";

/** One step in a sheet's history, as its page lists it. */
export interface HistoryEntry {
  at: Date;
  /** the step: a workflow action, "opened", "correct", "dispute", "dispute_dismissed", "dispute_adjusted", "adjust" or "report" */
  kind: string;
  /** who: a person's name, or null for the system */
  by: string | null;
  reason: string | null;
  /** a corrected or reduced day */
  days: string[];
}

/**
 * A sheet's history from its events (each day typed is left out: the days show the result). The
 * caller has checked that the reader may read the sheet.
 */
export async function sheetHistory(sql: Db, store: EventStore, id: string): Promise<HistoryEntry[]> {
  const events = await store.readStream<TimesheetEvent>(timesheetStream(id));
  const actors = [...new Set(events.map((e) => e.metadata.actor).filter((a): a is string => Boolean(a && isUuid(a))))];
  const names = new Map(
    actors.length
      ? (
          await sql<
            { id: string; name: string }[]
          >`select id, first_name || ' ' || last_name as name from rm_users where id in ${sql(actors)}`
        ).map((r) => [r.id, r.name])
      : [],
  );
  const out: HistoryEntry[] = [];
  for (const e of events) {
    const base = { at: e.createdAt, by: names.get(e.metadata.actor ?? "") ?? null, reason: null, days: [] };
    switch (e.type) {
      case "TimesheetOpened":
        out.push({ ...base, kind: e.data.adjusts ? "adjustment_opened" : "opened" });
        break;
      case "TimesheetMoved":
        out.push({
          ...base,
          by: e.data.party === "system" ? null : base.by,
          kind: e.data.action,
          reason: e.data.reason,
          days: (e.data.reductions ?? []).map((r) => r.day),
        });
        break;
      case "TimesheetDayCorrected":
        out.push({ ...base, kind: "correct", reason: e.data.reason, days: [e.data.entry.day] });
        break;
      case "TimesheetDisputed":
        out.push({ ...base, kind: "dispute", reason: e.data.reason });
        break;
      case "TimesheetDisputeClosed":
        out.push({ ...base, kind: `dispute_${e.data.outcome}`, reason: e.data.reason });
        break;
      case "TimesheetAdjusted":
        out.push({ ...base, kind: "adjust", reason: e.data.reason });
        break;
      case "TimesheetReportUploaded":
        out.push({ ...base, kind: "report" });
        break;
    }
  }
  return out;
}
