import type { Notice, NoticeSource } from "../module";
import { STATUS, statusName } from "./contract";
import type {
  ApplicationRefusalNotified,
  ApplicationStatusChanged,
  ApplicationStatusNotified,
  ApplicationSubmitted,
  UnansweredApplicationsFlagged,
} from "./events";

type Noticed =
  | ApplicationSubmitted
  | ApplicationStatusChanged
  | ApplicationStatusNotified
  | ApplicationRefusalNotified
  | UnansweredApplicationsFlagged;

/** Where the candidate finds an application of a given status. */
export const candidateListOf = (status: number) =>
  status === STATUS.rejected
    ? "/candidatures-refusees"
    : status === STATUS.pending
      ? "/candidatures-en-attente"
      : status === STATUS.mission
        ? "/missions-valides"
        : "/candidatures-retenues";

/** The candidate hears of a status other than a refusal (which has its own notice). */
function statusNotice(d: { userId: string; adTitle: string }, to: number, publicUrl: string): Notice {
  const link = candidateListOf(to);
  const status = statusName(to);
  return {
    userId: d.userId,
    kind: `application_${status}`,
    params: { title: d.adTitle },
    link,
    mail: { template: "applicationStatus", params: { title: d.adTitle, status, link: publicUrl + link } },
  };
}

/**
 * What applications tell people (the notifier raises each once): the candidate's confirmation,
 * the consultant's new application, every status change the candidate should hear of. A
 * consultant's change is told by ApplicationStatusNotified or ApplicationRefusalNotified, after
 * the window in which it can be undone, and only if it is still true then.
 */
export const applicationNotices: NoticeSource<Noticed> = {
  eventTypes: [
    "ApplicationSubmitted",
    "ApplicationStatusChanged",
    "ApplicationStatusNotified",
    "ApplicationRefusalNotified",
    "UnansweredApplicationsFlagged",
  ],
  notices(event, { publicUrl }): Notice[] {
    switch (event.type) {
      case "ApplicationSubmitted": {
        const d = event.data;
        const ad = { title: d.adTitle, agency: d.agencyName };
        return [
          {
            userId: d.userId,
            kind: "application_submitted",
            params: ad,
            link: "/candidatures-en-attente",
            mail: { template: "applicationReceived", params: { ...ad, link: `${publicUrl}/candidatures-en-attente` } },
          },
          {
            userId: d.consultantId,
            kind: "application_new",
            params: { title: d.adTitle },
            link: `/candidatures/${d.applicationId}`,
            mail: {
              template: "applicationNew",
              params: { title: d.adTitle, source: d.source, link: `${publicUrl}/candidatures/${d.applicationId}` },
            },
          },
        ];
      }
      case "ApplicationStatusChanged": {
        // told later (a consultant's change) or by the refusal's own notice; a mission is told at once
        const d = event.data;
        return d.to === STATUS.rejected || d.toldLater ? [] : [statusNotice(d, d.to, publicUrl)];
      }
      case "ApplicationStatusNotified":
        return [statusNotice(event.data, event.data.status, publicUrl)];
      case "UnansweredApplicationsFlagged": {
        const { userId, count } = event.data;
        return [
          {
            userId,
            kind: "applications_unanswered",
            params: { count },
            link: `/candidatures?unanswered=1&consultantId=${userId}`,
          },
        ];
      }
      case "ApplicationRefusalNotified": {
        const d = event.data;
        const reason = d.reason ?? "none";
        // the agency's own refusal text when it wrote one (and the candidate was not erased since)
        const mail: Notice["mail"] =
          d.templateId && d.subject && d.body
            ? {
                template: "customEmail",
                params: {
                  subject: d.subject,
                  body: d.body,
                  agency: d.agencyName,
                  link: `${publicUrl}/candidatures-refusees`,
                },
              }
            : {
                template: "applicationRefused",
                params: { title: d.adTitle, agency: d.agencyName, reason, link: `${publicUrl}/rechercher-un-emploi` },
              };
        return [
          {
            userId: d.userId,
            kind: "application_rejected",
            params: { title: d.adTitle, agency: d.agencyName },
            link: "/candidatures-refusees",
            mail,
          },
        ];
      }
    }
  },
};
