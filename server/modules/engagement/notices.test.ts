import { describe, expect, it } from "vitest";
import type { StoredOf } from "../../event-store/types";
import type { AlertDigest, SearchAlertSent } from "./events";
import { engagementNotices } from "./alerts";

const sent = (data: { digest?: AlertDigest }): StoredOf<SearchAlertSent> => ({
  globalPosition: 7,
  transactionId: "1",
  streamId: "engagement-u1",
  streamType: "engagement",
  streamVersion: 3,
  type: "SearchAlertSent",
  data: {
    userId: "u1",
    searchId: "s1",
    day: "2026-11-24",
    adIds: [10001],
    checkedUntil: "2026-11-24T08:00:00.000Z",
    ...data,
  },
  metadata: {},
  createdAt: new Date(),
});

describe("what a job alert tells its person", () => {
  it("a digest becomes a mail listing the ads on our own site and a notification linking to the results", () => {
    const digest = {
      searchName: "Maçon",
      query: "profession=mason",
      total: 3,
      ads: [{ id: 10001, title: "Maçon\nCFC", placeName: "Genève", agencyName: "Alpha" }],
    };
    expect(engagementNotices.notices(sent({ digest }), { publicUrl: "https://missio.test" })).toEqual([
      {
        userId: "u1",
        kind: "search_alert",
        params: { search: "Maçon", count: 3 },
        link: "/rechercher-un-emploi?profession=mason",
        mail: {
          template: "searchAlert",
          params: {
            search: "Maçon",
            count: "3",
            ads: "Maçon CFC – Genève, Alpha: https://missio.test/annonce/10001/S01",
            link: "https://missio.test/rechercher-un-emploi?profession=mason",
            manage: "https://missio.test/ma-recherche",
          },
        },
      },
    ]);
  });

  it("a digest sent before the notifier existed (no digest in the event) is not notified again", () => {
    expect(engagementNotices.notices(sent({}), { publicUrl: "https://missio.test" })).toEqual([]);
  });
});
