import { expect, it } from "vitest";
import {
  DEMO_PASSWORD,
  INLINE_PROJECTIONS,
  SYSTEM_ACTOR,
  eraseKey,
  rebuildProjections,
  seedDemo,
  integrationHarness,
} from "../support/harness";

const { db, domain } = integrationHarness();

const TABLES = [...new Set(INLINE_PROJECTIONS.flatMap((p) => p.tables))];

/** Every inline read model, every row, in a stable order. */
async function snapshot() {
  const out: Record<string, unknown[]> = {};
  for (const table of TABLES) out[table] = await db.sql.unsafe(`select * from "${table}" t order by t::text`);
  return out;
}

const person = (email: string, firstName: string) => ({
  email,
  firstName,
  lastName: "Test",
  locale: "fr",
  password: DEMO_PASSWORD,
  country: null,
  clientId: null,
});

it("rebuilding the inline read models from the log gives back exactly the same rows", async () => {
  expect(await seedDemo(domain)).toBe(true);
  const seeded = await snapshot();
  const { agencies, identity } = domain;
  const extra = await agencies.registerAgency(SYSTEM_ACTOR, {
    name: "Jura Placement",
    country: "CH",
    city: "Delémont",
    approved: false,
  });
  for (const [name, city] of [
    ["Delémont Gare", "Delémont"],
    ["Porrentruy", "Porrentruy"],
    ["Moutier", "Moutier"],
  ]) {
    await agencies.openBranch(SYSTEM_ACTOR, { agencyId: extra, name: name!, city: city! });
  }
  await agencies.addClientCompany(SYSTEM_ACTOR, {
    agencyId: extra,
    name: "Fromagerie des Franches-Montagnes",
    city: "Saignelégier",
  });
  const lyonLike = await agencies.registerAgency(SYSTEM_ACTOR, {
    name: "Annecy Travail",
    country: "FR",
    city: "Annecy",
    approved: true,
  });
  await agencies.openBranch(SYSTEM_ACTOR, { agencyId: lyonLike, name: "Annecy Centre", city: "Annecy" });
  await identity.registerUser({
    ...person("consultant.jura@example.test", "Noé"),
    role: "ADMIN_CONSULTANT",
    agencyId: extra,
    verified: true,
  });
  // an unverified account (a verification token) and an account the agency disabled
  await identity.registerUser({
    ...person("new.candidate@example.test", "Zoé"),
    role: "CANDIDATE",
    agencyId: null,
    verified: false,
  });
  const disabled = await identity.registerUser({
    ...person("left@example.test", "Paul"),
    role: "COLLABORATOR",
    agencyId: extra,
    verified: true,
  });
  await identity.setMemberEnabled(SYSTEM_ACTOR, disabled, false, "left the agency");
  // an erased person: key gone, read model row gone; a rebuild must not bring them back
  const erased = await identity.registerUser({
    ...person("erase.me@example.test", "Eve"),
    role: "CANDIDATE",
    agencyId: null,
    verified: true,
  });
  await eraseKey(db.sql, erased);
  await db.sql`delete from rm_users where id = ${erased}`;
  // with what the duplicate detection derived from that row (ADR 0039)
  await db.sql`delete from rm_duplicate_keys where user_id = ${erased}`;
  await db.sql`delete from rm_duplicate_candidates where user_id = ${erased}`;

  const before = await snapshot();
  // what this test added on top of the demo data
  expect(before.rm_agencies!.length - seeded.rm_agencies!.length).toBe(2);
  expect(before.rm_branches!.length - seeded.rm_branches!.length).toBe(4);
  expect(before.rm_client_companies!.length - seeded.rm_client_companies!.length).toBe(1);
  expect(before.rm_users!.length - seeded.rm_users!.length).toBe(3); // the erased person is gone
  expect(before.rm_ads!.length).toBeGreaterThan(250);
  expect(await db.sql`select enabled from rm_users where id = ${disabled}`).toEqual([{ enabled: false }]);

  // wreck the read models first, so the rebuild must really write them
  await db.sql`update rm_agencies set name = 'wrong', branch_count = 99`;
  await db.sql`delete from rm_branches where name = 'Moutier'`;
  await db.sql`update rm_users set enabled = true`;

  const { replayed } = await rebuildProjections(domain.store, INLINE_PROJECTIONS);
  expect(replayed).toBeGreaterThan(20);
  expect(await snapshot()).toEqual(before);
  // the rebuilt models still serve the app
  expect((await domain.agencies.overview(SYSTEM_ACTOR, extra))?.branches.map((b) => b.name)).toEqual([
    "Delémont Gare",
    "Moutier",
    "Porrentruy",
  ]);
  expect(await domain.identity.credentialsByEmail("erase.me@example.test")).toBeNull();
});

it("commands running during a rebuild are neither lost nor applied twice", async () => {
  const agencyIds: string[] = [];
  const [result] = await Promise.all([
    rebuildProjections(domain.store, INLINE_PROJECTIONS, 7),
    (async () => {
      for (let i = 0; i < 6; i++)
        agencyIds.push(
          await domain.agencies.registerAgency(SYSTEM_ACTOR, {
            name: `Concurrent ${i}`,
            country: "CH",
            city: "Sion",
            approved: true,
          }),
        );
    })(),
  ]);
  expect(result.replayed).toBeGreaterThan(0);
  const after = await snapshot();
  const names = (after.rm_agencies as { name: string }[]).map((a) => a.name).filter((n) => n.startsWith("Concurrent"));
  expect(names.sort()).toEqual(agencyIds.map((_, i) => `Concurrent ${i}`));
  await rebuildProjections(domain.store, INLINE_PROJECTIONS);
  expect(await snapshot()).toEqual(after);
});
