import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { librarySearchDecider as d, type LibrarySearchCommand } from "./decider";
import { MAX_LIBRARY_SEARCHES, type LibrarySearchEvent } from "./events";
import { canonicalLibraryQuery, queryProblem } from "./rules";

const ctx = { clock: fixedClock("2026-11-27T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const me = { userId: "u-1", role: "COLLABORATOR" as const, agencyId: "ag-1" };
const saved = (searchId: string, name = searchId, agencyId = "ag-1"): LibrarySearchEvent => ({
  type: "LibrarySearchSaved",
  data: { userId: "u-1", searchId, agencyId, name, query: "q=cariste" },
});
const baselined = (searchId: string): LibrarySearchEvent => ({
  type: "LibrarySearchBaselined",
  data: { userId: "u-1", searchId, candidateIds: ["c-1"] },
});
const save = (name: string, query = "q=cariste"): Extract<LibrarySearchCommand, { type: "SaveSearch" }> => ({
  type: "SaveSearch",
  ...me,
  searchId: "s-new",
  name,
  query,
});
const alert = (day: string, candidateIds = ["c-2"]): LibrarySearchCommand => ({
  type: "SendAlert",
  userId: "u-1",
  searchId: "s-1",
  day,
  candidateIds,
});

describe("saved library searches", () => {
  it("saves a named search in the consultant's agency, its words sealed with their key", () => {
    expect(given(d, []).when(save("  Caristes   Genève "), ctx).then()).toEqual([
      {
        type: "LibrarySearchSaved",
        data: { userId: "u-1", searchId: "s-new", agencyId: "ag-1" },
        personal: { subjectId: "u-1", data: { name: "Caristes Genève", query: "q=cariste" } },
      },
    ]);
  });

  it("refuses an empty or taken name, a malformed query, and one search more than the limit", () => {
    expect(given(d, []).when(save("  "), ctx).thenError()).toBe("validation.required");
    expect(
      given(d, [saved("s-1", "Caristes")])
        .when(save("caristes"), ctx)
        .thenError(),
    ).toBe("saved_search_name_taken");
    expect(given(d, []).when(save("Broken", "q=%22chariot"), ctx).thenError()).toBe("query.unclosed_quote");
    const full = Array.from({ length: MAX_LIBRARY_SEARCHES }, (_, i) => saved(`s-${i}`));
    expect(given(d, full).when(save("One more"), ctx).thenError()).toBe("saved_search_limit");
    // the searches of an agency the consultant left count neither for the limit nor for names
    const elsewhere = Array.from({ length: MAX_LIBRARY_SEARCHES }, (_, i) => saved(`s-${i}`, "Caristes", "ag-old"));
    expect(given(d, elsewhere).when(save("Caristes"), ctx).then()).toHaveLength(1);
  });

  it("lets agency staff only, and only in the agency the search was saved in", () => {
    for (const role of ["CANDIDATE", "CLIENT", "MANAGER_CLIENT", "PLATFORM_ADMIN"] as const)
      expect(
        given(d, [])
          .when({ ...save("X"), role }, ctx)
          .thenError(),
      ).toBe("not_authorized");
    expect(
      given(d, [])
        .when({ ...save("X"), agencyId: null }, ctx)
        .thenError(),
    ).toBe("not_authorized");
    const moved = { ...me, agencyId: "ag-2" };
    expect(
      given(d, [saved("s-1")])
        .when({ type: "DeleteSearch", ...moved, searchId: "s-1" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    expect(
      given(d, [saved("s-1")])
        .when({ type: "RenameSearch", ...me, searchId: "s-9", name: "X" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });

  it("renames, switches alerts and deletes; a rename to the same name changes nothing", () => {
    const past = [saved("s-1", "Caristes")];
    expect(
      given(d, past)
        .when({ type: "RenameSearch", ...me, searchId: "s-1", name: "Caristes" }, ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(d, past)
        .when({ type: "RenameSearch", ...me, searchId: "s-1", name: "Nuit" }, ctx)
        .then(),
    ).toEqual([
      {
        type: "LibrarySearchRenamed",
        data: { userId: "u-1", searchId: "s-1" },
        personal: { subjectId: "u-1", data: { name: "Nuit" } },
      },
    ]);
    expect(
      given(d, past)
        .when({ type: "SwitchAlerts", ...me, searchId: "s-1", alerts: true }, ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(d, past)
        .when({ type: "SwitchAlerts", ...me, searchId: "s-1", alerts: false }, ctx)
        .then(),
    ).toEqual([{ type: "LibrarySearchAlertsSwitched", data: { userId: "u-1", searchId: "s-1", alerts: false } }]);
    expect(
      given(d, past)
        .when({ type: "DeleteSearch", ...me, searchId: "s-1" }, ctx)
        .then(),
    ).toEqual([{ type: "LibrarySearchDeleted", data: { userId: "u-1", searchId: "s-1" } }]);
  });
});

describe("library alerts", () => {
  it("takes a baseline first, and only once", () => {
    const baseline: LibrarySearchCommand = { type: "Baseline", userId: "u-1", searchId: "s-1", candidateIds: ["c-1"] };
    expect(
      given(d, [saved("s-1")])
        .when(baseline, ctx)
        .then(),
    ).toEqual([baselined("s-1")]);
    expect(
      given(d, [saved("s-1"), baselined("s-1")])
        .when(baseline, ctx)
        .then(),
    ).toEqual([]);
    // no digest before the baseline: everything it matches would look new
    expect(
      given(d, [saved("s-1")])
        .when(alert("2026-11-27"), ctx)
        .then(),
    ).toEqual([]);
  });

  it("sends one digest per search and day, none when nothing is new or alerts are off", () => {
    const past = [saved("s-1", "Caristes"), baselined("s-1")];
    const sent = given(d, past).when(alert("2026-11-27"), ctx).then();
    expect(sent).toEqual([
      {
        type: "LibraryAlertSent",
        data: { userId: "u-1", searchId: "s-1", day: "2026-11-27", candidateIds: ["c-2"] },
        personal: { subjectId: "u-1", data: { searchName: "Caristes", query: "q=cariste" } },
      },
    ]);
    const after = [...past, { ...sent[0]!, data: { ...sent[0]!.data, searchName: "Caristes", query: "q=cariste" } }];
    expect(
      given(d, after)
        .when(alert("2026-11-27", ["c-3"]), ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(d, after)
        .when(alert("2026-11-28", ["c-3"]), ctx)
        .then(),
    ).toHaveLength(1);
    expect(given(d, past).when(alert("2026-11-27", []), ctx).then()).toEqual([]);
    const off: LibrarySearchEvent = {
      type: "LibrarySearchAlertsSwitched",
      data: { userId: "u-1", searchId: "s-1", alerts: false },
    };
    expect(
      given(d, [...past, off])
        .when(alert("2026-11-27"), ctx)
        .then(),
    ).toEqual([]);
    // switched back on: a new baseline first
    const on: LibrarySearchEvent = { ...off, data: { ...off.data, alerts: true } } as LibrarySearchEvent;
    expect(
      given(d, [...past, off, on])
        .when(alert("2026-11-27"), ctx)
        .then(),
    ).toEqual([]);
  });
});

describe("the saved query", () => {
  it("keeps the search's own fields without page or empty ones, and checks the boolean query", () => {
    expect(canonicalLibraryQuery("?q=cariste+AND+nuit&page=3&sector=logistics&sector=&x=1&radius=20")).toBe(
      "q=cariste+AND+nuit&sector=logistics&radius=20",
    );
    expect(queryProblem("q=(cariste")).toBe("query.unbalanced");
    expect(queryProblem("q=cariste")).toBeNull();
  });
});
