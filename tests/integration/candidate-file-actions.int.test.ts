import { beforeAll, describe, expect, it } from "vitest";
import { AppError, integrationHarness, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";

/**
 * The library's and the file's actions (issue 28, ADR 0038) against the real Postgres: the CSV of
 * a selection, proposing an ad to several candidates, a mail from a reply template, and the
 * deactivation an agency decides for itself.
 */
const { db, domain } = integrationHarness({ clock: "2026-11-27T08:00:00Z" });
const files = new Proxy({} as typeof domain.candidateFile, {
  get: (_, k) => domain.candidateFile[k as keyof typeof domain.candidateFile],
});

let geneva: Awaited<ReturnType<typeof agencyWithPeople>>;
let lyon: Awaited<ReturnType<typeof agencyWithPeople>>;
const admin: Actor = {
  id: "00000000-0000-4000-8000-000000000001",
  role: "PLATFORM_ADMIN",
  agencyId: null,
  clientId: null,
};
const FOREIGN = "00000000-0000-4000-8000-00000000dead";
let seq = 0;

async function candidate(lastName: string, firstName = `Zoé${++seq}`): Promise<Actor & { email: string }> {
  const email = `act${++seq}.${process.pid}@example.test`;
  const id = await domain.identity.registerUser({
    email,
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
  return { id, role: "CANDIDATE", agencyId: null, clientId: null, email };
}
const ad = (to: typeof geneva) =>
  domain.missions.createAd(to.consultant, { fields: sampleAdFields({ questions: [] }), publish: true });
const apply = (who: Actor, adId: number) =>
  domain.applications.apply(who, { adId, source: "S01", answers: [], message: "", cv: { kind: "registered" } });
const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : Promise.reject(e)),
  );
const proposal = (adId: number, candidateIds: string[]) => ({
  adId,
  mode: "first" as const,
  places: 1,
  expiresAt: new Date("2026-12-04T23:59:59Z"),
  candidateIds,
});
const en = (key: string) => `[${key.split(".").pop()}]`;
/** The CSV as text, its rows split (";" in French); the BOM checked apart. */
async function csvOf(actor: Actor, ids: string[], lng = "fr") {
  const { bytes } = await files.exportCandidates(actor, ids, en, lng);
  const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
  return { bom: text.charCodeAt(0) === 0xfeff, rows: text.slice(1).trimEnd().split("\r\n") };
}

let dealt: Actor & { email: string };
let byCountry: Actor & { email: string };
let genevaAd: number;

beforeAll(async () => {
  geneva = await agencyWithPeople(domain);
  lyon = await agencyWithPeople(domain, "FR");
  genevaAd = await ad(geneva);
  // applied to Geneva: Geneva may contact them; a name Excel would run as a formula
  dealt = await candidate("=HYPERLINK(1)", "Anna");
  await domain.candidates.saveProfile(dealt, {
    type: "SaveIdentity",
    expectedVersion: 0,
    country: "CH",
    values: { firstName: "Anna", phone: "079 123 45 67", workPermit: "PERMIS_B" },
  });
  await apply(dealt, await ad(geneva));
  // visible to every Swiss agency by their choice: no contact details
  byCountry = await candidate("Pays", "Paul");
  await domain.candidates.saveProfile(byCountry, {
    type: "SaveIdentity",
    expectedVersion: 0,
    country: "CH",
    values: { firstName: "Paul", phone: "079 765 43 21" },
  });
  await domain.candidates.saveProfile(byCountry, {
    type: "SaveLibraryVisibility",
    expectedVersion: 0,
    values: { visibility: "country" },
  });
});

describe("CSV export of a selection", () => {
  it("has the translated columns, contact details only where the agency may contact, formulas quoted", async () => {
    const { bom, rows } = await csvOf(geneva.consultant, [dealt.id, byCountry.id]);
    expect(bom).toBe(true);
    expect(rows[0]).toBe(
      "[name];[place];[desiredJobs];[availability];[contract];[permit];[languages];[lastActivity];[email];[phone];[link]",
    );
    expect(rows).toHaveLength(3);
    const [anna, paul] = [rows[1]!.split(";"), rows[2]!.split(";")];
    expect(anna[0]).toBe("Anna =HYPERLINK(1)");
    expect(anna[8]).toBe(dealt.email);
    expect(anna[9]).toBe("'+41791234567");
    expect(anna[10]).toMatch(new RegExp(`/cv-theque/${dealt.id}$`));
    expect(paul[0]).toBe("Paul Pays");
    expect(paul.slice(8, 10)).toEqual(["", ""]);
    expect(rows.join("\n")).not.toContain(byCountry.email);
    // English: commas between fields
    expect((await csvOf(geneva.consultant, [dealt.id], "en")).rows[0]).toMatch(/^\[name\],\[place\],/);
  });

  it("a cell starting with = + - @ is quoted so Excel never runs it", async () => {
    const formula = await candidate("Nom", "=cmd|' /C calc'!A0");
    await apply(formula, genevaAd);
    const { rows } = await csvOf(geneva.consultant, [formula.id]);
    // csv-stringify quotes the cell (it holds a quote); the text itself starts with the guard
    expect(rows[1]!.split(";")[0]).toMatch(/^"?'=cmd/);
  });

  it("leaves out what the agency may not see; nothing left, or not agency staff, is refused", async () => {
    // Lyon is French: neither Geneva's applicant nor a Swiss candidate visible by country
    expect(await keyOf(csvOf(lyon.consultant, [dealt.id, byCountry.id, FOREIGN]))).toBe("errors.notFound");
    expect(await keyOf(csvOf(geneva.consultant, [FOREIGN]))).toBe("errors.notFound");
    // Geneva's selection with Lyon's candidate in it: that row is left out
    const lyonOnly = await candidate("Lyonnais");
    await apply(lyonOnly, await ad(lyon));
    const mixed = await csvOf(geneva.consultant, [dealt.id, lyonOnly.id]);
    expect(mixed.rows).toHaveLength(2);
    expect(mixed.rows.join("\n")).not.toContain("Lyonnais");
    for (const actor of [geneva.manager, geneva.client, dealt, admin])
      expect(await keyOf(csvOf(actor, [dealt.id]))).toBe("not_authorized");
  });
});

describe("propose an ad to several candidates", () => {
  it("proposes to those it may, and tells each other one why not", async () => {
    const adId = await ad(geneva);
    const fresh = await candidate("Frais");
    await apply(fresh, genevaAd);
    const appliedHere = await candidate("Postulant");
    await apply(appliedHere, adId);
    const off = await candidate("Coupé");
    await apply(off, genevaAd);
    await files.deactivateCandidate(geneva.consultant, off.id, { reason: "no_show" });

    const first = await files.proposeToCandidates(
      geneva.consultant,
      proposal(adId, [fresh.id, byCountry.id, appliedHere.id, off.id, FOREIGN]),
    );
    expect(first.proposalId).toEqual(expect.any(String));
    expect(Object.fromEntries(first.outcomes.map((o) => [o.candidateId, o.outcome]))).toEqual({
      [fresh.id]: "proposed",
      [byCountry.id]: "proposed",
      [appliedHere.id]: "already_applied",
      [off.id]: "deactivated",
      [FOREIGN]: "not_found",
    });
    const [made] = await db.sql<{ ids: string[] }[]>`
      select array_agg(candidate_id::text order by candidate_id) as ids from rm_proposal_candidates where proposal_id = ${first.proposalId}`;
    expect(made!.ids).toEqual([fresh.id, byCountry.id].sort());

    // again: already proposed, and no empty proposal is made
    const again = await files.proposeToCandidates(geneva.consultant, proposal(adId, [fresh.id]));
    expect(again).toEqual({ proposalId: null, outcomes: [{ candidateId: fresh.id, outcome: "already_proposed" }] });
  });

  it("only the agency's own online ads, only by its staff", async () => {
    const lyonAd = await ad(lyon);
    expect(await keyOf(files.proposeToCandidates(geneva.consultant, proposal(lyonAd, [dealt.id])))).toBe(
      "announcement_not_found",
    );
    for (const actor of [geneva.client, geneva.manager, dealt, admin])
      expect(await keyOf(files.proposeToCandidates(actor, proposal(genevaAd, [dealt.id])))).toBe("not_authorized");
    // Lyon proposing Geneva's applicant: not found for Lyon
    const lyonSide = await files.proposeToCandidates(lyon.consultant, proposal(lyonAd, [dealt.id]));
    expect(lyonSide).toEqual({ proposalId: null, outcomes: [{ candidateId: dealt.id, outcome: "not_found" }] });
  });
});

describe("a mail from a reply template, from the file", () => {
  it("fills the placeholders, queues the mail and puts it on the file's timeline", async () => {
    const templateId = await domain.applications.createTemplate(geneva.consultant, {
      name: "Rappel",
      purpose: "interview",
      language: "fr",
      subject: "Bonjour {{candidate}}",
      body: "{{agency}} vous attend pour {{ad}}. {{consultant}}",
    });
    const { subject } = await files.mailFromTemplate(geneva.consultant, dealt.id, templateId);
    expect(subject).toBe(`Bonjour Anna =HYPERLINK(1)`);
    const [mail] = await db.sql<{ template: string; params: Record<string, string> }[]>`
      select template, params from mail_outbox where recipient = ${dealt.email} order by created_at desc limit 1`;
    expect(mail).toMatchObject({ template: "customEmail", params: { subject: "Bonjour Anna =HYPERLINK(1)" } });
    expect(mail!.params.body).toMatch(/^Agence \w+ vous attend pour .+\. ADMIN_CONSULTANT \w+$/);
    const file = await files.candidateFile(geneva.consultant, dealt.id);
    expect(file!.timeline.map((e) => e.type)).toContain("CandidateMailSent");
  });

  it("refuses where the agency may not contact, another agency's template, and anyone but its staff", async () => {
    const templateId = await domain.applications.createTemplate(geneva.consultant, {
      name: "Contact",
      purpose: "custom",
      language: "fr",
      subject: "Bonjour",
      body: "Texte",
    });
    const sent = async () => Number((await db.sql`select count(*) as n from mail_outbox`)[0]!.n);
    const before = await sent();
    expect(await keyOf(files.mailFromTemplate(geneva.consultant, byCountry.id, templateId))).toBe("errors.noContact");
    const lyonTemplate = await domain.applications.createTemplate(lyon.consultant, {
      name: "Lyon",
      purpose: "custom",
      language: "fr",
      subject: "Bonjour",
      body: "Texte",
    });
    expect(await keyOf(files.mailFromTemplate(geneva.consultant, dealt.id, lyonTemplate))).toBe("templates.not_found");
    for (const actor of [lyon.consultant, geneva.client, geneva.manager, dealt, admin])
      expect(await keyOf(files.mailFromTemplate(actor, dealt.id, templateId))).toBe("errors.notFound");
    expect(await keyOf(files.mailFromTemplate(geneva.consultant, FOREIGN, templateId))).toBe("errors.notFound");
    expect(await sent()).toBe(before);
  });
});

describe("deactivated for one agency", () => {
  it("cannot apply to that agency's ads, still to another's; reactivated, applies again", async () => {
    const who = await candidate("Désactivé");
    const applicationId = await apply(who, genevaAd);
    const lyonAd = await ad(lyon);
    await files.deactivateCandidate(geneva.consultant, who.id, { reason: "other", text: "Absent deux fois" });
    const file = await files.candidateFile(geneva.consultant, who.id);
    expect(file!.deactivation).toMatchObject({ reason: "other", text: "Absent deux fois" });
    expect(await keyOf(apply(who, await ad(geneva)))).toBe("account_disabled_cannot_apply");
    // nor proposed a mission, from their application's page either
    const fromApplication = domain.placements.proposeFromApplication(geneva.consultant, applicationId, {
      adId: genevaAd,
      mode: "first",
      places: 1,
      expiresAt: new Date("2026-12-04T23:59:59Z"),
    });
    expect(await keyOf(fromApplication)).toBe("proposal_candidate_deactivated");
    // Lyon is not told and not affected
    await apply(who, lyonAd);
    const lyonFile = await files.candidateFile(lyon.consultant, who.id);
    expect(lyonFile!.deactivation).toBeNull();
    expect(lyonFile!.timeline.map((e) => e.type)).not.toContain("CandidateDeactivated");
    const list = await files.candidateList(geneva.consultant, {
      name: "Désactivé",
      email: "",
      phone: "",
      place: "",
      status: "deactivated",
      sort: "activity",
      dir: "desc",
      page: 1,
    });
    expect(list.rows.map((r) => [r.id, r.deactivated])).toEqual([[who.id, true]]);

    await files.reactivateCandidate(geneva.consultant, who.id, { reason: "resolved" });
    await apply(who, await ad(geneva));
    const types = (await files.candidateFile(geneva.consultant, who.id))!.timeline.map((e) => e.type);
    expect(types).toEqual(expect.arrayContaining(["CandidateDeactivated", "CandidateReactivated"]));
  });

  it("only the agency's staff deactivate or reactivate, never for a foreign id", async () => {
    for (const actor of [lyon.consultant, geneva.client, geneva.manager, dealt, admin]) {
      expect(await keyOf(files.deactivateCandidate(actor, dealt.id, { reason: "behaviour" }))).toBe("errors.notFound");
      expect(await keyOf(files.reactivateCandidate(actor, dealt.id, { reason: "resolved" }))).toBe("errors.notFound");
    }
    expect(await keyOf(files.deactivateCandidate(geneva.consultant, FOREIGN, { reason: "behaviour" }))).toBe(
      "errors.notFound",
    );
    expect(await keyOf(files.reactivateCandidate(geneva.consultant, dealt.id, { reason: "resolved" }))).toBe(
      "errors.notDeactivated",
    );
  });
});
