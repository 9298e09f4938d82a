import { beforeAll, describe, expect, it } from "vitest";
import { AppError, integrationHarness, rebuildProjections, roomsFor, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { roomsOfUser } from "../../server/realtime/routing";
import { MODULES } from "../../server/modules";
import { listQuerySchema } from "../../server/modules/candidate-file/contract";

/** The candidate file (issue 28): who may open it, tags, comments and archive, /old-cv-theque, against the real Postgres. */
const { db, domain } = integrationHarness({ clock: "2026-11-27T08:00:00Z" });

let geneva: Awaited<ReturnType<typeof agencyWithPeople>>;
let lyon: Awaited<ReturnType<typeof agencyWithPeople>>;
let seq = 0;
async function candidate(lastName = "Blanc"): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `file${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Zoé${seq}`,
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
async function applied(to: typeof geneva, lastName?: string) {
  const who = await candidate(lastName);
  const adId = await domain.missions.createAd(to.consultant, {
    fields: sampleAdFields({ questions: [] }),
    publish: true,
  });
  const applicationId = await domain.applications.apply(who, {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "registered" },
  });
  return { who, applicationId };
}
const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : Promise.reject(e)),
  );

beforeAll(async () => {
  geneva = await agencyWithPeople(domain);
  lyon = await agencyWithPeople(domain, "FR");
});

describe("who opens a candidate's file", () => {
  it("an agency that sees a candidate only by their country's visibility opens the file without their e-mail", async () => {
    const who = await candidate("Pays");
    await domain.candidates.saveProfile(who, {
      type: "SaveLibraryVisibility",
      expectedVersion: 0,
      values: { visibility: "country" },
    });
    const byCountry = await domain.candidateFile.candidateFile(geneva.consultant, who.id);
    expect(byCountry?.profile.contact).toBe(false);
    expect(byCountry?.person.email).toBeNull();
    // an application opens the contact details to that agency
    const { who: dealt } = await applied(geneva, "Relation");
    const withRelation = await domain.candidateFile.candidateFile(geneva.consultant, dealt.id);
    expect(withRelation?.person.email).toMatch(/@example\.test$/);
  });

  it("the agency the candidate applied to; never another agency, a client user, a candidate or a foreign id", async () => {
    const { who, applicationId } = await applied(geneva);
    const seen = await domain.candidateFile.candidateFile(geneva.consultant, who.id);
    expect(seen).toMatchObject({
      id: who.id,
      person: { lastName: "Blanc" },
      applications: [{ id: applicationId, status: 3 }],
    });
    expect(seen!.timeline.map((e) => e.type)).toContain("ApplicationSubmitted");

    const outsiders = [lyon.consultant, geneva.manager, geneva.client, who, await candidate()];
    for (const actor of outsiders) expect(await domain.candidateFile.candidateFile(actor, who.id)).toBeNull();
    expect(
      await domain.candidateFile.candidateFile(geneva.consultant, "00000000-0000-4000-8000-00000000dead"),
    ).toBeNull();
    expect(await domain.candidateFile.candidateFile(geneva.consultant, "not-a-uuid")).toBeNull();
    for (const actor of outsiders) {
      expect(await keyOf(domain.candidateFile.addTag(actor, who.id, { tag: "Cariste", colour: "red" }))).toBe(
        "errors.notFound",
      );
      expect(await keyOf(domain.candidateFile.addComment(actor, who.id, "Vu"))).toBe("errors.notFound");
      expect(await keyOf(domain.candidateFile.archiveCandidate(actor, who.id, { reason: "unreachable" }))).toBe(
        "errors.notFound",
      );
    }
  });
});

describe("tags, comments and archive", () => {
  it("belong to the agency that wrote them: another agency the candidate also deals with sees none of it", async () => {
    const { who } = await applied(geneva);
    // the candidate applies to Lyon too: Lyon opens the file, without Geneva's additions
    const adId = await domain.missions.createAd(lyon.consultant, {
      fields: sampleAdFields({ questions: [] }),
      publish: true,
    });
    await domain.applications.apply(who, { adId, source: "S01", answers: [], message: "", cv: { kind: "registered" } });

    await domain.candidateFile.addTag(geneva.consultant, who.id, { tag: "CACES 3", colour: "red" });
    await domain.candidateFile.addComment(geneva.consultant, who.id, "Très bon contact");
    await domain.candidateFile.archiveCandidate(geneva.consultant, who.id, { reason: "other", text: "Déménage" });

    const ge = await domain.candidateFile.candidateFile(geneva.consultant, who.id);
    expect(ge).toMatchObject({
      tags: [{ tag: "CACES 3", colour: "red" }],
      comments: [{ body: "Très bon contact", authorId: geneva.consultant.id }],
      archive: { reason: "other", text: "Déménage" },
    });
    expect(ge!.timeline.map((e) => e.type)).toEqual(
      expect.arrayContaining(["CandidateTagAdded", "CandidateCommentAdded", "CandidateArchived"]),
    );
    // who did it, by the user's id in the event's metadata
    const [author] = await db.sql<{ name: string }[]>`
      select concat_ws(' ', first_name, last_name) as name from rm_users where id = ${geneva.consultant.id}`;
    expect(ge!.timeline.find((e) => e.type === "CandidateTagAdded")!.actorName).toBe(author!.name);

    const ly = await domain.candidateFile.candidateFile(lyon.consultant, who.id);
    expect(ly).toMatchObject({ tags: [], comments: [], archive: null, agencyTags: [] });
    expect(ly!.applications).toHaveLength(1);
    const lyTypes = ly!.timeline.map((e) => e.type);
    expect(lyTypes).not.toContain("CandidateTagAdded");
    // Geneva's application and its look at the documents are Geneva's (Lyon sees its own one look)
    expect(ly!.timeline.filter((e) => e.kind === "application")).toHaveLength(1);
    expect(lyTypes.filter((t) => t === "CandidateDocumentsViewedByAgency")).toHaveLength(1);

    // the events reach Geneva's staff room only: not the candidate's, not Lyon's
    const events = await domain.store.readStream(`candidate-file-${geneva.agencyId}-${who.id}`);
    const routes = MODULES.flatMap((m) => (m.realtime ? [m.realtime] : []));
    for (const e of events) expect(roomsFor(e, routes)).toEqual([`agency:${geneva.agencyId}`]);
    expect(roomsOfUser(lyon.consultant, "s1")).not.toContain(`agency:${geneva.agencyId}`);
    expect(roomsOfUser(who, "s2")).not.toContain(`agency:${geneva.agencyId}`);
    expect(roomsOfUser(geneva.manager, "s3")).not.toContain(`agency:${geneva.agencyId}`);
    // the comment and the archive's text are sealed in the log
    const raw = await db.sql<
      { data: unknown }[]
    >`select data from events where stream_id = ${`candidate-file-${geneva.agencyId}-${who.id}`}`;
    expect(JSON.stringify(raw)).not.toMatch(/Très bon contact|Déménage/);
  });

  it("a tag keeps its agency colour; only the author edits or deletes a comment; archive and restore", async () => {
    const { who } = await applied(geneva);
    const { who: other } = await applied(geneva);
    await domain.candidateFile.addTag(geneva.consultant, who.id, { tag: "Nuit", colour: "violet" });
    await domain.candidateFile.addTag(geneva.consultant, other.id, { tag: "nuit", colour: "green" });
    expect((await domain.candidateFile.candidateFile(geneva.consultant, other.id))!.tags).toEqual([
      { tag: "nuit", colour: "violet" },
    ]);
    expect(await keyOf(domain.candidateFile.addTag(geneva.consultant, who.id, { tag: "NUIT", colour: "red" }))).toBe(
      "errors.tagExists",
    );
    await domain.candidateFile.removeTag(geneva.consultant, who.id, "nuit");
    expect((await domain.candidateFile.candidateFile(geneva.consultant, who.id))!.tags).toEqual([]);

    const colleague = await agencyColleague();
    const commentId = await domain.candidateFile.addComment(geneva.consultant, who.id, "Premier appel");
    expect(await keyOf(domain.candidateFile.editComment(colleague, who.id, commentId, "Changé"))).toBe(
      "errors.notAuthor",
    );
    expect(await keyOf(domain.candidateFile.deleteComment(colleague, who.id, commentId))).toBe("errors.notAuthor");
    await domain.candidateFile.editComment(geneva.consultant, who.id, commentId, "Premier appel, rappeler lundi");
    expect((await domain.candidateFile.candidateFile(colleague, who.id))!.comments).toMatchObject([
      { id: commentId, body: "Premier appel, rappeler lundi", editedAt: expect.any(Date) },
    ]);
    await domain.candidateFile.deleteComment(geneva.consultant, who.id, commentId);
    expect((await domain.candidateFile.candidateFile(geneva.consultant, who.id))!.comments).toEqual([]);

    await domain.candidateFile.archiveCandidate(geneva.consultant, who.id, { reason: "unreachable" });
    expect(
      await keyOf(domain.candidateFile.archiveCandidate(geneva.consultant, who.id, { reason: "unreachable" })),
    ).toBe("errors.alreadyArchived");
    await domain.candidateFile.restoreCandidate(geneva.consultant, who.id);
    expect((await domain.candidateFile.candidateFile(geneva.consultant, who.id))!.archive).toBeNull();
    expect(await keyOf(domain.candidateFile.restoreCandidate(geneva.consultant, who.id))).toBe("errors.notArchived");

    // the read models are the log's: a rebuild gives the same file
    const before = await domain.candidateFile.candidateFile(geneva.consultant, other.id);
    await rebuildProjections(
      domain.store,
      MODULES.flatMap((m) => m.projections ?? []).filter((p) => p.name === "candidate-file"),
    );
    expect((await domain.candidateFile.candidateFile(geneva.consultant, other.id))!.tags).toEqual(before!.tags);
  });
});

async function agencyColleague(): Promise<Actor> {
  const id = await domain.identity.registerUser({
    email: `colleague${++seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Col",
    lastName: "Lègue",
    locale: "fr",
    role: "COLLABORATOR",
    country: null,
    agencyId: geneva.agencyId,
    clientId: null,
    verified: true,
  });
  return { id, role: "COLLABORATOR", agencyId: geneva.agencyId, clientId: null };
}

describe("/old-cv-theque", () => {
  it("lists the agency's own candidates only, filtered, sorted, archived on demand", async () => {
    const mine = await applied(geneva, "Zwahlen");
    const theirs = await applied(lyon, "Zwahlen");
    const q = (v: Record<string, string>) => listQuerySchema.parse(v);
    const ids = async (actor: Actor, v: Record<string, string>) =>
      (await domain.candidateFile.candidateList(actor, q(v))).rows.map((r) => r.id);

    expect(await ids(geneva.consultant, { name: "zwahlen" })).toEqual([mine.who.id]);
    expect(await ids(lyon.consultant, { name: "zwahlen" })).toEqual([theirs.who.id]);
    expect(await ids(geneva.client, { name: "zwahlen" })).toEqual([]);
    expect(await ids(geneva.consultant, { email: "%" })).toEqual([]);

    await domain.candidateFile.archiveCandidate(geneva.consultant, mine.who.id, { reason: "placed_elsewhere" });
    expect(await ids(geneva.consultant, { name: "zwahlen" })).toEqual([]);
    expect(await ids(geneva.consultant, { name: "zwahlen", status: "archived" })).toEqual([mine.who.id]);
    // Geneva's archive is Geneva's: not in Lyon's archived list
    expect(await ids(lyon.consultant, { name: "zwahlen", status: "archived" })).toEqual([]);

    const all = await domain.candidateFile.candidateList(
      geneva.consultant,
      q({ status: "all", sort: "name", dir: "asc" }),
    );
    const names = all.rows.map((r) => r.lastName.toLowerCase());
    expect(names).toEqual([...names].sort());
    expect(all.total).toBeGreaterThanOrEqual(all.rows.length);
  });
});
