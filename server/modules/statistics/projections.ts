import { DateTime } from "luxon";
import type { Projection, Tx } from "../../event-store/types";
import { jsonb } from "../../lib/rows";
import { STATUS } from "../applications/contract";
import type { DayEntry } from "../timesheets/contract";
import { STATS_EVENT_TYPES, type StatsEvent } from "./events";
import { STATS_ZONE } from "./periods";
import { sheetTotals } from "./rules";

const dayOf = (at: Date) => DateTime.fromJSDate(at, { zone: STATS_ZONE }).toISODate()!;

/** Where an ad stands for the statistics: online, expired, or set aside. */
const AD_STATES: Record<string, string> = {
  AdPublished: "online",
  AdDisabled: "disabled",
  AdArchived: "archived",
  AdDeleted: "deleted",
  AdExpired: "expired",
};

/**
 * The statistics' read models (rm_stats_*), inline: a page reads its own writes, each event costs
 * one small write by primary key, and `npm run projections:rebuild` rebuilds them from the log.
 */
export const statisticsProjection: Projection<StatsEvent> = {
  name: "statistics",
  eventTypes: STATS_EVENT_TYPES,
  tables: ["rm_stats_applications", "rm_stats_ads", "rm_stats_orders", "rm_stats_timesheets"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const at = e.createdAt;
      switch (e.type) {
        case "ApplicationSubmitted": {
          const d = e.data;
          await tx`insert into rm_stats_applications ${tx({
            application_id: d.applicationId,
            agency_id: d.agencyId,
            branch_id: d.branchId,
            consultant_id: d.consultantId,
            ad_id: d.adId,
            ad_title: d.adTitle,
            source: d.source,
            applied_at: at,
            applied_day: dayOf(at),
          })} on conflict (application_id) do nothing`;
          break;
        }
        case "ApplicationStatusChanged": {
          const to = e.data.to;
          await tx`update rm_stats_applications set first_answer_at = coalesce(first_answer_at, ${at}),
            retained = retained or ${to === STATUS.retained}, mission = mission or ${to === STATUS.mission}
            where application_id = ${e.data.applicationId}`;
          break;
        }
        case "ProposalMade":
          if (e.data.applicationId)
            await tx`update rm_stats_applications set proposed = true where application_id = ${e.data.applicationId}`;
          break;
        case "AdDrafted": {
          const d = e.data;
          await tx`insert into rm_stats_ads ${tx({ ad_id: d.adId, agency_id: d.agencyId, branch_id: d.branchId, consultant_id: d.by, state: "draft" })}
            on conflict (ad_id) do nothing`;
          break;
        }
        case "AdPublished":
        case "AdDisabled":
        case "AdArchived":
        case "AdDeleted":
        case "AdExpired": {
          const state = AD_STATES[e.type]!;
          const stamp =
            e.type === "AdPublished"
              ? tx`, published_day = coalesce(published_day, ${dayOf(at)})`
              : e.type === "AdExpired"
                ? tx`, expired_day = ${dayOf(at)}`
                : tx``;
          await tx`update rm_stats_ads set state = ${state} ${stamp} where ad_id = ${e.data.adId}`;
          break;
        }
        case "OrderPlaced": {
          const d = e.data;
          await tx`insert into rm_stats_orders ${tx({
            order_id: d.orderId,
            agency_id: d.agencyId,
            branch_id: d.branchId,
            consultant_id: d.fields.consultantId,
            state: d.status,
            placed_day: dayOf(at),
          })} on conflict (order_id) do nothing`;
          break;
        }
        case "OrderEdited":
          await tx`update rm_stats_orders set consultant_id = ${e.data.fields.consultantId} where order_id = ${e.data.orderId}`;
          break;
        case "OrderStatusChanged":
          await tx`update rm_stats_orders set state = ${e.data.to} where order_id = ${e.data.orderId}`;
          break;
        case "TimesheetOpened": {
          const d = e.data;
          // an adjustment sheet restates a validated week: counting it too would count the week twice
          if (d.adjusts) break;
          await tx`insert into rm_stats_timesheets ${tx({
            timesheet_id: d.timesheetId,
            agency_id: d.agencyId,
            branch_id: d.branchId,
            consultant_id: d.consultantId,
            client_id: d.clientId,
            country: d.country,
            days: jsonb(tx, d.days),
          })} on conflict (timesheet_id) do nothing`;
          break;
        }
        case "TimesheetDaySaved":
        case "TimesheetDayCorrected": {
          const entry = e.data.entry;
          await tx`update rm_stats_timesheets set days = (select coalesce(jsonb_agg(x order by x->>'day'), '[]'::jsonb) from (
              select x from jsonb_array_elements(days) x where x->>'day' <> ${entry.day} union all select ${jsonb(tx, entry)}::jsonb) t(x))
            where timesheet_id = ${e.data.timesheetId}`;
          break;
        }
        case "TimesheetMoved": {
          if (e.data.to !== "client_validated") break;
          const [sheet] = await tx<{ days: DayEntry[] }[]>`
            select days from rm_stats_timesheets where timesheet_id = ${e.data.timesheetId}`;
          if (!sheet) break;
          const { minutes, amountCents } = sheetTotals(sheet.days, e.data.reductions ?? []);
          await tx`update rm_stats_timesheets set validated_day = ${dayOf(at)}, minutes = ${minutes}, amount_cents = ${amountCents}
            where timesheet_id = ${e.data.timesheetId}`;
          break;
        }
      }
    }
  },
};
