import { describe, expect, it } from "vitest";
import {
  type AppError,
  ConcurrencyError,
  INLINE_PROJECTIONS,
  eraseKey,
  integrationHarness,
  rebuildProjections,
  type Actor,
} from "../support/harness";

const { db, domain } = integrationHarness({ clock: "2026-03-02T09:00:00Z" });

let n = 0;
async function candidate(): Promise<Actor> {
  const id = await domain.identity.registerUser({
    email: `profile.${++n}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Léa",
    lastName: "Müller",
    role: "CANDIDATE",
    locale: "fr",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}

const identity = {
  civility: "ms",
  firstName: "Léa",
  lastName: "Müller",
  birthDate: "1990-05-17",
  nationality: "CH",
  phone: "079 123 45 67",
  avsNumber: "756.9217.0769.85",
  iban: "CH93 0076 2011 6238 5295 7",
  workPermit: "CH_CITIZEN",
  licences: ["B", "forklift"],
};
const geneva = {
  street: "Rue du Rhône 1",
  country: "CH",
  localityId: "CH-1204-geneve",
  postalCode: "1204",
  city: "Genève",
  regionCode: "CH-GE",
  region: "Genève",
};

describe("profile sections", () => {
  it("saves each section on its own, normalised, and the completion rises", async () => {
    const me = await candidate();
    const c = domain.candidates;
    expect((await c.myProfileCompletion(me)).percent).toBe(0);
    await c.saveProfile(me, { type: "SaveIdentity", expectedVersion: 0, country: "CH", values: identity });
    await c.saveProfile(me, { type: "SaveAddress", expectedVersion: 0, values: geneva });
    await c.saveProfile(me, {
      type: "SaveCriteria",
      profileId: "main",
      expectedVersion: 0,
      values: {
        desiredJobs: ["cook"],
        availability: "immediate",
        contractType: "temporary",
        income: 28,
        incomePeriod: "hour",
      },
    });
    await c.saveProfile(me, {
      type: "SaveLanguages",
      expectedVersion: 0,
      values: { languages: [{ code: "fr", spoken: "native", written: "C2" }] },
    });
    const training = await c.saveProfile(me, {
      type: "SaveEntry",
      list: "training",
      entryId: null,
      expectedVersion: 0,
      values: { school: "EHL", diploma: "CFC cuisinière" },
    });
    await c.saveProfile(me, {
      type: "SaveEntry",
      list: "experience",
      entryId: null,
      expectedVersion: 0,
      values: { jobTitle: "Cuisinière", company: "Hôtel du Lac", startDate: "2020-01-01", endDate: "2023-06-30" },
    });
    expect((await c.myProfileCompletion(me)).next?.part).toBe("about");
    await c.saveProfile(me, {
      type: "SaveAbout",
      expectedVersion: 0,
      values: { aboutMe: "Cuisinière", linkedin: "https://www.linkedin.com/in/lea" },
    });

    const p = await c.myProfile(me);
    expect(p.identity).toMatchObject({
      phone: "+41791234567",
      iban: "CH9300762011623852957",
      avsNumber: "756.9217.0769.85",
      licences: ["B", "forklift"],
    });
    expect(p.address).toMatchObject({ city: "Genève", postalCode: "1204" });
    expect(p.profiles[0]).toMatchObject({
      id: "main",
      isDefault: true,
      criteria: { desiredJobs: ["cook"], income: 28 },
    });
    expect(p.trainings).toEqual([{ id: training, values: { school: "EHL", diploma: "CFC cuisinière" } }]);
    expect(p.versions).toMatchObject({
      identity: 1,
      address: 1,
      "criteria:main": 1,
      training: 1,
      experience: 1,
      about: 1,
    });
    expect(await c.myProfileCompletion(me)).toMatchObject({ percent: 100, next: null });

    // edited in place, then removed
    await c.saveProfile(me, {
      type: "SaveEntry",
      list: "training",
      entryId: training,
      expectedVersion: 1,
      values: { school: "EHL", diploma: "Bachelor" },
    });
    expect((await c.myProfile(me)).trainings[0]?.values.diploma).toBe("Bachelor");
    await c.saveProfile(me, { type: "RemoveEntry", list: "training", entryId: training!, expectedVersion: 2 });
    expect((await c.myProfile(me)).trainings).toEqual([]);
  });

  it("refuses bad input on its field, and another person's role", async () => {
    const me = await candidate();
    const refusal = (values: unknown) =>
      domain.candidates
        .saveProfile(me, { type: "SaveIdentity", expectedVersion: 0, country: "CH", values })
        .catch((e: AppError) => [e.key, e.field]);
    expect(await refusal({ avsNumber: "756.9217.0769.84" })).toEqual(["validation.avs", "avsNumber"]);
    expect(await refusal({ iban: "CH93 0076 2011 6238 5295 8" })).toEqual(["validation.iban", "iban"]);
    expect(await refusal({ phone: "123" })).toEqual(["validation.phone", "phone"]);
    const third = await domain.candidates
      .saveProfile(me, {
        type: "SaveCriteria",
        profileId: "main",
        expectedVersion: 0,
        values: { desiredJobs: ["cook", "waiter", "nurse"] },
      })
      .catch((e: AppError) => e.key);
    expect(third).toBe("validation.max_choices");
    const agency = { id: me.id, role: "ADMIN_CONSULTANT", agencyId: null, clientId: null } as const;
    await expect(domain.candidates.myProfile(agency)).rejects.toThrow("not_authorized");
  });

  it("refuses a save from a stale form: the later tab is told, the first one's values stay", async () => {
    const me = await candidate();
    await domain.candidates.saveProfile(me, { type: "SaveAddress", expectedVersion: 0, values: geneva });
    const stale = domain.candidates.saveProfile(me, {
      type: "SaveAddress",
      expectedVersion: 0,
      values: { ...geneva, street: "Other street 2" },
    });
    await expect(stale).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await domain.candidates.myProfile(me)).address?.street).toBe("Rue du Rhône 1");
    // another section is not blocked by it
    await domain.candidates.saveProfile(me, { type: "SaveAbout", expectedVersion: 0, values: { hobbies: "Ski" } });
  });

  it("named profiles: one default, criteria each", async () => {
    const me = await candidate();
    const id = await domain.candidates.saveProfile(me, {
      type: "CreateNamedProfile",
      expectedVersion: 0,
      name: "Logistique",
    });
    await domain.candidates.saveProfile(me, {
      type: "SaveCriteria",
      profileId: id!,
      expectedVersion: 0,
      values: { desiredJobs: ["forklift_driver"] },
    });
    await domain.candidates.saveProfile(me, { type: "ChooseDefaultProfile", profileId: id!, expectedVersion: 1 });
    const p = await domain.candidates.myProfile(me);
    expect(p.profiles.map((x) => [x.name, x.isDefault, x.criteria?.desiredJobs ?? null])).toEqual([
      [null, false, null],
      ["Logistique", true, ["forklift_driver"]],
    ]);
    expect((await domain.candidates.myProfileCompletion(me)).done).not.toContain("criteria"); // the default's criteria lack availability
  });
});

describe("privacy and history", () => {
  it("keeps a history of changes (fields, not values); after the key is erased, the values are gone", async () => {
    const me = await candidate();
    await domain.candidates.saveProfile(me, {
      type: "SaveIdentity",
      expectedVersion: 0,
      country: "CH",
      values: identity,
    });
    await domain.candidates.saveProfile(me, {
      type: "SaveIdentity",
      expectedVersion: 1,
      country: "CH",
      values: { ...identity, phone: "079 765 43 21" },
    });
    const history = await domain.candidates.myProfileHistory(me);
    expect(history.map((h) => [h.type, h.fields, h.erased])).toEqual([
      ["ProfileIdentitySaved", ["phone"], false],
      ["ProfileIdentitySaved", expect.arrayContaining(["civility", "phone", "iban"]), false],
    ]);

    // sealed in the store: the IBAN is not in the event's clear text
    const [raw] = await db.sql<
      { payload: string }[]
    >`select data::text as payload from events where stream_id = ${`profile-${me.id}`} limit 1`;
    expect(raw!.payload).not.toContain("CH9300762011623852957");

    await eraseKey(db.sql, me.id);
    const after = await domain.candidates.myProfileHistory(me);
    expect(after.every((h) => h.erased && h.fields.length === 0)).toBe(true);
    const [event] = await domain.store.readStream(`profile-${me.id}`);
    expect(event!.data).toEqual({ userId: me.id });
    // a rebuild does not bring the erased profile back
    await rebuildProjections(domain.store, INLINE_PROJECTIONS);
    expect((await domain.candidates.myProfile(me)).identity).toBeNull();
  });
});
