import { describe, expect, it } from "vitest";
import { given, type DecideContext } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { engagementDecider as d } from "./decider";
import { MAX_SAVED_SEARCHES } from "./events";
import type {
  AdFavourited,
  AdMarkedUninteresting,
  EngagementEvent,
  SavedSearchAlertsSwitched,
  SearchAlertSent,
  SearchSaved,
} from "./events";
import type { Recorded } from "../../event-store/types";

const ctx: DecideContext = {
  clock: fixedClock("2026-03-02T09:00:00Z"),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
};
const U = "11111111-1111-4111-8111-111111111111";
const S1 = "22222222-2222-4222-8222-222222222222";
const S2 = "33333333-3333-4333-8333-333333333333";
const me = { userId: U, role: "CANDIDATE" as const };

const favourited = (adId: number): Recorded<AdFavourited> => ({ type: "AdFavourited", data: { userId: U, adId } });
const hidden = (adId: number): Recorded<AdMarkedUninteresting> => ({
  type: "AdMarkedUninteresting",
  data: { userId: U, adId },
});
const saved = (searchId: string, name: string, query = "q=macon"): Recorded<SearchSaved> => ({
  type: "SearchSaved",
  data: { userId: U, searchId, name, query },
});
const alertSent = (searchId: string, day: string): Recorded<SearchAlertSent> => ({
  type: "SearchAlertSent",
  data: { userId: U, searchId, day, adIds: [10001], checkedUntil: `${day}T08:00:00.000Z` },
});
const alertsOff = (searchId: string): Recorded<SavedSearchAlertsSwitched> => ({
  type: "SavedSearchAlertsSwitched",
  data: { userId: U, searchId, alerts: false },
});
/** the stored form of a sealed event: personal fields come back merged into data */
const plain = (
  events: { type: string; data: Record<string, unknown>; personal?: { data: Record<string, unknown> } }[],
) => events.map((e) => ({ type: e.type, data: { ...e.data, ...e.personal?.data } }));

describe("engagement decider: favourites and hidden ads", () => {
  it("favourites an online ad once; favouriting it again changes nothing", () => {
    expect(
      given(d, [])
        .when({ type: "FavouriteAd", ...me, adId: 10001, adOnline: true }, ctx)
        .then(),
    ).toEqual([favourited(10001)]);
    expect(
      given(d, [favourited(10001)])
        .when({ type: "FavouriteAd", ...me, adId: 10001, adOnline: true }, ctx)
        .then(),
    ).toEqual([]);
  });

  it("refuses an ad that is not online, and anyone but a candidate", () => {
    expect(
      given(d, [])
        .when({ type: "FavouriteAd", ...me, adId: 10001, adOnline: false }, ctx)
        .thenError(),
    ).toBe("announcement_not_found");
    expect(
      given(d, [])
        .when({ type: "HideAd", ...me, adId: 10001, adOnline: false }, ctx)
        .thenError(),
    ).toBe("announcement_not_found");
    expect(
      given(d, [])
        .when({ type: "FavouriteAd", userId: U, role: "ADMIN_CONSULTANT", adId: 10001, adOnline: true }, ctx)
        .thenError(),
    ).toBe("not_authorized");
    expect(
      given(d, [])
        .when({ type: "SaveSearch", userId: U, role: null, searchId: S1, name: "Maçon", query: "" }, ctx)
        .thenError(),
    ).toBe("not_authorized");
  });

  it("removes a favourite even when its ad went offline; removing an unknown one changes nothing", () => {
    expect(
      given(d, [favourited(10001)])
        .when({ type: "UnfavouriteAd", ...me, adId: 10001 }, ctx)
        .then(),
    ).toEqual([{ type: "AdUnfavourited", data: { userId: U, adId: 10001 } }]);
    expect(
      given(d, [])
        .when({ type: "UnfavouriteAd", ...me, adId: 10001 }, ctx)
        .then(),
    ).toEqual([]);
  });

  it("hiding a favourite takes it out of the favourites; favouriting a hidden ad shows it again", () => {
    expect(
      given(d, [favourited(10001)])
        .when({ type: "HideAd", ...me, adId: 10001, adOnline: true }, ctx)
        .then(),
    ).toEqual([{ type: "AdUnfavourited", data: { userId: U, adId: 10001 } }, hidden(10001)]);
    expect(
      given(d, [hidden(10001)])
        .when({ type: "FavouriteAd", ...me, adId: 10001, adOnline: true }, ctx)
        .then(),
    ).toEqual([{ type: "AdUninterestingUndone", data: { userId: U, adId: 10001 } }, favourited(10001)]);
    expect(
      given(d, [hidden(10001)])
        .when({ type: "HideAd", ...me, adId: 10001, adOnline: true }, ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(d, [hidden(10001)])
        .when({ type: "UnhideAd", ...me, adId: 10001 }, ctx)
        .then(),
    ).toEqual([{ type: "AdUninterestingUndone", data: { userId: U, adId: 10001 } }]);
  });
});

describe("engagement decider: saved searches", () => {
  it("saves a search with its name tidied, sealing the name and query as the person's data", () => {
    const events = given(d, [])
      .when({ type: "SaveSearch", ...me, searchId: S1, name: "  Maçon   Genève ", query: "q=macon" }, ctx)
      .then();
    expect(events).toEqual([
      {
        type: "SearchSaved",
        data: { userId: U, searchId: S1 },
        personal: { subjectId: U, data: { name: "Maçon Genève", query: "q=macon" } },
      },
    ]);
  });

  it("requires a name of at most 80 characters and a query of at most 2,000", () => {
    expect(
      given(d, [])
        .when({ type: "SaveSearch", ...me, searchId: S1, name: "   ", query: "" }, ctx)
        .thenError(),
    ).toBe("validation.required");
    expect(
      given(d, [])
        .when({ type: "SaveSearch", ...me, searchId: S1, name: "x".repeat(81), query: "" }, ctx)
        .thenError(),
    ).toBe("validation.too_long");
    expect(
      given(d, [])
        .when({ type: "SaveSearch", ...me, searchId: S1, name: "x".repeat(80), query: "q=" + "a".repeat(1998) }, ctx)
        .then(),
    ).toHaveLength(1);
    expect(
      given(d, [])
        .when({ type: "SaveSearch", ...me, searchId: S1, name: "Long", query: "q=" + "a".repeat(1999) }, ctx)
        .thenError(),
    ).toBe("validation.too_long");
  });

  it("refuses a name the person already uses, whatever its case or spacing", () => {
    expect(
      given(d, [saved(S1, "Maçon Genève")])
        .when({ type: "SaveSearch", ...me, searchId: S2, name: " maçon  GENÈVE", query: "" }, ctx)
        .thenError(),
    ).toBe("saved_search_name_taken");
    // accents make a different name
    expect(
      given(d, [saved(S1, "Maçon Genève")])
        .when({ type: "SaveSearch", ...me, searchId: S2, name: "Macon Geneve", query: "" }, ctx)
        .then(),
    ).toHaveLength(1);
  });

  it("keeps at most 20 searches per person; deleting one makes room", () => {
    const twenty = Array.from({ length: MAX_SAVED_SEARCHES }, (_, i) =>
      saved(`00000000-0000-4000-8000-${String(i).padStart(12, "0")}`, `Recherche ${i}`),
    );
    expect(
      given(d, twenty)
        .when({ type: "SaveSearch", ...me, searchId: S1, name: "Une de trop", query: "" }, ctx)
        .thenError(),
    ).toBe("saved_search_limit");
    const afterDelete: Recorded<EngagementEvent>[] = [
      ...twenty,
      { type: "SavedSearchDeleted", data: { userId: U, searchId: twenty[0]!.data.searchId } },
    ];
    expect(
      given(d, afterDelete)
        .when({ type: "SaveSearch", ...me, searchId: S1, name: "Une de trop", query: "" }, ctx)
        .then(),
    ).toHaveLength(1);
  });

  it("renames a search (not onto another one's name) and switches its alerts", () => {
    const past = [saved(S1, "Maçon"), saved(S2, "Peintre")];
    expect(
      plain(
        given(d, past)
          .when({ type: "RenameSearch", ...me, searchId: S1, name: "Maçon Lausanne" }, ctx)
          .then(),
      ),
    ).toEqual([{ type: "SavedSearchRenamed", data: { userId: U, searchId: S1, name: "Maçon Lausanne" } }]);
    expect(
      given(d, past)
        .when({ type: "RenameSearch", ...me, searchId: S1, name: "peintre" }, ctx)
        .thenError(),
    ).toBe("saved_search_name_taken");
    expect(
      given(d, past)
        .when({ type: "RenameSearch", ...me, searchId: S1, name: "Maçon" }, ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(d, past)
        .when({ type: "SwitchAlerts", ...me, searchId: S1, alerts: false }, ctx)
        .then(),
    ).toEqual([alertsOff(S1)]);
    expect(
      given(d, [...past, alertsOff(S1)])
        .when({ type: "SwitchAlerts", ...me, searchId: S1, alerts: false }, ctx)
        .then(),
    ).toEqual([]);
  });

  it("deleting, renaming or switching an unknown search fails with failed_operation", () => {
    const past: Recorded<EngagementEvent>[] = [
      saved(S1, "Maçon"),
      { type: "SavedSearchDeleted", data: { userId: U, searchId: S1 } },
    ];
    expect(
      given(d, past)
        .when({ type: "DeleteSearch", ...me, searchId: S1 }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    expect(
      given(d, [])
        .when({ type: "RenameSearch", ...me, searchId: S2, name: "X" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    expect(
      given(d, [])
        .when({ type: "SwitchAlerts", ...me, searchId: S2, alerts: true }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    expect(
      given(d, [saved(S1, "Maçon")])
        .when({ type: "DeleteSearch", ...me, searchId: S1 }, ctx)
        .then(),
    ).toEqual([{ type: "SavedSearchDeleted", data: { userId: U, searchId: S1 } }]);
  });
});

describe("engagement decider: job alerts", () => {
  const send = (day: string, adIds = [10001, 10002]) => ({
    type: "SendSearchAlert" as const,
    userId: U,
    searchId: S1,
    day,
    adIds,
    checkedUntil: `${day}T09:00:00.000Z`,
  });

  it("records one digest per search and day", () => {
    expect(
      given(d, [saved(S1, "Maçon")])
        .when(send("2026-03-02"), ctx)
        .then(),
    ).toEqual([
      {
        type: "SearchAlertSent",
        data: {
          userId: U,
          searchId: S1,
          day: "2026-03-02",
          adIds: [10001, 10002],
          checkedUntil: "2026-03-02T09:00:00.000Z",
        },
      },
    ]);
    expect(
      given(d, [saved(S1, "Maçon"), alertSent(S1, "2026-03-02")])
        .when(send("2026-03-02"), ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(d, [saved(S1, "Maçon"), alertSent(S1, "2026-03-02")])
        .when(send("2026-03-03"), ctx)
        .then(),
    ).toHaveLength(1);
  });

  it("sends nothing for a deleted search, alerts switched off, or no ads", () => {
    expect(
      given(d, [saved(S1, "Maçon"), { type: "SavedSearchDeleted", data: { userId: U, searchId: S1 } }])
        .when(send("2026-03-02"), ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(d, [saved(S1, "Maçon"), alertsOff(S1)])
        .when(send("2026-03-02"), ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(d, [saved(S1, "Maçon")])
        .when(send("2026-03-02", []), ctx)
        .then(),
    ).toEqual([]);
  });
});
