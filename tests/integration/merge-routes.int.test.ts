import { beforeAll, describe, expect, it } from "vitest";
import { appHarness, createDomain } from "../support/harness";
import { pdfBytes } from "../support/documents";
import { sampleAdFields } from "../support/missions";
import { loginCookie } from "../support/test-app";

/**
 * The merge's routes over HTTP (issue 28, ADR 0039), on the demo data's duplicate pair (Inès Rossi
 * twice, both dealing with Geneva only): the comparison, the merge and the undo answer Geneva's staff;
 * another agency gets 404 (foreign ids too), client users and candidates /not-authorized; once the
 * records deal with another agency too, only the platform's admins merge and undo.
 */
const app = appHarness({}, 240_000);
const cookies: Record<string, string> = {};
let pair: { first: string; second: string };
const COMPARE = encodeURIComponent("routes/_app+/cv-theque_.doublons_.fusion");
const UNDO = encodeURIComponent("routes/_app+/cv-theque_.doublons_.fusion_.$id");

const get = (path: string, who: string) =>
  fetch(`${app.url}${path}`, { redirect: "manual", headers: { cookie: cookies[who]! } });
const post = (path: string, who: string, body: Record<string, string> = {}) =>
  fetch(`${app.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers: { cookie: cookies[who]! },
    body: new URLSearchParams(body),
  });
const comparison = (who: string, p = pair) =>
  get(`/cv-theque/doublons/fusion?first=${p.first}&second=${p.second}&_data=${COMPARE}`, who);
const merge = (who: string, p = pair) =>
  post(`/cv-theque/doublons/fusion?_data=${COMPARE}`, who, {
    firstId: p.first,
    secondId: p.second,
    survivor: "first",
    confirm: "yes",
  });
const undoPage = (who: string) => get(`/cv-theque/doublons/fusion/${pair.second}?_data=${UNDO}`, who);
const undo = (who: string) => post(`/cv-theque/doublons/fusion/${pair.second}?_data=${UNDO}`, who);
/** 404, or where the route sent the person (a redirect answers 204 and its location to a `_data` request) */
const outcome = (res: Response) => res.headers.get("x-remix-redirect") ?? String(res.status);
const merges = async () => (await app.db.sql`select merged_id::text, undone_at from rm_candidate_merges`).length;

beforeAll(async () => {
  const accounts = {
    ge: ["consultant.ge@demo.test", false],
    lyon: ["consultant.lyon@demo.test", false],
    client: ["client@demo.test", false],
    manager: ["manager@demo.test", false],
    candidate: ["candidate@demo.test", true],
    ines: ["ines.rossi@demo.test", true],
    admin: ["admin@demo.test", false],
  } as const;
  for (const [who, [email, isCandidate]] of Object.entries(accounts))
    cookies[who] = await loginCookie(app.url, email, isCandidate);
  const rows = await app.db.sql<{ id: string }[]>`
    select id::text from rm_users where email in ('ines.rossi@demo.test', 'ines.rossi.ge@demo.test') order by id`;
  pair = { first: rows[0]!.id, second: rows[1]!.id };
}, 90_000);

describe("the merge routes", () => {
  it("compare, merge and undo for the agency whose pair it is, and for nobody else", async () => {
    expect((await comparison("ge")).status).toBe(200);
    expect((await comparison("admin")).status).toBe(200);
    expect((await comparison("lyon")).status).toBe(404);
    for (const who of ["client", "manager", "candidate", "ines"])
      expect(outcome(await comparison(who)), who).toBe("/not-authorized");
    // foreign and malformed ids: not found
    const foreign = { first: pair.first, second: "00000000-0000-4000-8000-00000000dead" };
    expect((await comparison("ge", foreign)).status).toBe(404);
    expect((await comparison("ge", { first: "x", second: pair.second })).status).toBe(404);
    expect((await merge("ge", foreign)).status).toBe(404);

    // nobody else merges it, and a refused merge leaves nothing behind
    expect((await merge("lyon")).status).toBe(404);
    for (const who of ["client", "manager", "ines"]) expect(outcome(await merge(who)), who).toBe("/not-authorized");
    expect(await merges()).toBe(0);
    // no confirmation: told on the field, nothing merged
    const unconfirmed = await post(`/cv-theque/doublons/fusion?_data=${COMPARE}`, "ge", {
      firstId: pair.first,
      secondId: pair.second,
      survivor: "first",
    });
    expect(unconfirmed.status).toBe(400);
    expect(await unconfirmed.json()).toMatchObject({ error: "merge.errors.confirm", field: "confirm" });
    expect(await merges()).toBe(0);

    expect(outcome(await merge("ge"))).toBe(`/cv-theque/doublons/fusion/${pair.second}`);
    // the undo page: Geneva and the platform; Lyon and unknown merges not found; others not authorized
    expect((await undoPage("ge")).status).toBe(200);
    expect((await undoPage("admin")).status).toBe(200);
    expect((await undoPage("lyon")).status).toBe(404);
    expect((await get(`/cv-theque/doublons/fusion/${pair.first}?_data=${UNDO}`, "ge")).status).toBe(404);
    for (const who of ["client", "candidate"]) expect(outcome(await undoPage(who)), who).toBe("/not-authorized");
    expect((await undo("lyon")).status).toBe(404);
    expect(outcome(await undo("client"))).toBe("/not-authorized");
    expect(outcome(await undo("ge"))).toBe("/cv-theque/doublons?undone=1");
    expect((await undo("ge")).status).toBe(404);
  });

  it("leaves to the platform's admins a pair whose records deal with another agency too", async () => {
    // the second record applies to a Lyon ad: Geneva still lists the pair but may not rewrite Lyon's data
    const domain = createDomain(app.db.sql);
    const lyon = (await domain.identity.credentialsByEmail("consultant.lyon@demo.test"))!;
    const adId = await domain.missions.createAd(
      { id: lyon.id, role: lyon.role, agencyId: lyon.agencyId, clientId: lyon.clientId },
      { fields: sampleAdFields({ questions: [], country: "FR" }), publish: true },
    );
    const second = { id: pair.second, role: "CANDIDATE" as const, agencyId: null, clientId: null };
    await domain.applications.apply(second, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: pdfBytes() },
    });

    const refused = await comparison("ge");
    expect(refused.status).toBe(200);
    expect(await refused.json()).toMatchObject({ comparison: null, refusal: "merge.errors.needsAdmin" });
    const byGeneva = await merge("ge");
    expect(byGeneva.status).toBe(403);
    expect(await byGeneva.json()).toMatchObject({ error: "merge.errors.needsAdmin" });
    expect((await merge("lyon")).status).toBe(404);

    expect(outcome(await merge("admin"))).toBe(`/cv-theque/doublons/fusion/${pair.second}`);
    // a platform merge is the platform's to undo: Geneva and Lyon are told nothing exists
    for (const who of ["ge", "lyon"]) {
      expect((await undoPage(who)).status, who).toBe(404);
      expect((await undo(who)).status, who).toBe(404);
    }
    expect(outcome(await undo("admin"))).toBe("/cv-theque/doublons?undone=1");
  });
});
