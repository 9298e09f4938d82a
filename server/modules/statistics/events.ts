import type { DayEntry, DayReduction } from "../timesheets/contract";

/**
 * The parts of other modules' events that the statistics read (their names and fields are stored
 * for ever, so these shapes hold): the statistics module writes no events of its own.
 */
type E<T extends string, D> = { type: T; data: D };

export type StatsEvent =
  | E<
      "ApplicationSubmitted",
      {
        applicationId: string;
        agencyId: string;
        branchId: string | null;
        consultantId: string;
        adId: number;
        adTitle: string;
        source: string;
      }
    >
  | E<"ApplicationStatusChanged", { applicationId: string; to: number }>
  | E<"ProposalMade", { applicationId: string | null }>
  | E<"AdDrafted", { adId: number; agencyId: string; branchId: string | null; by: string }>
  | E<"AdPublished" | "AdDisabled" | "AdArchived" | "AdDeleted" | "AdExpired", { adId: number }>
  | E<
      "OrderPlaced",
      {
        orderId: string;
        agencyId: string;
        branchId: string | null;
        status: string;
        fields: { consultantId: string | null };
      }
    >
  | E<"OrderEdited", { orderId: string; fields: { consultantId: string | null } }>
  | E<"OrderStatusChanged", { orderId: string; to: string }>
  | E<
      "TimesheetOpened",
      {
        timesheetId: string;
        agencyId: string;
        branchId: string | null;
        consultantId: string | null;
        clientId: string | null;
        country: string;
        days: DayEntry[];
        adjusts?: string | null;
      }
    >
  | E<"TimesheetDaySaved" | "TimesheetDayCorrected", { timesheetId: string; entry: DayEntry }>
  | E<"TimesheetMoved", { timesheetId: string; to: string; reductions?: DayReduction[] }>;

export const STATS_EVENT_TYPES = [
  "ApplicationSubmitted",
  "ApplicationStatusChanged",
  "ProposalMade",
  "AdDrafted",
  "AdPublished",
  "AdDisabled",
  "AdArchived",
  "AdDeleted",
  "AdExpired",
  "OrderPlaced",
  "OrderEdited",
  "OrderStatusChanged",
  "TimesheetOpened",
  "TimesheetDaySaved",
  "TimesheetDayCorrected",
  "TimesheetMoved",
] as const satisfies readonly StatsEvent["type"][];
