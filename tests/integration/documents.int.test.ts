import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createLogger,
  createStorage,
  integrationHarness,
  notifierProcessor,
  ProcessorRunner,
  type Actor,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { pdfBytes, pngBytes } from "../support/documents";
import { MODULES } from "../../server/modules";

/** Candidate documents and agency documents against the real Postgres, file storage in a temporary folder. */
const filesDir = fs.mkdtempSync(path.join(os.tmpdir(), "docs-int-"));
const { db, domain, clock } = integrationHarness({
  clock: "2026-03-02T08:00:00Z",
  domain: { publicUrl: "https://missio.example", storage: createStorage(filesDir) },
});
const DAY = 24 * 3600 * 1000;
/** A Windows executable's first bytes ("MZ" header, PE signature): what a renamed .exe looks like. */
const EXE = Buffer.concat([
  Buffer.from(
    "4d5a90000300000004000000ffff0000b800000000000000400000000000000000000000000000000000000000000000000000000000000000000000800000000e1fba0e00b409cd21b8014ccd21546869732070726f6772616d2063616e6e6f742062652072756e20696e20444f53206d6f64652e0d0d0a2400000000000000",
    "hex",
  ),
  Buffer.from("50450000", "hex"),
  Buffer.alloc(256),
]);

let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
let seq = 0;
async function candidate(): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `docs${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Zoé${seq}`,
    lastName: "Blanc",
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}
const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : Promise.reject(e)),
  );
const storedFiles = () => fs.readdirSync(path.join(filesDir, "files")).filter((f) => !f.startsWith("."));
const add = (
  who: Actor,
  category: string,
  expiresAt: string | null,
  name = "doc.pdf",
  bytes: Uint8Array = pdfBytes(),
) => domain.candidates.addDocument(who, { category, expiresAt, upload: { name, bytes } });

async function notify() {
  const runner = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: MODULES.flatMap((m) => (m.notices ? [m.notices] : [])),
      recipients: domain.identity,
      logger: createLogger("silent"),
      publicUrl: "https://missio.example",
    }),
    createLogger("silent"),
    100,
  );
  while (await runner.runOnce());
}

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
});

describe("a candidate's documents", () => {
  it("uploads by category with an expiry, replaces and deletes, the files following", async () => {
    const lea = await candidate();
    const id = await add(lea, "work_permit", "2027-06-30", "permis B.pdf");
    expect(await domain.candidates.myDocuments(lea)).toMatchObject([
      { id, category: "work_permit", name: "permis B.pdf", mime: "application/pdf", expiresAt: "2027-06-30" },
    ]);
    expect(storedFiles()).toContain(id);

    await domain.candidates.replaceDocument(lea, id, {
      expiresAt: "2028-06-30",
      upload: { name: "permis.png", bytes: pngBytes() },
    });
    const [replaced] = await domain.candidates.myDocuments(lea);
    expect(replaced).toMatchObject({ id, name: "permis.png", mime: "image/png", expiresAt: "2028-06-30" });
    // the old file is gone, the new one is served
    expect(storedFiles()).not.toContain(id);
    expect((await domain.candidates.myDocumentFile(lea, id))?.bytes.equals(pngBytes())).toBe(true);

    await domain.candidates.changeDocumentExpiry(lea, id, null);
    expect((await domain.candidates.myDocuments(lea))[0]?.expiresAt).toBeNull();

    const before = storedFiles().length;
    await domain.candidates.removeDocument(lea, id);
    expect(await domain.candidates.myDocuments(lea)).toEqual([]);
    expect(storedFiles()).toHaveLength(before - 1);
    expect(await keyOf(domain.candidates.removeDocument(lea, id))).toBe("document_not_found");
  });

  it("refuses a renamed executable, a wrong type and an oversize file, storing nothing", async () => {
    const lea = await candidate();
    const before = storedFiles().length;
    expect(await keyOf(add(lea, "identity", null, "passeport.pdf", EXE))).toBe("document_content_mismatch");
    expect(await keyOf(add(lea, "identity", null, "setup.exe", EXE))).toBe("document_invalid_type");
    expect(await keyOf(add(lea, "identity", null, "photo.pdf", pngBytes()))).toBe("document_content_mismatch");
    expect(
      await keyOf(add(lea, "identity", null, "big.pdf", Buffer.concat([pdfBytes(), Buffer.alloc(2 * 1024 * 1024)]))),
    ).toBe("document_too_large");
    // refused by the decider after the file was stored: the file is removed again
    expect(await keyOf(add(lea, "passport", null))).toBe("document_category_required");
    expect(await keyOf(add(lea, "identity", "2026-13-01"))).toBe("document_expiry_invalid");
    expect(storedFiles()).toHaveLength(before);
    expect(await domain.candidates.myDocuments(lea)).toEqual([]);
    const [{ n }] = await db.sql<
      [{ n: number }]
    >`select count(*)::int as n from events where stream_id = ${`candidate-${lea.id}`}`;
    expect(n).toBe(0);
  });

  it("one candidate cannot read, replace or delete another's documents", async () => {
    const lea = await candidate();
    const tom = await candidate();
    const id = await add(lea, "diploma", null);
    expect(await domain.candidates.myDocumentFile(tom, id)).toBeNull();
    expect(await domain.candidates.myDocumentFile(agency.consultant, id)).toBeNull();
    expect(await keyOf(domain.candidates.removeDocument(tom, id))).toBe("document_not_found");
    expect(
      await keyOf(
        domain.candidates.replaceDocument(tom, id, { expiresAt: null, upload: { name: "x.pdf", bytes: pdfBytes() } }),
      ),
    ).toBe("document_not_found");
    expect(await keyOf(domain.candidates.removeDocument(agency.consultant, id))).toBe("not_authorized");
    expect(await domain.candidates.myDocuments(lea)).toHaveLength(1);
  });
});

describe("agency access to a candidate's documents", () => {
  it("only where the candidate applied to the agency, each look recorded", async () => {
    const lea = await candidate();
    const id = await add(lea, "identity", "2030-01-01", "carte.pdf");
    // no application yet: no agency sees them
    expect(await domain.candidates.openCandidateDocuments(agency.consultant, lea.id)).toBeNull();
    const adId = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ questions: [] }),
      publish: true,
    });
    await domain.applications.apply(lea, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: pdfBytes() },
    });

    expect((await domain.candidates.openCandidateDocuments(agency.consultant, lea.id))?.map((d) => d.id)).toEqual([id]);
    expect((await domain.candidates.openCandidateDocumentFile(agency.consultant, lea.id, id))?.name).toBe("carte.pdf");
    // another agency, a client user of the agency, another candidate: nothing
    expect(await domain.candidates.openCandidateDocuments(other.consultant, lea.id)).toBeNull();
    expect(await domain.candidates.openCandidateDocumentFile(other.consultant, lea.id, id)).toBeNull();
    expect(await domain.candidates.openCandidateDocuments(agency.manager, lea.id)).toBeNull();
    expect(await domain.candidates.openCandidateDocuments(await candidate(), lea.id)).toBeNull();

    const views = await db.sql<{ agency_id: string; viewer_id: string; document_id: string | null }[]>`
      select agency_id, viewer_id, document_id from rm_candidate_document_views where user_id = ${lea.id} order by position`;
    expect(views).toEqual([
      { agency_id: agency.agencyId, viewer_id: agency.consultant.id, document_id: null },
      { agency_id: agency.agencyId, viewer_id: agency.consultant.id, document_id: id },
    ]);
  });

  it("deleting a CV an application sends keeps its file for the agency", async () => {
    const lea = await candidate();
    await domain.candidates.addCv(lea, { name: "cv.pdf", bytes: pdfBytes("mine") });
    const adId = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ questions: [] }),
      publish: true,
    });
    const applicationId = await domain.applications.apply(lea, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "registered" },
    });
    const [cv] = await domain.candidates.myDocuments(lea);
    await domain.candidates.removeDocument(lea, cv!.id);
    expect((await domain.applications.readApplicationCv(agency.consultant, applicationId))?.name).toBe("cv.pdf");
  });
});

describe("expiry reminders", () => {
  it("one digest a day listing the documents at 30, 7 and 0 days, with a notification and a mail", async () => {
    clock.set("2026-03-02T08:00:00Z");
    const lea = await candidate();
    await add(lea, "work_permit", "2026-04-01", "permis.pdf"); // 30 days
    await add(lea, "medical_check", "2026-03-09", "visite.pdf"); // 7 days
    await add(lea, "diploma", "2027-01-01", "diplome.pdf"); // far away
    const digests = async () =>
      db.sql<
        { day: string; documents: { daysLeft: number }[] }[]
      >`select data->>'day' as day, data->'documents' as documents from events
        where stream_id = ${`candidate-${lea.id}`} and type = 'CandidateDocumentsExpiring' order by global_position`;

    expect(await domain.candidates.remindExpiringDocuments()).toBeGreaterThanOrEqual(1);
    expect(await domain.candidates.remindExpiringDocuments()).toBe(0); // the same day again: idempotent
    expect((await digests()).map((d) => [d.day, d.documents.map((x) => x.daysLeft)])).toEqual([
      ["2026-03-02", [7, 30]],
    ]);
    await notify();
    const [notification] = await db.sql<
      { kind: string; params: { count: number } }[]
    >`select kind, params from rm_notifications where user_id = ${lea.id}`;
    expect(notification).toMatchObject({ kind: "documents_expiring", params: { count: 2 } });
    const mails = await db.sql<
      { template: string; params: Record<string, string> }[]
    >`select template, params from mail_outbox where recipient = (select email from rm_users where id = ${lea.id})`;
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ template: "documentsExpiring", params: { count: "2" } });
    expect(mails[0]!.params.documents).toContain("visite.pdf — 09/03/2026");
    expect(mails[0]!.params.documents).toContain("permis.pdf — 01/04/2026");

    clock.advance(DAY); // nothing new to say the next day
    await domain.candidates.remindExpiringDocuments();
    clock.set("2026-03-09T08:00:00Z"); // the medical check's day: 0 days
    await domain.candidates.remindExpiringDocuments();
    await domain.candidates.remindExpiringDocuments();
    clock.set("2026-03-25T08:00:00Z"); // 7 days before the work permit's expiry
    await domain.candidates.remindExpiringDocuments();
    clock.set("2026-04-01T08:00:00Z"); // its day
    await domain.candidates.remindExpiringDocuments();
    expect((await digests()).map((d) => [d.day, d.documents.map((x) => x.daysLeft)])).toEqual([
      ["2026-03-02", [7, 30]],
      ["2026-03-09", [0]],
      ["2026-03-25", [7]],
      ["2026-04-01", [0]],
    ]);
  });
});

describe("agency documents", () => {
  it("shared by the agency, acknowledged once by a candidate who applied, the date visible to the agency only", async () => {
    clock.set("2026-05-04T09:00:00Z");
    const id = await domain.agencyDocuments.shareAgencyDocument(agency.consultant, {
      title: "Règlement intérieur",
      kind: "rules",
      upload: { name: "reglement.pdf", bytes: pdfBytes() },
    });
    const lea = await candidate();
    const tom = await candidate();
    // before applying the candidate neither sees nor acknowledges it
    expect(await domain.agencyDocuments.agencyDocumentsForCandidate(lea)).toEqual([]);
    expect(await keyOf(domain.agencyDocuments.acknowledgeAgencyDocument(lea, id))).toBe("document_not_found");
    const adId = await domain.missions.createAd(agency.consultant, {
      fields: sampleAdFields({ questions: [] }),
      publish: true,
    });
    await domain.applications.apply(lea, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "upload", name: "cv.pdf", bytes: pdfBytes() },
    });

    expect(await domain.agencyDocuments.agencyDocumentsForCandidate(lea)).toMatchObject([
      { id, title: "Règlement intérieur", kind: "rules", acknowledgedAt: null },
    ]);
    expect((await domain.agencyDocuments.agencyDocumentFile(lea, id))?.name).toBe("reglement.pdf");
    expect(await domain.agencyDocuments.agencyDocumentFile(tom, id)).toBeNull();
    expect(await domain.agencyDocuments.agencyDocumentFile(other.consultant, id)).toBeNull();

    await domain.agencyDocuments.acknowledgeAgencyDocument(lea, id);
    clock.advance(DAY);
    await domain.agencyDocuments.acknowledgeAgencyDocument(lea, id); // again: the first date stays
    expect(await keyOf(domain.agencyDocuments.acknowledgeAgencyDocument(tom, id))).toBe("document_not_found");
    expect((await domain.agencyDocuments.agencyDocumentsForCandidate(lea))[0]?.acknowledgedAt).toBe(
      "2026-05-04T09:00:00.000Z",
    );

    const [mine] = await domain.agencyDocuments.agencyDocuments(agency.consultant);
    expect(mine?.acknowledgements).toEqual([
      { userId: lea.id, name: expect.stringContaining("Zoé"), acknowledgedAt: "2026-05-04T09:00:00.000Z" },
    ]);
    // client users read the list without the acknowledgements; another agency sees nothing
    expect((await domain.agencyDocuments.agencyDocuments(agency.manager))[0]).toMatchObject({
      id,
      acknowledgements: null,
    });
    expect(await domain.agencyDocuments.agencyDocuments(other.consultant)).toEqual([]);
    expect(await keyOf(domain.agencyDocuments.withdrawAgencyDocument(other.consultant, id))).toBe("document_not_found");
    expect(
      await keyOf(
        domain.agencyDocuments.shareAgencyDocument(agency.manager, {
          title: "x",
          kind: "rules",
          upload: { name: "x.pdf", bytes: pdfBytes() },
        }),
      ),
    ).toBe("not_authorized");

    await domain.agencyDocuments.withdrawAgencyDocument(agency.consultant, id);
    expect(await domain.agencyDocuments.agencyDocumentsForCandidate(lea)).toEqual([]);
  });
});
