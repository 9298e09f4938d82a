import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError, integrationHarness, rebuildProjections, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { pdfBytes } from "../support/documents";
import { MODULES } from "../../server/modules";

/** Likely duplicate candidates (issue 28, ADR 0039) against the real Postgres and event store. */
const { db, domain } = integrationHarness({ timeout: 120_000 });
const sample = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/cv", name)));

let ge: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
let lyon: Awaited<ReturnType<typeof agencyWithPeople>>;
const admin: Actor = { id: crypto.randomUUID(), role: "PLATFORM_ADMIN", agencyId: null, clientId: null };
let ann1: Actor, ann2: Actor, cv1: Actor, cv2: Actor, solo: Actor;

let seq = 0;
async function candidate(firstName: string, lastName: string, email?: string): Promise<Actor> {
  const id = await domain.identity.registerUser({
    email: email ?? `dup${++seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName,
    lastName,
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}
const identity = (who: Actor, version: number, values: Record<string, unknown>) =>
  domain.candidates.saveProfile(who, { type: "SaveIdentity", expectedVersion: version, country: "CH", values });
const visibleToCountry = (who: Actor) =>
  domain.candidates.saveProfile(who, {
    type: "SaveLibraryVisibility",
    expectedVersion: 0,
    values: { visibility: "country" },
  });

/** each pair as "first-name/first-name: reasons", sorted */
const listed = async (actor: Actor) =>
  (await domain.duplicates.duplicatePairs(actor)).pairs
    .map((p) => {
      const names = [p.first.firstName, p.second.firstName]
        .map((n) => n[0]!.toUpperCase() + n.slice(1).toLowerCase())
        .sort()
        .join("/");
      return `${names}: ${p.reasons.map((r) => r.kind).join(",")}`;
    })
    .sort();
const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.kind}:${e.key}` : Promise.reject(e)),
  );
const snapshot = () => db.sql`
  select 'pair' as t, first_id::text as a, second_id::text as b, score::text as c, reasons::text as d, found_at::text as e from rm_duplicate_pairs
  union all select 'key', user_id::text, kind, value, null, null from rm_duplicate_keys
  union all select 'candidate', user_id::text, minhash::text, keys_at::text, null, null from rm_duplicate_candidates
  union all select 'dismissal', scope, first_id::text, second_id::text, dismissed_by::text, dismissed_at::text from rm_duplicate_dismissals
  order by 1, 2, 3, 4`;

beforeAll(async () => {
  ge = await agencyWithPeople(domain, "CH");
  other = await agencyWithPeople(domain, "CH");
  lyon = await agencyWithPeople(domain, "FR");
  // the same person twice: Gmail's dots, the phone typed two ways, the same AVS, names swapped
  ann1 = await candidate("Ann", "Rey", `ann.rey.${process.pid}@gmail.com`);
  ann2 = await candidate("Ann", "Rey", `annrey${process.pid}+jobs@googlemail.com`);
  await identity(ann1, 0, {
    firstName: "Ann",
    lastName: "Rey",
    birthDate: "1990-01-02",
    phone: "079 111 22 33",
    avsNumber: "756.9217.0769.85",
  });
  await identity(ann2, 0, {
    firstName: "ANN",
    lastName: "rey",
    birthDate: "1990-01-02",
    phone: "+41791112233",
    avsNumber: "7569217076985",
  });
  await visibleToCountry(ann1);
  await visibleToCountry(ann2);
  // two records with the same CV, who applied to Geneva only
  cv1 = await candidate("Marie", "Dupont");
  cv2 = await candidate("Maria", "Duponte");
  const adId = await domain.missions.createAd(ge.consultant, {
    fields: sampleAdFields({ questions: [] }),
    publish: true,
  });
  for (const who of [cv1, cv2]) {
    const cv = await domain.candidates.addCv(who, { name: "CV.pdf", bytes: sample("cv-fr.pdf") });
    expect(await domain.candidates.parseCv(cv.fileId)).toBe("parsed");
    await domain.applications.apply(who, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: pdfBytes() },
    });
  }
  solo = await candidate("Ann", "Other");
  await identity(solo, 0, { firstName: "Ann", lastName: "Other", birthDate: "1990-01-02", phone: "079 999 88 77" });
  await visibleToCountry(solo);
}, 120_000);

describe("duplicate detection", () => {
  it("finds each pair with its reasons and score, among the candidates each agency may see", async () => {
    const geList = await listed(ge.consultant);
    expect(geList).toContainEqual("Ann/Ann: avs,email,phone,name_birth");
    expect(geList.find((l) => l.startsWith("Maria/Marie:"))).toBe("Maria/Marie: email,phone,cv");
    expect(geList).toHaveLength(2);
    const pairs = (await domain.duplicates.duplicatePairs(ge.consultant)).pairs;
    expect(pairs[0]!.score).toBeGreaterThanOrEqual(0.99);
    expect(
      pairs.find((p) => p.first.firstName.startsWith("Mar"))!.reasons.find((r) => r.kind === "cv")!.similarity,
    ).toBe(1);
    // another Swiss agency sees only the country-visible pair; a French one, a client user, a candidate: nothing
    expect(await listed(other.consultant)).toEqual(["Ann/Ann: avs,email,phone,name_birth"]);
    expect(await listed(lyon.consultant)).toEqual([]);
    expect(await listed(ge.client)).toEqual([]);
    expect(await listed(ge.manager)).toEqual([]);
    expect(await listed(ann1)).toEqual([]);
    // a page past the last one shows the first
    expect(await domain.duplicates.duplicatePairs(ge.consultant, 9)).toMatchObject({ page: 1, total: 2 });
    // the platform's admins see every pair
    expect(await listed(admin)).toEqual(expect.arrayContaining(geList));
  });

  it("follows each change: a new phone drops that reason, a hidden profile leaves the other agency's list", async () => {
    await identity(ann2, 1, {
      firstName: "ANN",
      lastName: "rey",
      birthDate: "1990-01-02",
      phone: "079 555 66 77",
      avsNumber: "7569217076985",
    });
    expect(await listed(other.consultant)).toEqual(["Ann/Ann: avs,email,name_birth"]);
    await domain.candidates.saveProfile(ann2, {
      type: "SaveLibraryVisibility",
      expectedVersion: 1,
      values: { visibility: "hidden" },
    });
    expect(await listed(other.consultant)).toEqual([]);
    await domain.candidates.saveProfile(ann2, {
      type: "SaveLibraryVisibility",
      expectedVersion: 2,
      values: { visibility: "country" },
    });
    expect(await listed(other.consultant)).toEqual(["Ann/Ann: avs,email,name_birth"]);
  });

  it("'not a duplicate' hides a pair from that agency's list only; a pair one cannot see is not found", async () => {
    const [firstId, secondId] = [ann1.id, ann2.id].sort() as [string, string];
    expect(await keyOf(domain.duplicates.dismissDuplicate(lyon.consultant, { firstId, secondId }))).toBe(
      "not_found:errors.notFound",
    );
    expect(await keyOf(domain.duplicates.dismissDuplicate(ge.client, { firstId, secondId }))).toBe(
      "not_found:errors.notFound",
    );
    expect(await keyOf(domain.duplicates.dismissDuplicate(ann1, { firstId, secondId }))).toBe(
      "not_found:errors.notFound",
    );
    const [c1, c2] = [cv1.id, cv2.id].sort() as [string, string];
    expect(await keyOf(domain.duplicates.dismissDuplicate(other.consultant, { firstId: c1, secondId: c2 }))).toBe(
      "not_found:errors.notFound",
    );
    expect(
      await keyOf(
        domain.duplicates.dismissDuplicate(ge.consultant, {
          firstId: crypto.randomUUID(),
          secondId: crypto.randomUUID(),
        }),
      ),
    ).toBe("not_found:errors.notFound");

    await domain.duplicates.dismissDuplicate(ge.consultant, { firstId, secondId });
    expect((await listed(ge.consultant)).some((l) => l.startsWith("Ann/Ann"))).toBe(false);
    expect(await listed(other.consultant)).toEqual(["Ann/Ann: avs,email,name_birth"]);
    expect((await listed(admin)).some((l) => l.startsWith("Ann/Ann"))).toBe(true);
    // said once: the pair is no longer in that list
    expect(await keyOf(domain.duplicates.dismissDuplicate(ge.consultant, { firstId, secondId }))).toBe(
      "not_found:errors.notFound",
    );
    await domain.duplicates.dismissDuplicate(admin, { firstId, secondId });
    expect((await listed(admin)).some((l) => l.startsWith("Ann/Ann"))).toBe(false);
  });

  it("a rebuild from the log gives the same keys, pairs, scores, times and dismissals", async () => {
    const before = await snapshot();
    expect(before.length).toBeGreaterThan(10);
    const mine = MODULES.flatMap((m) => m.projections ?? []).filter((p) => p.name.startsWith("duplicates."));
    // one batch for the whole log (a person's events and their pair's together)
    await rebuildProjections(domain.store, mine);
    expect(await snapshot()).toEqual(before);
    // small batches: a person's events and their pair's fall in different batches
    await rebuildProjections(domain.store, mine, 7);
    expect(await snapshot()).toEqual(before);
  });
});
