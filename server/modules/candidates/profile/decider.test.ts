import { describe, expect, it } from "vitest";
import { fold, given, type DecideContext } from "../../../event-store/decider";
import { ConcurrencyError, type Recorded } from "../../../event-store/types";
import { fixedClock } from "../../../lib/clock";
import { profileDecider } from "./decider";
import type { ProfileEvent } from "./events";

const ctx: DecideContext = {
  clock: fixedClock("2026-03-02T09:00:00Z"),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
};
const U = "22222222-2222-4222-8222-222222222222";
const E = "00000000-0000-4000-8000-000000000099";

const identitySaved: Recorded<ProfileEvent> = {
  type: "ProfileIdentitySaved",
  data: { userId: U, values: { licences: [] } },
};
const trainingSaved: Recorded<ProfileEvent> = {
  type: "ProfileTrainingSaved",
  data: { userId: U, entryId: E, values: { school: "EHL", diploma: "CFC" } },
};

describe("profile decider", () => {
  it("seals a section's values with the person's key, normalised", () => {
    const events = given(profileDecider, [])
      .when(
        {
          type: "SaveIdentity",
          userId: U,
          expectedVersion: 0,
          country: "CH",
          values: { firstName: " Léa ", phone: "079 123 45 67" },
        },
        ctx,
      )
      .then();
    expect(events).toEqual([
      {
        type: "ProfileIdentitySaved",
        data: { userId: U },
        personal: { subjectId: U, data: { values: { firstName: "Léa", phone: "+41791234567", licences: [] } } },
      },
    ]);
  });

  it("refuses a bad field on that field (the rules run again on the server)", () => {
    const save = (values: unknown) =>
      given(profileDecider, []).when(
        { type: "SaveIdentity", userId: U, expectedVersion: 0, country: "CH", values },
        ctx,
      );
    expect(save({ avsNumber: "756.1234.5678.90" }).thenError()).toBe("validation.avs");
    expect(save({ iban: "CH00" }).thenError()).toBe("validation.iban");
    const third = given(profileDecider, []).when(
      {
        type: "SaveCriteria",
        userId: U,
        expectedVersion: 0,
        profileId: "main",
        values: { desiredJobs: ["cook", "waiter", "nurse"] },
      },
      ctx,
    );
    expect(third.thenError()).toBe("validation.max_choices");
  });

  it("refuses a save from a stale form (another tab saved the section since)", () => {
    const stale = () =>
      given(profileDecider, [identitySaved])
        .when({ type: "SaveIdentity", userId: U, expectedVersion: 0, country: "CH", values: {} }, ctx)
        .then();
    expect(stale).toThrow(ConcurrencyError);
    expect(
      given(profileDecider, [identitySaved])
        .when({ type: "SaveIdentity", userId: U, expectedVersion: 1, country: "CH", values: {} }, ctx)
        .then(),
    ).toHaveLength(1);
    // another section's version is its own
    expect(
      given(profileDecider, [identitySaved])
        .when({ type: "SaveAddress", userId: U, expectedVersion: 0, values: { street: "Rue 1" } }, ctx)
        .then(),
    ).toHaveLength(1);
  });

  it("adds, edits and removes entries; an unknown entry is refused", () => {
    const values = { school: "EHL", diploma: "Bachelor" };
    expect(
      given(profileDecider, [])
        .when({ type: "SaveEntry", userId: U, expectedVersion: 0, list: "training", entryId: null, values }, ctx)
        .then()[0],
    ).toMatchObject({ type: "ProfileTrainingSaved", data: { entryId: E } });
    expect(
      given(profileDecider, [trainingSaved])
        .when({ type: "SaveEntry", userId: U, expectedVersion: 1, list: "training", entryId: E, values }, ctx)
        .then(),
    ).toHaveLength(1);
    expect(
      given(profileDecider, [trainingSaved])
        .when({ type: "RemoveEntry", userId: U, expectedVersion: 1, list: "training", entryId: E }, ctx)
        .then(),
    ).toEqual([{ type: "ProfileTrainingRemoved", data: { userId: U, entryId: E } }]);
    expect(
      given(profileDecider, [trainingSaved])
        .when({ type: "RemoveEntry", userId: U, expectedVersion: 0, list: "experience", entryId: E }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    const bad = given(profileDecider, []).when(
      {
        type: "SaveEntry",
        userId: U,
        expectedVersion: 0,
        list: "experience",
        entryId: null,
        values: { jobTitle: "Cook", company: "X", startDate: "2024-05-01", endDate: "2024-01-01" },
      },
      ctx,
    );
    expect(bad.thenError()).toBe("validation.end_after_start");
  });

  it("named profiles: created, chosen as default, removed; the main one stays", () => {
    const created = given(profileDecider, [])
      .when({ type: "CreateNamedProfile", userId: U, expectedVersion: 0, name: "Cuisine" }, ctx)
      .then();
    expect(created).toEqual([
      {
        type: "NamedProfileCreated",
        data: { userId: U, profileId: E },
        personal: { subjectId: U, data: { name: "Cuisine" } },
      },
    ]);
    const past: Recorded<ProfileEvent>[] = [
      { type: "NamedProfileCreated", data: { userId: U, profileId: E, name: "Cuisine" } },
    ];
    expect(
      given(profileDecider, past)
        .when({ type: "ChooseDefaultProfile", userId: U, expectedVersion: 1, profileId: E }, ctx)
        .then(),
    ).toHaveLength(1);
    expect(
      given(profileDecider, past)
        .when({ type: "RemoveNamedProfile", userId: U, expectedVersion: 1, profileId: "main" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
    const state = fold(profileDecider, [
      ...past,
      { type: "DefaultProfileChosen", data: { userId: U, profileId: E } },
      { type: "NamedProfileRemoved", data: { userId: U, profileId: E } },
    ]);
    expect(state).toMatchObject({ profiles: ["main"], defaultProfile: "main", versions: { profiles: 3 } });
  });
});
