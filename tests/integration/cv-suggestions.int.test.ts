import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, createStorage, integrationHarness, type Actor } from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { DEV_FR } from "../fixtures/cv/outside";

/** Accepting CV suggestions into the profile (issue 11), and the agency's read-only view of a candidate's profile. */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-cv-suggestions-"));
const { db, domain } = integrationHarness({ domain: { storage: createStorage(dataDir) } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sample = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/cv", name)));
let n = 0;
async function candidate(firstName = "Marie", lastName = "Dupont"): Promise<Actor> {
  const id = await domain.identity.registerUser({
    email: `cvs.${++n}.${Date.now()}@example.test`,
    password: "Solid-Pass-2026",
    firstName,
    lastName,
    locale: "fr",
    country: "CH",
    role: "CANDIDATE",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.kind}:${e.key}${e.field ? `@${e.field}` : ""}` : Promise.reject(e)),
  );

/** A text PDF (as the samples are made), for a CV the samples do not cover. */
async function textPdf(text: string): Promise<Uint8Array<ArrayBuffer>> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const page = pdf.addPage([595, 842]);
  text.split("\n").forEach((line, i) => line.trim() && page.drawText(line, { x: 50, y: 790 - i * 15, size: 10, font }));
  return Uint8Array.from(await pdf.save());
}

async function parsed(who: Actor, bytes = sample("cv-fr.pdf")) {
  const cv = await domain.candidates.addCv(who, { name: "CV.pdf", bytes });
  expect(await domain.candidates.parseCv(cv.fileId)).toBe("parsed");
  const [parse] = await domain.candidates.cvSuggestions(who, who.id);
  const of = (field: string) => parse!.suggestions.find((s) => s.field === field)!;
  const ref = (field: string) => ({ documentId: cv.fileId, suggestionId: of(field).id });
  const status = async (field: string) =>
    (await domain.candidates.cvSuggestions(who, who.id))[0]!.suggestions.find((s) => s.id === of(field).id)!.status;
  return { documentId: cv.fileId, of, ref, status };
}

describe("CV suggestions into the profile", () => {
  it("accepting applies each kind of suggestion through the profile's commands", async () => {
    const marie = await candidate();
    const { ref, status } = await parsed(marie);
    const c = domain.candidates;
    for (const field of ["phone", "address", "experience", "training", "language", "skill"]) {
      expect(await c.applyCvSuggestion(marie, ref(field), { country: "CH" }), field).toEqual({ outcome: "applied" });
      expect(await status(field), field).toBe("accepted");
    }
    const p = await c.myProfile(marie);
    // the names were the account's already: kept, never offered
    expect(p.identity).toMatchObject({ firstName: "Marie", lastName: "Dupont", phone: "+41791234567" });
    expect(p.address).toMatchObject({
      street: "12 rue de la Gare",
      postalCode: "1003",
      city: "Lausanne",
      country: "CH",
    });
    expect(p.experiences).toEqual([
      {
        id: expect.any(String),
        values: expect.objectContaining({ jobTitle: "Serveuse", company: "Café du Lac", startDate: "2019-03-01" }),
      },
    ]);
    expect(p.trainings).toHaveLength(1);
    expect(p.languages).toEqual([expect.objectContaining({ code: "fr", spoken: "native" })]);
    // a skill goes to the profile's skills, not to its certifications (issue 27)
    expect(p.skills).toEqual(["Service client"]);
    expect(p.about?.certifications).toBeUndefined();
    // accepting again changes nothing (no second experience)
    expect(await c.applyCvSuggestion(marie, ref("experience"))).toEqual({ outcome: "applied" });
    expect((await c.myProfile(marie)).experiences).toHaveLength(1);
  });

  it("a different value already in the profile is kept until the person confirms replacing it", async () => {
    const lea = await candidate("Léa", "Martin");
    const { ref, status } = await parsed(lea);
    const c = domain.candidates;
    expect(await c.applyCvSuggestion(lea, ref("firstName"))).toEqual({
      outcome: "conflict",
      current: "Léa",
      proposed: "Marie",
    });
    expect(await status("firstName")).toBe("pending");
    expect((await c.myProfile(lea)).identity).toBeNull();
    expect(await c.applyCvSuggestion(lea, ref("firstName"), { replace: true })).toEqual({ outcome: "applied" });
    // the other identity field kept from the account
    expect((await c.myProfile(lea)).identity).toMatchObject({ firstName: "Marie", lastName: "Martin" });
    expect(await status("firstName")).toBe("accepted");
  });

  it("rejecting is recorded and changes nothing; the opposite decision is refused", async () => {
    const tom = await candidate();
    const { ref, status } = await parsed(tom);
    await domain.candidates.rejectCvSuggestion(tom, ref("experience"));
    expect(await status("experience")).toBe("rejected");
    expect(await refusal(domain.candidates.applyCvSuggestion(tom, ref("experience")))).toBe(
      "conflict:failed_operation",
    );
    expect((await domain.candidates.myProfile(tom)).experiences).toEqual([]);
    const [event] = await db.sql<
      { type: string }[]
    >`select type from events where stream_id = ${`cv-${ref("experience").documentId}`} and type = 'CvSuggestionRejected'`;
    expect(event?.type).toBe("CvSuggestionRejected");
  });

  it("another candidate, or agency staff, cannot accept someone's suggestion", async () => {
    const owner = await candidate();
    const other = await candidate();
    const { ref, status } = await parsed(owner);
    expect(await refusal(domain.candidates.applyCvSuggestion(other, ref("phone")))).toBe("not_found:failed_operation");
    const agency = await agencyWithPeople(domain);
    expect(await refusal(domain.candidates.applyCvSuggestion(agency.consultant, ref("phone")))).toBe(
      "forbidden:not_authorized",
    );
    expect(await status("phone")).toBe("pending");
    expect((await domain.candidates.myProfile(other)).identity).toBeNull();
  });

  it("a suggestion the profile's rules refuse is refused on its field and stays pending", async () => {
    const eva = await candidate("Paul", "Martin");
    const { ref, status, of } = await parsed(
      eva,
      await textPdf("Paul Martin\nTél. : +41 12 345 67 89\npaul.martin@example.ch\n"),
    );
    expect(of("phone").value).toBeTruthy();
    expect(await refusal(domain.candidates.applyCvSuggestion(eva, ref("phone"), { country: "CH" }))).toBe(
      "invalid:validation.phone@phone",
    );
    expect(await status("phone")).toBe("pending");
  });

  it("the e-mail is never offered as a profile change; a different one is pointed to the security page", async () => {
    const eva = await candidate("Paul", "Martin");
    const { documentId } = await parsed(eva, await textPdf("Paul Martin\npaul.martin@example.ch\n079 123 45 67\n"));
    const [parse] = await domain.candidates.cvSuggestions(eva, eva.id);
    expect(parse!.suggestions.map((s) => s.field)).not.toContain("email");
    expect(parse!.otherEmail).toBe("paul.martin@example.ch");
    // the sign-in address is the account's: a different one is not taken from the CV, even asked directly
    expect(await refusal(domain.candidates.applyCvSuggestion(eva, { documentId, suggestionId: "email-1" }))).toBe(
      "invalid:cv_email_is_account",
    );
    // the CV giving the sign-in address: nothing to say
    const same = await candidate("Paul", "Martin");
    const [account] = await db.sql<{ email: string }[]>`select email from rm_users where id = ${same.id}`;
    await parsed(same, await textPdf(`Paul Martin\n${account!.email}\n`));
    expect((await domain.candidates.cvSuggestions(same, same.id))[0]!.otherEmail).toBeNull();
  });
});

describe("an outside CV's suggestions into the profile (issue 27)", () => {
  it("every skill can be accepted, into the profile's own skills list; no group heading is offered", async () => {
    const julien = await candidate("Julien", "Moreau");
    const { documentId } = await parsed(julien, await textPdf(DEV_FR));
    const [parse] = await domain.candidates.cvSuggestions(julien, julien.id);
    const skills = parse!.suggestions.filter((s) => s.field === "skill");
    expect(skills.map((s) => s.value)).not.toContain("Bases de données");
    expect(skills.length).toBe(21);
    for (const s of skills)
      expect(
        await domain.candidates.applyCvSuggestion(julien, { documentId, suggestionId: s.id }),
        String(s.value),
      ).toEqual({
        outcome: "applied",
      });
    const p = await domain.candidates.myProfile(julien);
    expect(p.skills).toEqual(skills.map((s) => s.value));
    expect(p.about?.certifications).toBeUndefined();
  });

  it("year-only periods are kept as years; birth date, nationality, licence, certifications and LinkedIn reach their fields", async () => {
    const julien = await candidate("Julien", "Moreau");
    const { documentId } = await parsed(julien, await textPdf(DEV_FR));
    const [parse] = await domain.candidates.cvSuggestions(julien, julien.id);
    // one after the other, as the page sends them
    const accept = async (field: string) => {
      for (const s of parse!.suggestions.filter((x) => x.field === field))
        await domain.candidates.applyCvSuggestion(julien, { documentId, suggestionId: s.id });
    };
    for (const field of ["birthDate", "nationality", "licence", "certification", "linkedin"]) await accept(field);
    for (const s of parse!.suggestions.filter((x) => x.field === "experience"))
      await domain.candidates.applyCvSuggestion(julien, { documentId, suggestionId: s.id });
    const p = await domain.candidates.myProfile(julien);
    expect(p.identity).toMatchObject({ birthDate: "1991-11-03", nationality: "FR", licences: ["B"] });
    expect(p.about).toMatchObject({
      linkedin: "https://www.linkedin.com/in/julien-moreau-dev",
      certifications: "AWS Certified Developer Associate (2022)\nProfessional Scrum Master I (2020)",
    });
    expect(p.experiences.map((e) => e.values)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          jobTitle: "Développeur full-stack",
          startDate: "2021-01-01",
          startPrecision: "year",
        }),
        expect.objectContaining({
          jobTitle: "Développeur back-end",
          startDate: "2019-01-01",
          startPrecision: "year",
          endDate: "2021-01-01",
          endPrecision: "year",
        }),
        expect.objectContaining({ jobTitle: "Développeur stagiaire", startPrecision: "month", endPrecision: "month" }),
      ]),
    );
  });

  it("the AHV number of a Swiss CV reaches the identity, checked", async () => {
    const lukas = await candidate("Lukas", "Brunner");
    const { ref } = await parsed(
      lukas,
      await textPdf("Lukas Brunner\nLagerist und Staplerfahrer\nAHV: 756.9471.3820.68\nTel. 079 456 78 12\n"),
    );
    expect(await domain.candidates.applyCvSuggestion(lukas, ref("avsNumber"))).toEqual({ outcome: "applied" });
    expect((await domain.candidates.myProfile(lukas)).identity).toMatchObject({ avsNumber: "756.9471.3820.68" });
  });

  it("only what would change is shown: not the account's names, nothing of a CV uploaded again once accepted", async () => {
    const julien = await candidate("Julien", "Moreau");
    const first = await parsed(julien, await textPdf(DEV_FR));
    const [parse] = await domain.candidates.cvSuggestions(julien, julien.id);
    expect(parse!.suggestions.map((s) => s.field)).not.toContain("firstName");
    expect(parse!.suggestions.map((s) => s.field)).not.toContain("lastName");
    for (const s of parse!.suggestions)
      await domain.candidates.applyCvSuggestion(
        julien,
        { documentId: first.documentId, suggestionId: s.id },
        { country: "FR" },
      );
    // the same CV again: its every value is on the profile now
    const again = await domain.candidates.addCv(julien, { name: "CV again.pdf", bytes: await textPdf(DEV_FR) });
    expect(await domain.candidates.parseCv(again.fileId)).toBe("parsed");
    const [latest] = await domain.candidates.cvSuggestions(julien, julien.id);
    expect(latest!.documentId).toBe(again.fileId);
    expect(latest!.suggestions.map((s) => `${s.field}: ${JSON.stringify(s.value)}`)).toEqual([]);
  });
});

describe("an agency's read-only view of a candidate's profile", () => {
  let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
  let other: Awaited<ReturnType<typeof agencyWithPeople>>;
  beforeAll(async () => {
    agency = await agencyWithPeople(domain);
    other = await agencyWithPeople(domain);
  });
  const payroll = {
    civility: "ms",
    firstName: "Zoé",
    lastName: "Rochat",
    phone: "079 123 45 67",
    avsNumber: "756.9217.0769.85",
    iban: "CH93 0076 2011 6238 5295 7",
    criminalRecord: "clean",
    workPermit: "CH_CITIZEN",
  };

  it("only where the candidate applied to the agency; payroll fields only once on one of its missions", async () => {
    const zoe = await candidate("Zoé", "Rochat");
    await domain.candidates.saveProfile(zoe, {
      type: "SaveIdentity",
      expectedVersion: 0,
      country: "CH",
      values: payroll,
    });
    await domain.candidates.saveProfile(zoe, {
      type: "SaveEntry",
      list: "experience",
      entryId: null,
      expectedVersion: 0,
      values: { jobTitle: "Serveuse", company: "Café du Lac", startDate: "2020-01-01", startPrecision: "year" },
    });
    await domain.candidates.saveProfile(zoe, {
      type: "SaveSkills",
      expectedVersion: 0,
      values: { skills: "Service en salle\nEncaissement" },
    });
    // never applied: no agency sees it
    expect(await domain.candidates.openCandidateProfile(agency.consultant, zoe.id)).toBeNull();

    const adId = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ questions: [], places: 1 }),
      publish: true,
    });
    const applicationId = await domain.applications.apply(zoe, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: sample("cv-fr.pdf") },
    });
    const seen = await domain.candidates.openCandidateProfile(agency.consultant, zoe.id);
    expect(seen).toMatchObject({
      payroll: false,
      identity: { firstName: "Zoé", lastName: "Rochat", phone: "+41791234567", workPermit: "CH_CITIZEN" },
      experiences: [
        expect.objectContaining({ values: expect.objectContaining({ jobTitle: "Serveuse", startPrecision: "year" }) }),
      ],
      skills: ["Service en salle", "Encaissement"],
    });
    expect(seen!.identity).not.toHaveProperty("avsNumber");
    expect(seen!.identity).not.toHaveProperty("iban");
    expect(seen!.identity).not.toHaveProperty("criminalRecord");

    // another agency, a client user of the agency, another candidate, the candidate themself: nothing
    expect(await domain.candidates.openCandidateProfile(other.consultant, zoe.id)).toBeNull();
    expect(await domain.candidates.openCandidateProfile(agency.manager, zoe.id)).toBeNull();
    expect(await domain.candidates.openCandidateProfile(await candidate(), zoe.id)).toBeNull();
    expect(await domain.candidates.openCandidateProfile(zoe, zoe.id)).toBeNull();

    // on one of the agency's missions: the payroll fields too
    const proposalId = await domain.placements.proposeFromApplication(agency.consultant, applicationId, {
      adId,
      mode: "first",
      places: 1,
      expiresAt: new Date(Date.now() + 86_400_000),
    });
    await domain.placements.acceptProposal(zoe, proposalId);
    expect(await domain.candidates.openCandidateProfile(agency.consultant, zoe.id)).toMatchObject({
      payroll: true,
      identity: { avsNumber: "756.9217.0769.85", iban: "CH9300762011623852957", criminalRecord: "clean" },
    });
    expect(await domain.candidates.openCandidateProfile(other.consultant, zoe.id)).toBeNull();
  });
});
