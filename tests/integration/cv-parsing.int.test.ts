import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  AppError,
  INLINE_PROJECTIONS,
  createStorage,
  integrationHarness,
  rebuildProjections,
  type Actor,
} from "../support/harness";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-cv-parsing-"));
const { db, domain } = integrationHarness({ domain: { storage: createStorage(dataDir) } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sample = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/cv", name)));
let n = 0;
async function candidate(): Promise<Actor> {
  const id = await domain.identity.registerUser({
    email: `cv.${++n}.${Date.now()}@example.test`,
    password: "Solid-Pass-2026",
    firstName: "Marie",
    lastName: "Dupont",
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
    (e: unknown) => (e instanceof AppError ? `${e.kind}:${e.key}` : Promise.reject(e)),
  );

describe("CV parsing", () => {
  it("a CV added gives suggestions, sealed in the event and listed for its owner", async () => {
    const marie = await candidate();
    const cv = await domain.candidates.addCv(marie, { name: "CV Marie.pdf", bytes: sample("cv-fr.pdf") });

    // what the candidates.parse-cv job runs
    expect(await domain.candidates.parseCv(cv.fileId)).toBe("parsed");
    // a second delivery of the job changes nothing
    expect(await domain.candidates.parseCv(cv.fileId)).toBe("parsed");

    const [parse, ...others] = await domain.candidates.cvSuggestions(marie, marie.id);
    expect(others).toEqual([]);
    expect(parse).toMatchObject({
      documentId: cv.fileId,
      documentName: "CV Marie.pdf",
      status: "parsed",
      ocr: false,
      reason: null,
    });
    const fields = parse!.suggestions.map((s) => s.field);
    // the account's names are the CV's, and the e-mail is the account's to change: neither offered (issue 27)
    expect(fields).not.toEqual(expect.arrayContaining(["firstName"]));
    expect(fields).not.toEqual(expect.arrayContaining(["email"]));
    expect(fields).toEqual(expect.arrayContaining(["phone", "address", "experience", "training", "language", "skill"]));
    expect(parse!.suggestions.every((s) => s.status === "pending" && s.decidedAt === null)).toBe(true);
    expect(parse!.otherEmail).toBe("marie.dupont@example.ch");

    // personal data: the stored event holds the suggestions encrypted, never in clear
    const [raw] = await db.sql<{ data: Record<string, unknown>; metadata: { subject?: string } }[]>`
      select data, metadata from events where stream_id = ${`cv-${cv.fileId}`} and type = 'CvParsed'`;
    expect(raw!.metadata.subject).toBe(marie.id);
    expect(JSON.stringify(raw!.data)).not.toContain("marie.dupont@example.ch");
    expect(raw!.data.suggestions).toBeUndefined();
  });

  it("a corrupt CV is recorded as CvParsingFailed; the document stays", async () => {
    const luc = await candidate();
    const bytes = sample("corrupt.pdf");
    const cv = await domain.candidates.addCv(luc, { name: "cv.pdf", bytes });

    expect(await domain.candidates.parseCv(cv.fileId)).toBe("failed");
    expect(await domain.candidates.cvSuggestions(luc, luc.id)).toEqual([
      expect.objectContaining({ documentId: cv.fileId, status: "failed", reason: "unreadable", suggestions: [] }),
    ]);
    expect(await domain.candidates.candidateDocuments(luc.id)).toEqual([
      expect.objectContaining({ id: cv.fileId, category: "cv", name: "cv.pdf" }),
    ]);
    expect(fs.readFileSync(path.join(dataDir, "files", cv.fileId))).toEqual(Buffer.from(bytes));
    const [event] = await db.sql<
      { data: { reason: string } }[]
    >`select data from events where stream_id = ${`cv-${cv.fileId}`}`;
    expect(event!.data.reason).toBe("unreadable");
  });

  it("a CV whose file is gone fails with file_missing; unknown ids are skipped", async () => {
    const eva = await candidate();
    const cv = await domain.candidates.addCv(eva, { name: "cv.odt", bytes: sample("cv-de.odt") });
    fs.rmSync(path.join(dataDir, "files", cv.fileId));
    expect(await domain.candidates.parseCv(cv.fileId)).toBe("failed");
    expect((await domain.candidates.cvSuggestions(eva, eva.id))[0]).toMatchObject({
      status: "failed",
      reason: "file_missing",
    });
    expect(await domain.candidates.parseCv("00000000-0000-4000-8000-000000000000")).toBe("skipped");
    expect(await domain.candidates.parseCv("not-a-uuid")).toBe("skipped");
  });

  it("nobody but the candidate reads or decides their suggestions", async () => {
    const owner = await candidate();
    const other = await candidate();
    const cv = await domain.candidates.addCv(owner, { name: "cv.doc", bytes: sample("cv-fr.doc") });
    await domain.candidates.parseCv(cv.fileId);
    const [parse] = await domain.candidates.cvSuggestions(owner, owner.id);
    const suggestionId = parse!.suggestions[0]!.id;

    expect(await refusal(domain.candidates.cvSuggestions(other, owner.id))).toBe("forbidden:not_authorized");
    expect(await domain.candidates.cvSuggestions(other, other.id)).toEqual([]);
    const consultant: Actor = { id: other.id, role: "ADMIN_CONSULTANT", agencyId: null, clientId: null };
    expect(await refusal(domain.candidates.cvSuggestions(consultant, owner.id))).toBe("forbidden:not_authorized");
    expect(await refusal(domain.candidates.acceptCvSuggestion(other, { documentId: cv.fileId, suggestionId }))).toBe(
      "not_found:failed_operation",
    );
    expect(
      await refusal(domain.candidates.rejectCvSuggestion(consultant, { documentId: cv.fileId, suggestionId })),
    ).toBe("forbidden:not_authorized");
    expect((await domain.candidates.cvSuggestions(owner, owner.id))[0]!.suggestions[0]!.status).toBe("pending");
  });

  it("accepting and rejecting are recorded per suggestion, once; a rebuild gives the same rows", async () => {
    const ana = await candidate();
    const cv = await domain.candidates.addCv(ana, { name: "cv.pdf", bytes: sample("cv-de.pdf") });
    await domain.candidates.parseCv(cv.fileId);
    const [parse] = await domain.candidates.cvSuggestions(ana, ana.id);
    const phone = parse!.suggestions.find((s) => s.field === "phone")!;
    const skill = parse!.suggestions.find((s) => s.field === "skill")!;

    await domain.candidates.acceptCvSuggestion(ana, { documentId: cv.fileId, suggestionId: phone.id });
    await domain.candidates.rejectCvSuggestion(ana, { documentId: cv.fileId, suggestionId: skill.id });
    // the same decision again is a no-op, the opposite one a conflict
    await domain.candidates.acceptCvSuggestion(ana, { documentId: cv.fileId, suggestionId: phone.id });
    expect(
      await refusal(domain.candidates.rejectCvSuggestion(ana, { documentId: cv.fileId, suggestionId: phone.id })),
    ).toBe("conflict:failed_operation");
    expect(
      await refusal(domain.candidates.acceptCvSuggestion(ana, { documentId: cv.fileId, suggestionId: "skill-999" })),
    ).toBe("not_found:failed_operation");

    const statuses = async () =>
      Object.fromEntries(
        (await domain.candidates.cvSuggestions(ana, ana.id))[0]!.suggestions.map((s) => [s.id, s.status]),
      );
    const before = await statuses();
    expect(before[phone.id]).toBe("accepted");
    expect(before[skill.id]).toBe("rejected");
    expect(Object.values(before).filter((s) => s === "pending")).toHaveLength(parse!.suggestions.length - 2);
    const events = await db.sql<
      { type: string }[]
    >`select type from events where stream_id = ${`cv-${cv.fileId}`} order by stream_version`;
    expect(events.map((e) => e.type)).toEqual(["CvParsed", "CvSuggestionAccepted", "CvSuggestionRejected"]);

    await rebuildProjections(
      domain.store,
      INLINE_PROJECTIONS.filter((p) => p.name === "candidates.cv-suggestions"),
    );
    expect(await statuses()).toEqual(before);
  });

  it("a DOCX and a photo of a CV are accepted in the CV category; the photo is read by the OCR job, page by page", async () => {
    const ines = await candidate();
    const docx = await domain.candidates.addDocument(ines, {
      category: "cv",
      expiresAt: null,
      upload: { name: "CV Ines.docx", bytes: sample("cv-de.docx") },
    });
    expect(await domain.candidates.parseCv(docx)).toBe("parsed");

    const photo = await domain.candidates.addDocument(ines, {
      category: "cv",
      expiresAt: null,
      upload: { name: "photo-cv.jpg", bytes: sample("cv-fr-photo.jpg") },
    });
    // the parse job hands the photo to the OCR job; the page shows it being read meanwhile
    expect(await domain.candidates.parseCv(photo)).toBe("ocr");
    expect(await domain.candidates.parseCv(photo)).toBe("ocr");
    const reading = (await domain.candidates.cvSuggestions(ines, ines.id)).find((p) => p.documentId === photo);
    expect(reading).toMatchObject({ status: "reading", progress: { page: 0, pages: 0 }, suggestions: [] });

    expect(await domain.candidates.ocrCv(photo)).toBe("parsed");
    expect(await domain.candidates.ocrCv(photo)).toBe("parsed");
    const parsed = (await domain.candidates.cvSuggestions(ines, ines.id)).find((p) => p.documentId === photo);
    expect(parsed).toMatchObject({ status: "parsed", ocr: true, progress: null });
    // the CV's address is not the login's: shown with a link to the security page, never as a change
    expect(parsed!.otherEmail).toBe("marie.dupont@example.ch");
    expect(parsed!.suggestions.find((s) => s.field === "phone")?.value).toBeTruthy();
    const events = await db.sql<{ type: string; data: { page?: number; pages?: number } }[]>`
      select type, data from events where stream_id = ${`cv-${photo}`} order by stream_version`;
    expect(events.map((e) => [e.type, e.data.page, e.data.pages])).toEqual([
      ["CvParsingProgressed", 0, 0],
      ["CvParsingProgressed", 1, 1],
      ["CvParsed", undefined, undefined],
    ]);
  });

  it("a photo of something else than a CV is refused at upload by its content", async () => {
    const tom = await candidate();
    const refused = await refusal(
      domain.candidates.addDocument(tom, {
        category: "cv",
        expiresAt: null,
        upload: { name: "cv.jpg", bytes: sample("cv-de.docx") },
      }),
    );
    expect(refused).toBe("invalid:document_content_mismatch");
  });
});
