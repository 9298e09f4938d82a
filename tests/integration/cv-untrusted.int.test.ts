/**
 * Untrusted CVs are read in a child process with limits that really stop the work (issue 27): a
 * content stream inflating to gigabytes, a 20,000 × 20,000 scan, a page of /UserUnit 20 and a file
 * that runs past its time limit are refused with their reason, the child is gone afterwards, and
 * another candidate's ordinary CV is parsed while a bomb is still being read.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { contentBombPdf, hugeImagePdf, slowPdf, userUnitPdf } from "../support/cv-bombs";
import {
  createLogger,
  createStorage,
  integrationHarness,
  jobDefinitions,
  startJobs,
  type Actor,
  type JobDeps,
} from "../support/harness";
import { waitFor } from "../support/wait";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-cv-untrusted-"));
const { db, domain } = integrationHarness({ domain: { storage: createStorage(dataDir) }, timeout: 120_000 });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const sample = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/cv", name)));
let n = 0;
async function candidate(): Promise<Actor> {
  const id = await domain.identity.registerUser({
    email: `untrusted.${++n}.${Date.now()}@example.test`,
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

/** The CV readers (cv/sandbox.ts children) this process has running. */
function readers(): number[] {
  return fs
    .readdirSync("/proc")
    .filter((p) => /^\d+$/.test(p))
    .filter((pid) => {
      try {
        const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
        const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
        return ppid === process.pid && fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("extract-child");
      } catch {
        return false;
      }
    })
    .map(Number);
}

async function parseOf(who: Actor, documentId: string) {
  return (await domain.candidates.cvSuggestions(who, who.id)).find((p) => p.documentId === documentId);
}

describe("untrusted CVs", () => {
  it("a content stream inflating to 1.5 GB is refused for its memory, and its reader is gone", async () => {
    const marie = await candidate();
    const bomb = await contentBombPdf(1500);
    expect(bomb.byteLength).toBeLessThan(100_000);
    const cv = await domain.candidates.addCv(marie, { name: "cv.pdf", bytes: bomb });
    expect(await domain.candidates.parseCv(cv.fileId)).toBe("failed");
    expect(await parseOf(marie, cv.fileId)).toMatchObject({ status: "failed", reason: "too_demanding" });
    expect(readers()).toEqual([]);
  });

  it("a scan drawing a 20,000 × 20,000 image goes to OCR and is refused before the image is decoded", async () => {
    const luc = await candidate();
    const cv = await domain.candidates.addCv(luc, { name: "scan.pdf", bytes: await hugeImagePdf(20_000) });
    expect(await domain.candidates.parseCv(cv.fileId)).toBe("ocr");
    expect(await parseOf(luc, cv.fileId)).toMatchObject({ status: "reading", progress: { page: 0, pages: 0 } });
    expect(await domain.candidates.ocrCv(cv.fileId)).toBe("failed");
    expect(await parseOf(luc, cv.fileId)).toMatchObject({ status: "failed", reason: "image_too_large" });
    expect(readers()).toEqual([]);
  });

  it("a page of /UserUnit 20 is refused before it is rendered", async () => {
    const eva = await candidate();
    const cv = await domain.candidates.addCv(eva, { name: "big.pdf", bytes: userUnitPdf(20) });
    expect(await domain.candidates.parseCv(cv.fileId)).toBe("ocr");
    expect(await domain.candidates.ocrCv(cv.fileId)).toBe("failed");
    expect(await parseOf(eva, cv.fileId)).toMatchObject({ status: "failed", reason: "page_too_large" });
    expect(readers()).toEqual([]);
  });

  it("while a file runs to its time limit, the parse queue parses another candidate's CV and requests are served", async () => {
    // the real job queue, working the candidates' parse jobs as a worker process does
    const logger = createLogger("silent");
    const jobs = await startJobs(db.url, logger, { work: true });
    try {
      const deps: JobDeps = {
        sql: db.sql,
        logger,
        send: jobs.send,
        sessions: { purgeExpired: async () => 0 },
        mailTransport: null,
        vapid: undefined as never,
        adSearch: undefined as never,
        librarySearch: undefined as never,
        adFits: undefined as never,
      };
      await jobs.define(jobDefinitions(domain, deps));
      await jobs.work();
      const slow = await candidate();
      const other = await candidate();
      const bombCv = await domain.candidates.addCv(slow, { name: "slow.pdf", bytes: await slowPdf(5000, 2) });
      await jobs.send("candidates.parse-cv", { documentId: bombCv.fileId });
      // the bomb's reader is at work before the ordinary CV is even uploaded
      await waitFor(() => readers().length > 0, { timeout: 20_000, message: "the bomb's reader at work" });

      const cv = await domain.candidates.addCv(other, { name: "cv.pdf", bytes: sample("cv-fr.pdf") });
      await jobs.send("candidates.parse-cv", { documentId: cv.fileId });
      await waitFor(async () => (await parseOf(other, cv.fileId))?.status === "parsed", {
        timeout: 20_000,
        message: "the ordinary CV parsed",
      });
      expect(await domain.candidates.candidateDocuments(other.id)).toHaveLength(1);
      // ... while the bomb is still being read (the ordinary CV's reader may take a moment to exit)
      expect(await parseOf(slow, bombCv.fileId)).toBeUndefined();
      await waitFor(() => readers().length === 1, {
        timeout: 5_000,
        message: () => `one reader left (${readers().length})`,
      });

      await waitFor(async () => (await parseOf(slow, bombCv.fileId))?.status === "failed", {
        timeout: 60_000,
        message: "the bomb refused",
      });
      expect(await parseOf(slow, bombCv.fileId)).toMatchObject({ reason: "timeout" });
      expect(readers()).toEqual([]);
    } finally {
      await jobs.stop();
    }
  });
});
