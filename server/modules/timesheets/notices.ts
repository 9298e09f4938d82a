import { ddmmyyyy } from "../../lib/days";
import type { Notice, NoticeSource } from "../module";
import type { TimesheetClientLate } from "./client-links";
import type { TimesheetDisputeClosed, TimesheetDisputed, TimesheetMoved } from "./events";

type Told = TimesheetMoved | TimesheetDisputed | TimesheetDisputeClosed | TimesheetClientLate;

/**
 * Who hears of a sheet's steps: the candidate when it comes back for verification, is reduced,
 * validated by the client or their dispute is answered; the consultant when a reduction is
 * disputed or a client is late after the last reminder. In-app, and by mail where it asks for action.
 */
export const timesheetNotices: NoticeSource<Told> = {
  eventTypes: ["TimesheetMoved", "TimesheetDisputed", "TimesheetDisputeClosed", "TimesheetClientLate"],
  notices(event, { publicUrl }): Notice[] {
    if (event.type === "TimesheetClientLate") {
      const d = event.data;
      const link = `/releves-heures?status=agency_validated&week=${d.week}`;
      return d.consultants.map((userId) => ({
        userId,
        kind: "timesheets_client_late",
        params: { client: d.clientName, count: d.count, week: ddmmyyyy(d.week) },
        link,
        mail: {
          template: "timesheetsClientLate",
          params: { client: d.clientName, count: String(d.count), week: ddmmyyyy(d.week), link: `${publicUrl}${link}` },
        },
      }));
    }
    const sheet = `/fiches-horaires/${event.data.timesheetId}`;
    const mail = (
      template: "timesheetVerification" | "timesheetReduced" | "timesheetDisputeAnswered",
      reason: string | null,
    ) => ({ template, params: { reason: reason ?? "", link: `${publicUrl}${sheet}` } });
    switch (event.type) {
      case "TimesheetMoved": {
        const d = event.data;
        if (d.to === "verification")
          return [
            {
              userId: d.candidateId,
              kind: "timesheets_verification",
              params: {},
              link: sheet,
              mail: mail("timesheetVerification", d.reason),
            },
          ];
        if (d.action === "reduce")
          return [
            {
              userId: d.candidateId,
              kind: "timesheets_reduced",
              params: {},
              link: sheet,
              mail: mail("timesheetReduced", d.reason),
            },
          ];
        if (d.to === "client_validated")
          return [{ userId: d.candidateId, kind: "timesheets_client_validated", params: {}, link: sheet }];
        return [];
      }
      case "TimesheetDisputed": {
        const d = event.data;
        if (!d.consultantId) return [];
        const link = `/releves-heures?disputed=1`;
        return [
          {
            userId: d.consultantId,
            kind: "timesheets_disputed",
            params: {},
            link,
            mail: { template: "timesheetDisputed", params: { reason: d.reason, link: `${publicUrl}${link}` } },
          },
        ];
      }
      case "TimesheetDisputeClosed":
        return [
          {
            userId: event.data.candidateId,
            kind: "timesheets_dispute_answered",
            params: {},
            link: sheet,
            mail: mail("timesheetDisputeAnswered", event.data.reason),
          },
        ];
      default:
        return [];
    }
  },
};
