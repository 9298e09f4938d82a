import { beforeAll, describe, expect, it } from "vitest";
import { AppError, createLogger, integrationHarness, ProcessorRunner, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { candidatesIndexer } from "../../server/modules/library/indexer";
import { librarySearch } from "../../server/modules/library";
import { librarySearchOf } from "../../server/modules/library/contract";
import { reindex } from "../../server/search/indexes";
import { indexSources } from "../../server/services";
import { bestLocality } from "../../server/modules/reference";
import { pdfBytes } from "../support/documents";

/** The CV library against the real Postgres, event store and a Meilisearch of its own (issue 28). */
const { db, domain, search } = integrationHarness({ ownSearch: { name: "library" }, timeout: 120_000 });
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");

let ge: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
let lyon: Awaited<ReturnType<typeof agencyWithPeople>>;
let runner: ProcessorRunner;
/** the index follows every event appended so far (the app runs the same processor continuously) */
const follow = async () => {
  while (await runner.runOnce());
};
/** the search's clock: a test moves it past a document's expiry */
let now = new Date();
const service = () => librarySearch(search.client, { sql: db.sql, logger: createLogger("silent"), now: () => now });
const find = async (actor: Actor, query: Record<string, string | string[]> = {}) => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) for (const x of [v].flat()) params.append(k, x);
  return service().search(actor, librarySearchOf(params));
};
const names = async (actor: Actor, query: Record<string, string | string[]> = {}) =>
  (await find(actor, query)).hits.map((h) => h.firstName).sort();

let seq = 0;
async function candidate(firstName: string, country: "CH" | "FR" = "CH"): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `lib${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName,
    lastName: "Test",
    locale: "fr",
    role: "CANDIDATE",
    country,
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}
const place = (text: string, country: "CH" | "FR") => {
  const l = bestLocality(text, country)!;
  return {
    street: "Rue 1",
    country,
    localityId: l.id,
    postalCode: l.postalCode,
    city: l.name,
    regionCode: l.regionCode,
    region: l.region,
  };
};

let alice: Actor; // Carouge, visible to every Swiss agency, forklift driver who travels 10 km
let bob: Actor; // Lausanne, applied to Geneva's ad only
let carl: Actor; // no dealings, not visible: in no library
let dora: Actor; // Lyon, visible to French agencies

beforeAll(async () => {
  ge = await agencyWithPeople(domain, "CH");
  other = await agencyWithPeople(domain, "CH");
  lyon = await agencyWithPeople(domain, "FR");
  runner = new ProcessorRunner(domain.store, candidatesIndexer(search.client), createLogger("silent"), 500);
  const c = domain.candidates;
  alice = await candidate("Alice");
  await c.saveProfile(alice, {
    type: "SaveIdentity",
    expectedVersion: 0,
    country: "CH",
    values: { firstName: "Alice", phone: "079 123 45 67", workPermit: "CH_CITIZEN", licences: ["B", "forklift"] },
  });
  await c.saveProfile(alice, { type: "SaveAddress", expectedVersion: 0, values: place("Carouge", "CH") });
  await c.saveProfile(alice, {
    type: "SaveCriteria",
    profileId: "main",
    expectedVersion: 0,
    values: { desiredJobs: ["forklift_driver"], availability: "immediate", contractType: "temporary", radiusKm: 10 },
  });
  await c.saveProfile(alice, { type: "SaveSkills", expectedVersion: 0, values: { skills: ["CACES R489", "Cariste"] } });
  await c.saveProfile(alice, {
    type: "SaveEntry",
    list: "experience",
    entryId: null,
    expectedVersion: 0,
    values: { jobTitle: "Conducteur de chariot élévateur", company: "Migros", startDate: "2020-01-01" },
  });
  await c.saveProfile(alice, { type: "SaveLibraryVisibility", expectedVersion: 0, values: { visibility: "country" } });

  bob = await candidate("Bob");
  await c.saveProfile(bob, { type: "SaveAddress", expectedVersion: 0, values: place("Lausanne", "CH") });
  await c.saveProfile(bob, {
    type: "SaveSkills",
    expectedVersion: 0,
    values: { skills: ["Cariste de nuit", "Maçon"] },
  });
  const adId = await domain.missions.createAd(ge.consultant, {
    fields: sampleAdFields({ questions: [] }),
    publish: true,
  });
  await domain.applications.apply(bob, {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv-bob.pdf", bytes: PDF },
  });

  carl = await candidate("Carl");
  await c.saveProfile(carl, { type: "SaveSkills", expectedVersion: 0, values: { skills: ["Cariste"] } });

  dora = await candidate("Dora", "FR");
  await c.saveProfile(dora, { type: "SaveAddress", expectedVersion: 0, values: place("Lyon", "FR") });
  await c.saveProfile(dora, { type: "SaveSkills", expectedVersion: 0, values: { skills: ["Cariste"] } });
  await c.saveProfile(dora, { type: "SaveLibraryVisibility", expectedVersion: 0, values: { visibility: "country" } });
  await follow();
}, 120_000);

describe("who appears in an agency's library", () => {
  it("shows each agency those it dealt with and those visible to its country, never another's", async () => {
    expect(await names(ge.consultant)).toEqual(["Alice", "Bob"]);
    expect(await names(other.consultant)).toEqual(["Alice"]);
    expect(await names(lyon.consultant)).toEqual(["Dora"]);
    // a query that matches all four still returns only the agency's own
    expect(await names(other.consultant, { q: "cariste" })).toEqual(["Alice"]);
  });

  it("refuses a client user, a candidate and a platform admin without agency", async () => {
    for (const who of [ge.client, ge.manager, alice] as Actor[])
      await expect(find(who)).rejects.toBeInstanceOf(AppError);
  });

  it("drops a candidate who hides their profile or is deactivated, and brings them back", async () => {
    const c = domain.candidates;
    await c.saveProfile(alice, { type: "SaveLibraryVisibility", expectedVersion: 1, values: { visibility: "hidden" } });
    await follow();
    expect(await names(ge.consultant)).toEqual(["Bob"]);
    expect(await names(other.consultant)).toEqual([]);
    await c.saveProfile(alice, {
      type: "SaveLibraryVisibility",
      expectedVersion: 2,
      values: { visibility: "country" },
    });
    await follow();
    expect(await names(other.consultant)).toEqual(["Alice"]);

    await domain.identity.deactivateAccount(bob, "moving abroad");
    await follow();
    expect(await names(ge.consultant)).toEqual(["Alice"]);
  });

  it("opens a country-visible profile to another agency of that country without contact details", async () => {
    const seen = await domain.candidates.openCandidateProfile(other.consultant, alice.id);
    expect(seen?.identity).toMatchObject({ firstName: "Alice", workPermit: "CH_CITIZEN" });
    expect(seen?.identity).not.toHaveProperty("phone");
    expect(seen?.address).not.toHaveProperty("street");
    expect(seen?.contact).toBe(false);
    // not to a French agency, a client user, a candidate, nor for a foreign or malformed id
    expect(await domain.candidates.openCandidateProfile(lyon.consultant, alice.id)).toBeNull();
    expect(await domain.candidates.openCandidateProfile(ge.client, alice.id)).toBeNull();
    expect(await domain.candidates.openCandidateProfile(dora, alice.id)).toBeNull();
    expect(await domain.candidates.openCandidateProfile(other.consultant, carl.id)).toBeNull();
    expect(await domain.candidates.openCandidateProfile(other.consultant, "not-an-id")).toBeNull();
    expect(await domain.candidates.openCandidateProfile(other.consultant, crypto.randomUUID())).toBeNull();
    // the documents stay with the dealings
    expect(await domain.candidates.openCandidateDocuments(other.consultant, alice.id)).toBeNull();
  });
});

describe("/cv-theque search", () => {
  it("runs the boolean syntax: AND, OR groups with phrases, NOT", async () => {
    const q = 'cariste AND (CACES OR "chariot élévateur") NOT nuit';
    expect(await names(ge.consultant, { q: "cariste" })).toEqual(["Alice"]);
    expect(await names(ge.consultant, { q })).toEqual(["Alice"]);
    expect(await names(ge.consultant, { q: "cariste NOT caces" })).toEqual([]);
    expect(await names(ge.consultant, { q: '"chariot élévateur" OR maçon' })).toEqual(["Alice"]);
  });

  it("tolerates a typo and highlights the match in the excerpt", async () => {
    const result = await find(ge.consultant, { q: "carriste" });
    expect(result.hits.map((h) => h.firstName)).toEqual(["Alice"]);
    expect(result.hits[0]!.excerpt).toContain("\u0001");
  });

  it("answers a malformed query with its message, not an error", async () => {
    const result = await find(ge.consultant, { q: '(cariste OR "chariot' });
    expect(result.queryError).toBe("query.unclosed_quote");
    expect(result.hits).toEqual([]);
  });

  it("filters by facets and counts them", async () => {
    const result = await find(ge.consultant, { licence: "forklift" });
    expect(result.hits.map((h) => h.firstName)).toEqual(["Alice"]);
    expect(result.facets.availability).toEqual({ immediate: 1 });
    expect(result.facets.profession).toEqual({ forklift_driver: 1 });
    expect(result.activity["7"]).toBe(1);
    // with words, the activity and validity counts come from the hits' own dates
    const worded = await find(ge.consultant, { q: "cariste" });
    expect(worded).toMatchObject({ total: 1, activity: { "7": 1, "365": 1 }, validity: { yes: 1, no: 0 } });
    expect(await find(ge.consultant, { q: "cariste", activity: "7" })).toMatchObject({ activity: { "7": 1 } });
  });

  it("counts an expired permit as soon as its date passes, with no event (documents valid)", async () => {
    await domain.candidates.addDocument(alice, {
      category: "work_permit",
      expiresAt: "2030-06-30",
      upload: { name: "permis.pdf", bytes: pdfBytes() },
    });
    await follow();
    const before = await find(ge.consultant, { valid: "yes" });
    expect(before.hits.map((h) => h.firstName)).toEqual(["Alice"]);
    expect(before.validity).toEqual({ yes: 1, no: 0 });
    // without a choice (one option counted, the other what remains of the total), and by distance
    expect((await find(ge.consultant, {})).validity).toEqual({ yes: 1, no: 0 });
    now = new Date("2030-07-01T08:00:00Z");
    try {
      const after = await find(ge.consultant, { valid: "no" });
      expect(after.hits.map((h) => [h.firstName, h.documentsValid])).toEqual([["Alice", false]]);
      expect(after.validity).toEqual({ yes: 0, no: 1 });
      expect((await find(ge.consultant, {})).validity).toEqual({ yes: 0, no: 1 });
      const byDistance = await find(ge.consultant, { place: "Genève", radius: "100", sort: "distance" });
      expect(byDistance).toMatchObject({ total: 1, validity: { yes: 0, no: 1 } });
      expect(byDistance.facets.availability).toEqual({ immediate: 1 });
    } finally {
      now = new Date();
    }
  });

  it("finds who lives near a place and who would travel there", async () => {
    expect(await names(ge.consultant, { place: "Genève", radius: "5" })).toEqual(["Alice"]);
    // Alice travels 10 km: Genève yes, Lausanne (about 50 km) no
    expect(await names(ge.consultant, { place: "Genève", reach: "travels" })).toEqual(["Alice"]);
    expect(await names(ge.consultant, { place: "Lausanne", reach: "travels" })).toEqual([]);
    const byDistance = await find(other.consultant, { place: "Genève", radius: "100", sort: "distance" });
    expect(byDistance.hits[0]!.distanceKm).toBeLessThan(5);
    expect((await find(ge.consultant, { place: "Nowhereville" })).placeUnknown).toBe(true);
  });

  it("is rebuilt whole by the reindex", async () => {
    await search.client.index("candidates").deleteAllDocuments().waitTask();
    expect(await names(ge.consultant)).toEqual([]);
    const counts = await reindex(search.client, indexSources(db.sql));
    expect(counts.candidates).toBe(2);
    expect(await names(ge.consultant)).toEqual(["Alice"]);
    expect(await names(lyon.consultant)).toEqual(["Dora"]);
  });
});

describe("an agency's tags and archive in its library (ADR 0036)", () => {
  it("are that agency's alone in facets, filters and results; its archived are left out by default; a reindex keeps them", async () => {
    const file = domain.candidateFile;
    await file.addTag(ge.consultant, alice.id, { tag: "Urgent", colour: "red" });
    await file.addTag(ge.consultant, alice.id, { tag: "Cariste confirmé", colour: "green" });
    await file.addTag(other.consultant, alice.id, { tag: "Secret", colour: "blue" });
    await file.archiveCandidate(other.consultant, alice.id, { reason: "unreachable" });
    await follow();
    const tagsOf = (r: Awaited<ReturnType<typeof find>>) =>
      r.hits.map((h) => [h.firstName, h.tags.map((t) => t.label)]);
    const check = async () => {
      const mine = await find(ge.consultant);
      expect(tagsOf(mine)).toEqual([["Alice", ["Cariste confirmé", "Urgent"]]]);
      expect(mine.hits[0]!.tags.map((t) => t.colour)).toEqual(["green", "red"]);
      expect(mine.tags).toEqual([
        { key: "cariste confirmé", label: "Cariste confirmé", colour: "green", count: 1 },
        { key: "urgent", label: "Urgent", colour: "red", count: 1 },
      ]);
      // another agency's archive neither hides her nor counts here
      expect(mine.archived).toBe(0);
      expect(await names(ge.consultant, { tag: "Urgent" })).toEqual(["Alice"]);
      expect(await names(ge.consultant, { tag: ["urgent", "inconnu"] })).toEqual(["Alice"]);
      // another agency's tag is no filter here, its archive no "archived" result
      expect(await names(ge.consultant, { tag: "secret" })).toEqual([]);
      expect(await names(ge.consultant, { archived: "1" })).toEqual([]);

      // the agency that archived her: not by default, only with the filter, with its own tags only
      const theirs = await find(other.consultant);
      expect(theirs.hits).toEqual([]);
      expect(theirs.archived).toBe(1);
      expect(theirs.tags).toEqual([]);
      const archived = await find(other.consultant, { archived: "1" });
      expect(tagsOf(archived)).toEqual([["Alice", ["Secret"]]]);
      expect(archived.tags).toEqual([{ key: "secret", label: "Secret", colour: "blue", count: 1 }]);
      expect(await names(other.consultant, { archived: "1", tag: "urgent" })).toEqual([]);
      // an agency of another country sees nothing of it
      expect(await names(lyon.consultant, { q: "cariste" })).toEqual(["Dora"]);
    };
    await check();
    await reindex(search.client, indexSources(db.sql));
    await check();

    await file.restoreCandidate(other.consultant, alice.id);
    await file.removeTag(ge.consultant, alice.id, "URGENT");
    await follow();
    expect(await names(other.consultant)).toEqual(["Alice"]);
    const after = await find(ge.consultant);
    expect(tagsOf(after)).toEqual([["Alice", ["Cariste confirmé"]]]);
    expect(after.tags.map((t) => t.key)).toEqual(["cariste confirmé"]);
  });

  it("mark a candidate deactivated by the agency on its cards only; reactivated, the mark goes", async () => {
    const file = domain.candidateFile;
    await file.deactivateCandidate(other.consultant, alice.id, { reason: "no_show" });
    await follow();
    const marks = async (actor: Actor) => (await find(actor)).hits.map((h) => [h.firstName, h.deactivated]);
    expect(await marks(other.consultant)).toEqual([["Alice", true]]);
    expect(await marks(ge.consultant)).toEqual([["Alice", false]]);
    await file.reactivateCandidate(other.consultant, alice.id, { reason: "other", text: "Revenu" });
    await follow();
    expect(await marks(other.consultant)).toEqual([["Alice", false]]);
  });
});
