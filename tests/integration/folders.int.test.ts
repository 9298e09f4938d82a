import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appHarness, type LivePayload } from "../support/harness";
import { loginCookie } from "../support/test-app";

/**
 * Favourite folders over HTTP and sockets (issue 29), on the demo data: a private folder is its
 * owner's, a shared one its agency's staff's, nobody else's (another agency, a client user, a
 * candidate, a foreign id: 404 or not-authorized, from loaders and actions alike); a folder holds
 * only candidates the agency may see; its events reach the owner's room (private) or the agency's
 * room (shared), never a candidate's or another agency's; its CSV gives contact details only where
 * the access rule does.
 */
const app = appHarness();
const sockets: Socket[] = [];
afterAll(() => sockets.forEach((s) => s.close()));
const cookies: Record<string, string> = {};
const FOREIGN = "00000000-0000-4000-8000-00000000dead";
const LIST = encodeURIComponent("routes/_app+/mes-dossiers");
const PAGE = encodeURIComponent("routes/_app+/mes-dossiers_.$id");
let geCandidates: { id: string; email: string }[];
let lyonOnly: string;

const get = (path: string, who?: string) =>
  fetch(`${app.url}${path}`, { redirect: "manual", headers: who ? { cookie: cookies[who]! } : {} });
const send = (path: string, who: string, body: Record<string, string | string[]>) => {
  const form = new URLSearchParams();
  for (const [k, v] of Object.entries(body)) for (const one of [v].flat()) form.append(k, one);
  return fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookies[who]! },
    body: form,
  });
};
const onList = (who: string, body: Record<string, string>) => send(`/mes-dossiers?_data=${LIST}`, who, body);
const onFolder = (id: string, who: string, body: Record<string, string | string[]>) =>
  send(`/mes-dossiers/${id}?_data=${PAGE}`, who, body);
const folderData = async (id: string, who = "ge") =>
  (await (await get(`/mes-dossiers/${id}?_data=${PAGE}`, who)).json()).folder;

async function create(who: string, name: string, visibility: "private" | "agency") {
  const res = await onList(who, { intent: "create", name, description: "", visibility });
  const to = res.headers.get("x-remix-redirect");
  expect(to).toMatch(/^\/mes-dossiers\/[0-9a-f-]{36}$/);
  return to!.split("/").pop()!;
}

const socketAs = async (who: string) => {
  const socket = connect(app.url, {
    transports: ["websocket"],
    reconnection: false,
    forceNew: true,
    extraHeaders: { cookie: cookies[who]! },
  });
  sockets.push(socket);
  await new Promise<void>(
    (resolve, reject) => (socket.once("connect", () => resolve()), socket.once("connect_error", reject)),
  );
  const heard: LivePayload[] = [];
  socket.on("live", (e: LivePayload) => heard.push(e));
  const until = (match: (e: LivePayload) => boolean) =>
    new Promise<void>((resolve) => {
      if (heard.some(match)) return resolve();
      socket.on("live", (e: LivePayload) => match(e) && resolve());
    });
  return { heard, until };
};

beforeAll(async () => {
  const accounts = {
    ge: ["consultant.ge@demo.test", false],
    ge2: ["consultant.ge2@demo.test", false],
    lyon: ["consultant.lyon@demo.test", false],
    client: ["client@demo.test", false],
    candidate: ["candidate@demo.test", true],
  } as const;
  for (const [who, [email, isCandidate]] of Object.entries(accounts))
    cookies[who] = await loginCookie(app.url, email, isCandidate);
  // candidates who applied to Geneva (Geneva sees their contact details)
  geCandidates = await app.db.sql<{ id: string; email: string }[]>`
    select distinct on (u.id) u.id, u.email from rm_applications a join rm_users u on u.id = a.candidate_id and u.enabled
    join rm_users c on c.agency_id = a.agency_id and c.email = 'consultant.ge@demo.test'
    where a.withdrawn_at is null order by u.id limit 3`;
  expect(geCandidates.length).toBe(3);
  // a candidate who dealt with Lyon only and is not visible to every agency of a country
  const [row] = await app.db.sql<{ id: string }[]>`
    select a.candidate_id as id from rm_applications a join rm_users l on l.agency_id = a.agency_id and l.email = 'consultant.lyon@demo.test'
    left join rm_profiles p on p.user_id = a.candidate_id
    where coalesce(p.library_visibility, 'relations') = 'relations' and not exists (
      select 1 from rm_applications b join rm_users g on g.agency_id = b.agency_id and g.email = 'consultant.ge@demo.test'
      where b.candidate_id = a.candidate_id)
    limit 1`;
  lyonOnly = row!.id;
}, 90_000);

describe("/mes-dossiers", () => {
  it("a private folder is its owner's only: 404 for a colleague, another agency and foreign ids; others not authorized", async () => {
    const id = await create("ge", "Caristes privés", "private");
    expect((await get(`/mes-dossiers/${id}`, "ge")).status).toBe(200);
    for (const who of ["ge2", "lyon"]) {
      expect((await get(`/mes-dossiers/${id}?_data=${PAGE}`, who)).status, who).toBe(404);
      expect((await get(`/mes-dossiers/${id}/csv`, who)).status, who).toBe(404);
      expect((await onFolder(id, who, { intent: "add", candidateId: geCandidates[0]!.id })).status, who).toBe(404);
      expect((await onFolder(id, who, { intent: "delete" })).status, who).toBe(404);
    }
    expect((await get(`/mes-dossiers/${FOREIGN}`, "ge")).status).toBe(404);
    expect((await get(`/mes-dossiers/not-a-uuid`, "ge")).status).toBe(404);
    for (const who of ["client", "candidate"]) {
      const res = await get(`/mes-dossiers/${id}?_data=${PAGE}`, who);
      expect(res.headers.get("x-remix-redirect"), who).toBe("/not-authorized");
      const add = await onFolder(id, who, { intent: "add", candidateId: geCandidates[0]!.id });
      expect(add.headers.get("x-remix-redirect"), who).toBe("/not-authorized");
    }
    expect((await get(`/mes-dossiers/${id}`)).headers.get("location")).toMatch(/^\/login/);
    const geList = await (await get(`/mes-dossiers?_data=${LIST}`, "ge")).json();
    const ge2List = await (await get(`/mes-dossiers?_data=${LIST}`, "ge2")).json();
    expect(geList.folders.map((f: { id: string }) => f.id)).toContain(id);
    expect(ge2List.folders.map((f: { id: string }) => f.id)).not.toContain(id);
    // bad input: the message on its field, the input kept
    const bad = await onList("ge", {
      intent: "create",
      name: " ",
      description: "x".repeat(501),
      visibility: "private",
    });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({
      result: { error: { name: ["errors.nameRequired"], description: ["errors.descriptionTooLong"] } },
    });
  });

  it("private events reach the owner's room only; shared ones the agency's, never a candidate's nor Lyon's", async () => {
    const [ge, ge2, lyon, candidate] = await Promise.all(["ge", "ge2", "lyon", "candidate"].map(socketAs));
    const id = await create("ge", "Privé puis partagé", "private");
    const stream = `folder-${id}`;
    expect((await onFolder(id, "ge", { intent: "add", candidateId: geCandidates[0]!.id })).status).toBe(200);
    await ge!.until((e) => e.streamId === stream && e.type === "FolderCandidatesAdded");
    // the folder as a library search: its candidate for the owner, nobody for a colleague it is hidden from
    const library = async (who: string) =>
      (await (await get(`/cv-theque?folder=${id}&_data=${encodeURIComponent("routes/_app+/cv-theque")}`, who)).json())
        .result;
    await expect
      .poll(async () => (await library("ge")).hits.map((h: { id: string }) => h.id), { timeout: 20_000 })
      .toEqual([geCandidates[0]!.id]);
    expect((await library("ge2")).total).toBe(0);
    expect((await onFolder(id, "ge", { intent: "visibility", visibility: "agency" })).status).toBe(200);
    expect((await onFolder(id, "ge2", { intent: "add", candidateId: geCandidates[1]!.id })).status).toBe(200);
    await ge2!.until((e) => e.streamId === stream && e.type === "FolderCandidatesAdded");
    await ge!.until((e) => e.streamId === stream && e.type === "FolderVisibilityChanged");
    // the relay sends in order: once ge2 heard the shared addition, the private one had gone out
    expect(ge2!.heard.filter((e) => e.streamId === stream).map((e) => e.type)).toEqual([
      "FolderVisibilityChanged",
      "FolderCandidatesAdded",
    ]);
    expect(lyon!.heard.filter((e) => e.streamId === stream)).toEqual([]);
    expect(candidate!.heard.filter((e) => e.streamId === stream)).toEqual([]);
    const folder = await folderData(id, "ge2");
    expect(folder.members.map((m: { id: string; addedByName: string }) => m.id)).toEqual([
      geCandidates[0]!.id,
      geCandidates[1]!.id,
    ]);
    expect(folder.manage).toBe(false);
  });

  it("a shared folder: colleagues add, move and remove; only the owner renames, shares and deletes; invisible candidates refused", async () => {
    const id = await create("ge", "Grutiers", "agency");
    const [a, b, c] = geCandidates.map((x) => x.id);
    // the library's bulk selection: candidateId repeated
    expect((await onFolder(id, "ge2", { intent: "add", candidateId: [a!, b!, c!] })).status).toBe(200);
    const again = await onFolder(id, "ge2", { intent: "add", candidateId: a! });
    expect(await again.json()).toMatchObject({ result: { error: { candidateId: ["errors.alreadyInFolder"] } } });
    for (const invisible of [lyonOnly, FOREIGN]) {
      const refused = await onFolder(id, "ge", { intent: "add", candidateId: [invisible, a!] });
      expect(refused.status).toBe(404);
      expect(await refused.json()).toMatchObject({ result: { error: { candidateId: ["errors.candidateNotFound"] } } });
    }
    expect((await onFolder(id, "ge2", { intent: "move", candidateId: c!, position: "0" })).status).toBe(200);
    expect((await folderData(id)).members.map((m: { id: string }) => m.id)).toEqual([c, a, b]);
    expect((await onFolder(id, "ge2", { intent: "remove", candidateId: a! })).status).toBe(200);
    expect((await folderData(id)).members.map((m: { id: string }) => m.id)).toEqual([c, b]);

    const rename = await onFolder(id, "ge2", { intent: "edit", name: "Renommé", description: "" });
    expect(rename.status).toBe(403);
    expect(await rename.json()).toMatchObject({ result: { error: { "": ["errors.ownerOnly"] } } });
    expect((await onFolder(id, "ge2", { intent: "delete" })).status).toBe(403);
    expect((await onFolder(id, "ge", { intent: "edit", name: "Grutiers CH", description: "Vaud" })).status).toBe(200);
    expect(await folderData(id, "ge2")).toMatchObject({ name: "Grutiers CH", description: "Vaud", manage: false });
    // the candidate's file lists the folder for both colleagues
    const file = await (
      await get(`/cv-theque/${c}?_data=${encodeURIComponent("routes/_app+/cv-theque_.$id")}`, "ge2")
    ).json();
    expect(file.folders.map((f: { id: string }) => f.id)).toContain(id);
    // the add page: only a candidate the agency sees
    expect((await get(`/mes-dossiers/ajouter?candidat=${c}`, "ge2")).status).toBe(200);
    expect((await get(`/mes-dossiers/ajouter?candidat=${lyonOnly}`, "ge2")).status).toBe(404);
    // from that page, the add sends the person back where they were
    const back = await send(`/mes-dossiers/${id}`, "ge", { intent: "add", candidateId: a!, back: "/cv-theque?q=x" });
    expect(back.headers.get("location")).toBe(`/cv-theque?q=x&ajoute=${id}&candidat=${a}`);
    const offSite = await send(`/mes-dossiers/${id}`, "ge", { intent: "remove", candidateId: a!, back: "//evil.test" });
    expect(offSite.status).toBe(200);
  });

  it("the library's selection into a folder: counts added and already there; foreign folders and invisible candidates refused", async () => {
    const ADD = encodeURIComponent("routes/_app+/mes-dossiers_.ajouter");
    const [a, b, c] = geCandidates.map((x) => x.id);
    const page = (who: string, query: string) => get(`/mes-dossiers/ajouter?${query}&_data=${ADD}`, who);
    const post = (who: string, body: Record<string, string | string[]>) =>
      send(`/mes-dossiers/ajouter?_data=${ADD}`, who, body);
    const shared = await create("ge", "Sélection", "agency");
    const mine = await create("ge", "Sélection privée", "private");
    // the page: the selection's names (or the page's ids with "all"), the folders it may add to
    const read = await (await page("ge2", `id=${a}&id=${b}&retour=${encodeURIComponent("/cv-theque?q=x")}`)).json();
    expect(read).toMatchObject({ mode: "selection", back: "/cv-theque?q=x" });
    expect(read.candidates.map((x: { id: string }) => x.id)).toEqual([a, b]);
    const pickable = read.pickable.map((f: { id: string }) => f.id);
    expect(pickable).toContain(shared);
    expect(pickable).not.toContain(mine);
    expect((await (await page("ge2", `all=1&pageId=${c}&id=${a}`)).json()).candidates).toEqual([
      expect.objectContaining({ id: c }),
    ]);
    expect((await page("ge2", `id=${a}&id=${lyonOnly}`)).status).toBe(404);
    expect((await page("ge2", `id=${FOREIGN}`)).status).toBe(404);
    expect((await page("ge2", `id=not-a-uuid`)).status).toBe(404);
    const none = await get(`/mes-dossiers/ajouter?retour=${encodeURIComponent("/cv-theque?q=x")}`, "ge2");
    expect(none.headers.get("location")).toBe("/cv-theque?q=x&bulk=empty");
    // add: how many went in, how many were there already (all there: a report, not a refusal)
    const add = async (ids: string[]) => {
      const res = await post("ge2", { intent: "add", folderId: shared, candidateId: ids });
      expect(res.status).toBe(200);
      return (await res.json()).outcome;
    };
    expect(await add([a!, b!])).toEqual({ folderId: shared, name: "Sélection", added: 2, already: 0 });
    expect(await add([a!, b!, c!])).toMatchObject({ added: 1, already: 2 });
    expect(await add([c!, a!])).toMatchObject({ added: 0, already: 2 });
    expect((await folderData(shared)).members.map((m: { id: string }) => m.id)).toEqual([a, b, c]);
    // a folder it may not see (a colleague's private one, another agency's, a foreign id) is not found
    expect((await post("ge2", { intent: "add", folderId: mine, candidateId: [a!] })).status).toBe(404);
    expect((await post("ge2", { intent: "add", folderId: FOREIGN, candidateId: [a!] })).status).toBe(404);
    expect((await post("lyon", { intent: "add", folderId: shared, candidateId: [lyonOnly] })).status).toBe(404);
    // one candidate it may not see refuses the whole selection, and nothing is written
    expect((await post("ge", { intent: "add", folderId: mine, candidateId: [a!, lyonOnly] })).status).toBe(404);
    expect((await post("ge", { intent: "create", name: "Jamais", candidateId: [lyonOnly] })).status).toBe(404);
    expect((await folderData(mine)).members).toEqual([]);
    const client = await post("client", { intent: "add", folderId: shared, candidateId: [a!] });
    expect(client.headers.get("x-remix-redirect")).toBe("/not-authorized");
    // a new folder with the selection opens on its page; a bad name stays on its field
    const bad = await post("ge", { intent: "create", name: " ", visibility: "agency", candidateId: [a!, b!] });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toMatchObject({ result: { error: { name: ["errors.nameRequired"] } } });
    const made = await post("ge", { intent: "create", name: "Nouveau", visibility: "agency", candidateId: [b!, c!] });
    const to = made.headers.get("x-remix-redirect");
    expect(to).toMatch(/^\/mes-dossiers\/[0-9a-f-]{36}$/);
    expect((await folderData(to!.split("/").pop()!, "ge2")).members.map((m: { id: string }) => m.id)).toEqual([b, c]);
  });

  it("delete, then undo: gone for everyone, restorable by its owner only", async () => {
    const id = await create("ge", "À supprimer", "agency");
    const del = await onFolder(id, "ge", { intent: "delete" });
    expect(del.headers.get("x-remix-redirect")).toBe(`/mes-dossiers?supprime=${id}`);
    expect((await get(`/mes-dossiers/${id}?_data=${PAGE}`, "ge")).status).toBe(404);
    expect((await get(`/mes-dossiers/${id}?_data=${PAGE}`, "ge2")).status).toBe(404);
    const list = await (await get(`/mes-dossiers?supprime=${id}&_data=${LIST}`, "ge")).json();
    expect(list.justDeleted).toMatchObject({ id, name: "À supprimer" });
    expect((await onList("ge2", { intent: "restore", folderId: id })).status).toBe(404);
    expect((await onList("lyon", { intent: "restore", folderId: id })).status).toBe(404);
    expect((await onList("ge", { intent: "restore", folderId: id })).headers.get("x-remix-redirect")).toBe(
      `/mes-dossiers/${id}`,
    );
    expect((await get(`/mes-dossiers/${id}?_data=${PAGE}`, "ge2")).status).toBe(200);
  });

  it("exports a folder as CSV: BOM, translated headers, contact details where the rule gives them", async () => {
    const id = await create("ge", "Export", "private");
    expect((await onFolder(id, "ge", { intent: "add", candidateId: geCandidates[0]!.id })).status).toBe(200);
    const res = await fetch(`${app.url}/mes-dossiers/${id}/csv`, {
      headers: { cookie: cookies.ge!, "accept-language": "fr" },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    expect(text.split("\r\n")[0]).toMatch(/;E-mail;/);
    expect(text).toContain(geCandidates[0]!.email);
    expect((await get(`/mes-dossiers/${id}/csv`, "ge2")).status).toBe(404);
    expect((await get(`/mes-dossiers/${FOREIGN}/csv`, "ge")).status).toBe(404);
  });
});
