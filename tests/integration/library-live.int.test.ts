import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger, integrationHarness, loadEnv, startApp, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { ensureBuild, loginCookie } from "../support/test-app";
import { waitFor } from "../support/wait";
import { librarySearch } from "../../server/modules/library";
import { LIBRARY_MOVED, librarySearchOf, type LibraryMoved } from "../../server/modules/library/contract";

/**
 * The CV library live (issue 28, ADR 0036), with the whole app (its processors, sockets and
 * routes) over the file's own database and Meilisearch: a candidate who changes moves in the open
 * results of the agencies that may see them, and only theirs; one who hides is gone from the
 * libraries of agencies they have no relation with at once; an agency's additions stay its own
 * in the page's `?_data`.
 */
const { db, domain, search } = integrationHarness({ ownSearch: { name: "library-live" }, timeout: 120_000 });
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const word = `vivant${process.pid}`;
let app: Awaited<ReturnType<typeof startApp>>;
let ge: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
let lyon: Awaited<ReturnType<typeof agencyWithPeople>>;
let mia: Actor; // Swiss, visible to every Swiss agency
let noe: Actor; // Swiss, applied to Geneva's ad only
let zoe: Actor; // French, visible to every French agency
const cookies: Record<string, string> = {};
const sockets: Socket[] = [];

let seq = 0;
async function candidate(firstName: string, country: "CH" | "FR", visibility: "country" | "relations") {
  const email = `live${++seq}.${process.pid}@example.test`;
  const id = await domain.identity.registerUser({
    email,
    password: "Solid-Pass-2026",
    firstName,
    lastName: "Live",
    locale: "fr",
    role: "CANDIDATE",
    country,
    agencyId: null,
    clientId: null,
    verified: true,
  });
  const me: Actor = { id, role: "CANDIDATE", agencyId: null, clientId: null };
  await domain.candidates.saveProfile(me, { type: "SaveSkills", expectedVersion: 0, values: { skills: [word] } });
  await domain.candidates.saveProfile(me, {
    type: "SaveLibraryVisibility",
    expectedVersion: 0,
    values: { visibility },
  });
  return { me, email };
}

const emailOf = async (id: string) =>
  (await db.sql<{ email: string }[]>`select email from rm_users where id = ${id}`)[0]!.email;

interface Listening {
  socket: Socket;
  moved: string[];
}
async function socketOf(who: string): Promise<Listening> {
  const socket = connect(app.url, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: cookies[who]! },
  });
  sockets.push(socket);
  const moved: string[] = [];
  socket.on(LIBRARY_MOVED, (m: LibraryMoved) => moved.push(...m.ids));
  await new Promise<void>(
    (resolve, reject) => (socket.once("connect", () => resolve()), socket.once("connect_error", reject)),
  );
  return { socket, moved };
}

const found = async (actor: Actor, q = word) =>
  (
    await librarySearch(search.client, { sql: db.sql, logger: createLogger("silent"), now: () => new Date() }).search(
      actor,
      librarySearchOf(new URLSearchParams({ q })),
    )
  ).hits.map((h) => h.id);

beforeAll(async () => {
  ensureBuild();
  ge = await agencyWithPeople(domain, "CH");
  other = await agencyWithPeople(domain, "CH");
  lyon = await agencyWithPeople(domain, "FR");
  const m = await candidate("Mia", "CH", "country");
  mia = m.me;
  const n = await candidate("Noe", "CH", "relations");
  noe = n.me;
  zoe = (await candidate("Zoe", "FR", "country")).me;
  const adId = await domain.missions.createAd(ge.consultant, {
    fields: sampleAdFields({ questions: [] }),
    publish: true,
  });
  await domain.applications.apply(noe, {
    adId,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv-noe.pdf", bytes: PDF },
  });

  const { host, apiKey } = search.client.config;
  // the default polling (1 s): a change must not wait for it, NOTIFY wakes the indexer
  const env = loadEnv({ NODE_ENV: "production", ROLE: "web", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "silent" });
  app = await startApp({
    env,
    logger: createLogger("silent"),
    infra: {
      databaseUrl: db.url,
      meiliUrl: host,
      meiliKey: apiKey ?? "",
      sessionSecret: "library-live-secret-0123456789abcdef",
      secureCookies: false,
    },
  });
  for (const [who, id, isCandidate] of [
    ["ge", ge.consultant.id, false],
    ["other", other.consultant.id, false],
    ["lyon", lyon.consultant.id, false],
    ["client", ge.client.id, false],
    ["mia", mia.id, true],
  ] as const)
    cookies[who] = await loginCookie(app.url, await emailOf(id), isCandidate, "Solid-Pass-2026");
  await waitFor(async () => (await found(ge.consultant)).length === 2, { message: "the app indexed the candidates" });
}, 120_000);

afterAll(async () => {
  sockets.forEach((s) => s.close());
  await app?.close();
}, 30_000);

describe("the open results move live", () => {
  it("tells the agencies that may see a candidate who changed (ids only), and no one else", async () => {
    const geSocket = await socketOf("ge");
    const otherSocket = await socketOf("other");
    const lyonSocket = await socketOf("lyon");
    const clientSocket = await socketOf("client");
    const miaSocket = await socketOf("mia");
    // the rooms: staff join their country's library room; a client user and a candidate join none
    const members = async (room: string) => (await app.io!.in(room).fetchSockets()).map((s) => s.id).sort();
    expect(await members("library:CH")).toEqual([geSocket.socket.id, otherSocket.socket.id].sort());
    expect(await members("library:FR")).toEqual([lyonSocket.socket.id]);

    // Noé dealt with Geneva only: Geneva hears of his change, the other Swiss agency does not
    await domain.candidates.saveProfile(noe, {
      type: "SaveCriteria",
      profileId: "main",
      expectedVersion: 0,
      values: { desiredJobs: ["mason"], availability: "immediate" },
    });
    await waitFor(() => geSocket.moved.includes(noe.id), { message: "Noé's move on Geneva's socket" });
    // Mia is visible to every Swiss agency: both hear of it, Lyon does not
    await domain.candidates.saveProfile(mia, {
      type: "SaveCriteria",
      profileId: "main",
      expectedVersion: 0,
      values: { desiredJobs: ["forklift_driver"], availability: "immediate" },
    });
    await waitFor(() => otherSocket.moved.includes(mia.id) && geSocket.moved.includes(mia.id), {
      message: "Mia's move on both Swiss agencies' sockets",
    });
    // Zoé's move reaches Lyon after Mia's (one indexer, in order): by then Lyon has heard of no Swiss candidate
    await domain.candidates.saveProfile(zoe, {
      type: "SaveCriteria",
      profileId: "main",
      expectedVersion: 0,
      values: { desiredJobs: ["forklift_driver"] },
    });
    await waitFor(() => lyonSocket.moved.includes(zoe.id), { message: "Zoé's move on Lyon's socket" });
    expect(lyonSocket.moved).toEqual([zoe.id]);
    expect(otherSocket.moved).not.toContain(noe.id);
    expect(geSocket.moved).not.toContain(zoe.id);
    expect(clientSocket.moved).toEqual([]);
    expect(miaSocket.moved).toEqual([]);
  });
});

describe("a colleague's tag", () => {
  it("reaches the open results of the tagging agency's staff, with the tag on the card; another agency hears nothing", async () => {
    const colleague: Actor = {
      id: await domain.identity.registerUser({
        email: `colleague.${process.pid}@example.test`,
        password: "Solid-Pass-2026",
        firstName: "Colleague",
        lastName: "Live",
        locale: "fr",
        role: "ADMIN_CONSULTANT",
        country: null,
        agencyId: ge.agencyId,
        clientId: null,
        verified: true,
      }),
      role: "ADMIN_CONSULTANT",
      agencyId: ge.agencyId,
      clientId: null,
    };
    const [geSocket, otherSocket, lyonSocket] = await Promise.all(["ge", "other", "lyon"].map(socketOf));
    // Noé dealt with Geneva only: a Geneva colleague tags him while the consultant has the results open
    await domain.candidateFile.addTag(colleague, noe.id, { tag: "Rappeler lundi", colour: "blue" });
    await waitFor(() => geSocket!.moved.includes(noe.id), { message: "the tag's move on Geneva's socket" });
    // what the open page reloads on that message: the card with the colleague's tag
    const res = await fetch(`${app.url}/cv-theque?q=${word}&_data=${encodeURIComponent("routes/_app+/cv-theque")}`, {
      headers: { cookie: cookies.ge! },
    });
    const card = (await res.json()).result.hits.find((h: { id: string }) => h.id === noe.id);
    expect(card.tags).toEqual([expect.objectContaining({ label: "Rappeler lundi", colour: "blue" })]);
    // Mia (visible to every Swiss agency), tagged next, moves after Noé on the one indexer: once the other agency
    // heard of her, it would have heard of Noé before; it did not, nor did Lyon
    await domain.candidateFile.addTag(colleague, mia.id, { tag: "Disponible", colour: "green" });
    await waitFor(() => otherSocket!.moved.includes(mia.id), { message: "Mia's move on the other agency's socket" });
    expect(otherSocket!.moved).not.toContain(noe.id);
    expect(lyonSocket!.moved).toEqual([]);
  });
});

describe("an agency's additions over HTTP", () => {
  it("stay its own in the page's ?_data, and its archived candidates are left out of its list only", async () => {
    await domain.candidateFile.addTag(ge.consultant, mia.id, { tag: "Prioritaire", colour: "green" });
    await domain.candidateFile.addTag(other.consultant, mia.id, { tag: "Confidentiel", colour: "red" });
    await domain.candidateFile.archiveCandidate(other.consultant, mia.id, { reason: "unreachable" });
    const data = async (who: string, query = "") => {
      const res = await fetch(
        `${app.url}/cv-theque?q=${word}${query}&_data=${encodeURIComponent("routes/_app+/cv-theque")}`,
        { headers: { cookie: cookies[who]! } },
      );
      expect(res.status).toBe(200);
      return res.text();
    };
    await waitFor(async () => (await data("ge")).includes("Prioritaire"), { message: "Geneva's tag indexed" });
    const geneva = await data("ge");
    expect(geneva).toContain(mia.id);
    expect(geneva).not.toContain("Confidentiel");
    expect(geneva).not.toContain(other.agencyId);
    await waitFor(async () => !(await data("other")).includes(mia.id), {
      message: "Mia archived for the other agency",
    });
    const theirs = await data("other", "&archived=1");
    expect(theirs).toContain("Confidentiel");
    expect(theirs).not.toContain("Prioritaire");
    expect(theirs).not.toContain(ge.agencyId);
    // Geneva asking for another agency's tag or archive gets nothing of it
    expect(await data("ge", "&tag=confidentiel")).not.toContain(mia.id);
    expect(await data("ge", "&archived=1")).not.toContain(mia.id);
    await domain.candidateFile.restoreCandidate(other.consultant, mia.id);
  });
});

describe("a candidate who hides their profile", () => {
  it("is gone at once from the library of an agency without relation; the agency they dealt with keeps their file", async () => {
    await waitFor(async () => (await found(other.consultant)).includes(mia.id), { message: "Mia restored" });
    expect(await found(other.consultant)).toEqual([mia.id]);
    expect((await found(ge.consultant)).sort()).toEqual([mia.id, noe.id].sort());

    await domain.candidates.saveProfile(mia, {
      type: "SaveLibraryVisibility",
      expectedVersion: 1,
      values: { visibility: "hidden" },
    });
    await domain.candidates.saveProfile(noe, {
      type: "SaveLibraryVisibility",
      expectedVersion: 1,
      values: { visibility: "hidden" },
    });
    await waitFor(async () => (await found(other.consultant)).length === 0, {
      message: "Mia gone for the other agency",
    });
    // hidden is hidden from every library (ADR 0034), the relations' access to the file stays
    await waitFor(async () => (await found(ge.consultant)).length === 0, {
      message: "both gone from Geneva's library",
    });
    expect(await domain.candidateFile.candidateFile(ge.consultant, noe.id)).not.toBeNull();
    expect(await domain.candidateFile.candidateFile(other.consultant, mia.id)).toBeNull();
    expect(await found(lyon.consultant)).toEqual([zoe.id]);
  });
});
