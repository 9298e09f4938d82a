import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { docBytes, odtBytes, pdfBytes, pdfOfSize, pngBytes } from "../support/documents";
import {
  AppError,
  INLINE_PROJECTIONS,
  createStorage,
  rebuildProjections,
  registrationStream,
  integrationHarness,
  verifyPassword,
} from "../support/harness";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-registration-"));
const { db, domain } = integrationHarness({ domain: { storage: createStorage(dataDir) } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const PASSWORD = "Solid-Pass-2026";

let n = 0;
const account = (overrides: Partial<{ email: string; password: string }> = {}) => ({
  email: `candidate.${++n}.${Date.now()}@example.test`,
  firstName: "Léa",
  lastName: "Martin",
  password: PASSWORD,
  consents: { terms: true, dataProtection: true },
  ...overrides,
});
const start = (country: "CH" | "FR", a = account()) =>
  domain.candidates.startRegistration({ country, locale: "fr", ...a });
const storedFiles = () =>
  fs.existsSync(path.join(dataDir, "files"))
    ? fs.readdirSync(path.join(dataDir, "files")).filter((f) => !f.startsWith("."))
    : [];
const mailsTo = (email: string) =>
  db.sql<{ template: string; locale: string }[]>`select template, locale from mail_outbox where recipient = ${email}`;
/** The error key a promise rejects with. */
const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? `${e.field ?? ""}:${e.key}` : Promise.reject(e)),
  );

describe("candidate registration", () => {
  it("goes from the account step to a candidate account with its CV, mailing the verification link only at the end", async () => {
    const a = account();
    const id = await start("CH", a);

    const afterAccount = await domain.candidates.registration(id);
    expect(afterAccount).toMatchObject({
      step: "profile",
      country: "CH",
      email: a.email,
      firstName: "Léa",
      cv: null,
      userId: null,
    });
    expect(await domain.identity.credentialsByEmail(a.email)).toBeNull();
    expect(await mailsTo(a.email)).toEqual([]);

    const cv = await domain.candidates.uploadCv(id, { name: "Léa Martin CV.pdf", bytes: pdfBytes() });
    expect(cv.mime).toBe("application/pdf");
    expect(fs.readFileSync(path.join(dataDir, "files", cv.fileId))).toEqual(pdfBytes());
    expect((await domain.candidates.registration(id))?.cv).toMatchObject({
      name: "Léa Martin CV.pdf",
      mime: "application/pdf",
      size: pdfBytes().length,
    });
    expect(await mailsTo(a.email)).toEqual([]);

    const userId = await domain.candidates.finishRegistration(
      id,
      { birthDate: "1994-06-01", desiredJobs: ["cook", "waiter"] },
      "de",
    );

    const user = await domain.identity.credentialsByEmail(a.email);
    expect(user).toMatchObject({
      id: userId,
      role: "CANDIDATE",
      verified: false,
      country: "CH",
      agencyId: null,
      firstName: "Léa",
      lastName: "Martin",
      locale: "de",
    });
    expect(await verifyPassword(user!.passwordHash, PASSWORD)).toBe(true);
    expect(await mailsTo(a.email)).toEqual([{ template: "verifyEmail", locale: "de" }]);
    expect(await domain.candidates.candidateProfile(userId)).toEqual({
      country: "CH",
      birthDate: "1994-06-01",
      desiredJobs: ["cook", "waiter"],
    });
    expect(await domain.candidates.candidateDocuments(userId)).toMatchObject([
      { id: cv.fileId, category: "cv", name: "Léa Martin CV.pdf", mime: "application/pdf" },
    ]);

    // the draft is done: nothing personal is left in its read model, and its key is destroyed
    expect(await domain.candidates.registration(id)).toMatchObject({
      step: "completed",
      userId,
      email: null,
      firstName: null,
      cv: null,
      birthDate: null,
      desiredJobs: [],
    });
    expect(await db.sql`select 1 from data_keys where subject_id = ${id}`).toHaveLength(0);
    const draftEvents = await domain.store.readStream(registrationStream(id));
    const accountEvent = draftEvents.find((e) => e.type === "RegistrationAccountGiven")!;
    expect(accountEvent.erased).toBe(true);
    expect(accountEvent.data).not.toHaveProperty("password");
    expect(
      JSON.stringify(await db.sql`select data from events where stream_id = ${registrationStream(id)}`),
    ).not.toContain(PASSWORD);

    // submitting the finished draft again changes nothing
    expect(
      await domain.candidates.finishRegistration(id, { birthDate: "1994-06-01", desiredJobs: ["cook"] }, "fr"),
    ).toBe(userId);
    expect(await mailsTo(a.email)).toHaveLength(1);
  });

  it("keeps the resume point and everything given when the account cannot be created, and completes once corrected", async () => {
    const a = account();
    const id = await start("FR", a);
    await domain.candidates.uploadCv(id, { name: "cv.odt", bytes: odtBytes() });
    // someone takes the address between the first step and the end
    await domain.identity.registerUser({
      ...a,
      role: "CANDIDATE",
      locale: "fr",
      country: "FR",
      agencyId: null,
      clientId: null,
      verified: true,
      password: "Other-Pass-2026",
    });

    expect(
      await keyOf(domain.candidates.finishRegistration(id, { birthDate: "1988-01-31", desiredJobs: ["nurse"] }, "fr")),
    ).toBe("email:email_exist");
    expect(await domain.candidates.registration(id)).toMatchObject({
      step: "profile",
      country: "FR",
      email: a.email,
      cv: { name: "cv.odt", mime: "application/vnd.oasis.opendocument.text" },
      birthDate: "1988-01-31",
      desiredJobs: ["nurse"],
    });

    const other = account();
    await domain.candidates.giveAccount(id, other);
    expect((await domain.candidates.registration(id))?.email).toBe(other.email);
    const userId = await domain.candidates.finishRegistration(
      id,
      { birthDate: "1988-01-31", desiredJobs: ["nurse"] },
      "fr",
    );
    expect((await domain.identity.userById(userId))?.email).toBe(other.email);
  });

  it("refuses an address that already has an account at the first step (email_exist)", async () => {
    const a = account();
    await domain.identity.registerUser({
      ...a,
      role: "CANDIDATE",
      locale: "fr",
      country: "CH",
      agencyId: null,
      clientId: null,
      verified: true,
    });
    expect(await keyOf(start("CH", { ...a, email: a.email.toUpperCase() }))).toBe("email:email_exist");
  });

  it("asks for admission (the rate limit) before saying an email is taken", async () => {
    const taken = account();
    await domain.identity.registerUser({
      ...taken,
      role: "CANDIDATE",
      locale: "fr",
      country: "CH",
      agencyId: null,
      clientId: null,
      verified: true,
    });
    let asked = 0;
    const admit = async () => {
      asked++;
    };
    expect(await keyOf(domain.candidates.startRegistration({ country: "CH", locale: "fr", ...taken }, admit))).toBe(
      "email:email_exist",
    );
    expect(asked).toBe(1);

    // a blocked address learns nothing: not whether the email has an account, nor the draft
    const refuse = async () => {
      throw new AppError("too_many_requests", "temporarily_blocked");
    };
    expect(await keyOf(domain.candidates.startRegistration({ country: "CH", locale: "fr", ...taken }, refuse))).toBe(
      ":temporarily_blocked",
    );
    const blocked = account();
    expect(await keyOf(domain.candidates.startRegistration({ country: "FR", locale: "fr", ...blocked }, refuse))).toBe(
      ":temporarily_blocked",
    );
    expect(await db.sql`select 1 from rm_registrations where email = ${blocked.email}`).toHaveLength(0);
    const id = await domain.candidates.startRegistration({ country: "FR", locale: "fr", ...account() }, admit);
    expect(asked).toBe(2);
    // correcting the account step of a draft is throttled too
    expect(await keyOf(domain.candidates.giveAccount(id, { ...account(), email: taken.email }, refuse))).toBe(
      ":temporarily_blocked",
    );
  });

  it("requires the CV before the next step (cv_required)", async () => {
    const id = await start("CH");
    expect(
      await keyOf(domain.candidates.finishRegistration(id, { birthDate: "1990-01-01", desiredJobs: ["cook"] }, "fr")),
    ).toBe("cv:cv_required");
    expect((await domain.candidates.registration(id))?.step).toBe("profile");
  });

  it("accepts at most two desired jobs, from the professions list", async () => {
    const a = account();
    const id = await start("FR", a);
    await domain.candidates.uploadCv(id, { name: "cv.pdf", bytes: pdfBytes() });
    expect(
      await keyOf(
        domain.candidates.finishRegistration(
          id,
          { birthDate: "1990-01-01", desiredJobs: ["cook", "waiter", "nurse"] },
          "fr",
        ),
      ),
    ).toBe("desiredJobs:validation.max_choices");
    expect(
      await keyOf(
        domain.candidates.finishRegistration(id, { birthDate: "1990-01-01", desiredJobs: ["astronaut"] }, "fr"),
      ),
    ).toBe("desiredJobs:validation.profession_unknown");
    expect(await domain.identity.credentialsByEmail(a.email)).toBeNull();
    const userId = await domain.candidates.finishRegistration(
      id,
      { birthDate: "1990-01-01", desiredJobs: ["cook", "waiter"] },
      "fr",
    );
    expect((await domain.candidates.candidateProfile(userId))?.desiredJobs).toEqual(["cook", "waiter"]);
  });

  it("makes the CV library visibility chosen with the consents the profile's setting, off by default (issue 28)", async () => {
    const visibilityOf = async (consents: { terms: boolean; dataProtection: boolean; libraryVisible?: boolean }) => {
      const id = await start("CH", { ...account(), consents });
      await domain.candidates.uploadCv(id, { name: "cv.pdf", bytes: pdfBytes() });
      const userId = await domain.candidates.finishRegistration(
        id,
        { birthDate: "1990-01-01", desiredJobs: ["cook"] },
        "fr",
      );
      const me = { id: userId, role: "CANDIDATE" as const, agencyId: null, clientId: null };
      return (await domain.candidates.myProfile(me)).libraryVisibility;
    };
    expect(await visibilityOf({ terms: true, dataProtection: true, libraryVisible: true })).toBe("country");
    expect(await visibilityOf({ terms: true, dataProtection: true })).toBe("relations");
  });
});

describe("CV upload", () => {
  it("checks the type by content: a PNG named cv.pdf, a text named cv.doc are refused and nothing is stored", async () => {
    const id = await start("CH");
    const before = storedFiles();
    expect(await keyOf(domain.candidates.uploadCv(id, { name: "cv.pdf", bytes: pngBytes() }))).toBe(
      "cv:cv_invalid_type",
    );
    expect(
      await keyOf(
        domain.candidates.uploadCv(id, { name: "cv.doc", bytes: Buffer.from("Curriculum vitae, plain text") }),
      ),
    ).toBe("cv:cv_invalid_type");
    // a real PDF with a name outside pdf, odt, doc is refused too
    expect(await keyOf(domain.candidates.uploadCv(id, { name: "cv.exe", bytes: pdfBytes() }))).toBe(
      "cv:cv_invalid_type",
    );
    expect(storedFiles()).toEqual(before);
    expect((await domain.candidates.registration(id))?.cv).toBeNull();
  });

  it("accepts a DOCX and a photo of a CV (PNG, JPEG) by content (issue 27); a DOCX named .jpg is refused", async () => {
    const id = await start("CH");
    const fixture = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/cv", name)));
    expect((await domain.candidates.uploadCv(id, { name: "cv.docx", bytes: fixture("cv-de.docx") })).mime).toBe(
      "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    );
    expect((await domain.candidates.uploadCv(id, { name: "cv.JPEG", bytes: fixture("cv-fr-photo.jpg") })).mime).toBe(
      "image/jpeg",
    );
    expect((await domain.candidates.uploadCv(id, { name: "cv.png", bytes: pngBytes() })).mime).toBe("image/png");
    expect(await keyOf(domain.candidates.uploadCv(id, { name: "cv.jpg", bytes: fixture("cv-de.docx") }))).toBe(
      "cv:cv_invalid_type",
    );
  });

  it("accepts pdf, odt and doc by content, up to 2 MB exactly, and removes a replaced CV's file", async () => {
    const id = await start("FR");
    const first = await domain.candidates.uploadCv(id, { name: "cv.doc", bytes: docBytes() });
    expect(first.mime).toBe("application/x-cfb");
    const second = await domain.candidates.uploadCv(id, { name: "cv.odt", bytes: odtBytes() });
    expect(second.mime).toBe("application/vnd.oasis.opendocument.text");
    const third = await domain.candidates.uploadCv(id, { name: "big.pdf", bytes: pdfOfSize(2 * 1024 * 1024) });
    expect(storedFiles()).toContain(third.fileId);
    expect(storedFiles()).not.toContain(first.fileId);
    expect(storedFiles()).not.toContain(second.fileId);
    expect((await domain.candidates.registration(id))?.cv).toMatchObject({
      fileId: third.fileId,
      name: "big.pdf",
      size: 2 * 1024 * 1024,
    });
  });

  it("refuses a file over 2 MB (cv_too_large) and keeps the previous CV", async () => {
    const id = await start("CH");
    const kept = await domain.candidates.uploadCv(id, { name: "cv.pdf", bytes: pdfBytes() });
    expect(
      await keyOf(domain.candidates.uploadCv(id, { name: "huge.pdf", bytes: pdfOfSize(2 * 1024 * 1024 + 1) })),
    ).toBe("cv:cv_too_large");
    expect((await domain.candidates.registration(id))?.cv?.fileId).toBe(kept.fileId);
    expect(storedFiles()).toContain(kept.fileId);
  });

  it("does not keep the file when the draft refuses the upload", async () => {
    const before = storedFiles();
    await expect(
      domain.candidates.uploadCv("00000000-0000-4000-8000-000000000000", { name: "cv.pdf", bytes: pdfBytes() }),
    ).rejects.toThrow("failed_operation");
    expect(storedFiles()).toEqual(before);
  });
});

describe("concurrency and rebuild", () => {
  it("a double submit of the last step creates one account and one mail", async () => {
    const a = account();
    const id = await start("CH", a);
    await domain.candidates.uploadCv(id, { name: "cv.pdf", bytes: pdfBytes() });
    const details = { birthDate: "1991-02-03", desiredJobs: ["mason"] };
    const [u1, u2] = await Promise.all([
      domain.candidates.finishRegistration(id, details, "fr"),
      domain.candidates.finishRegistration(id, details, "fr"),
    ]);
    expect(u1).toBe(u2);
    expect(await mailsTo(a.email)).toHaveLength(1);
    expect(await domain.candidates.candidateDocuments(u1)).toHaveLength(1);
  });

  it("rebuilding the read models from the log gives the same registration and candidate rows", async () => {
    const open = await start("FR");
    await domain.candidates.uploadCv(open, { name: "open.pdf", bytes: pdfBytes() });
    const tables = ["rm_registrations", "rm_candidates", "rm_candidate_documents"];
    const snapshot = async () =>
      Promise.all(tables.map((t) => db.sql.unsafe(`select * from "${t}" t order by t::text`)));
    const before = await snapshot();
    expect(before[0]!.length).toBeGreaterThan(5);
    await db.sql`update rm_registrations set step = 'account', email = null`;
    await db.sql`delete from rm_candidates`;
    await rebuildProjections(domain.store, INLINE_PROJECTIONS);
    expect(await snapshot()).toEqual(before);
  });
});
