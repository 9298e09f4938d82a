import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { afterAll, describe, expect, it } from "vitest";
import { AppError, createStorage, integrationHarness, type Actor } from "../support/harness";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-data-export-"));
const { domain, clock } = integrationHarness({
  clock: true,
  seed: true,
  domain: { storage: createStorage(dataDir) },
  timeout: 180_000,
});
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

const DAY = 24 * 60 * 60 * 1000;
async function candidate(email: string): Promise<Actor> {
  const user = await domain.identity.credentialsByEmail(email);
  return { id: user!.id, role: "CANDIDATE", agencyId: null, clientId: null };
}
const refusal = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : Promise.reject(e)),
  );

describe("data export", () => {
  it("builds a ZIP of what the candidate entered, for them only, one at a time, and expires after 7 days", async () => {
    const lea = await candidate("candidate@demo.test");
    const hugo = await candidate("candidate.fr@demo.test");

    const exportId = await domain.privacy.requestDataExport(lea);
    expect(await domain.privacy.myDataExport(lea)).toMatchObject({ id: exportId, status: "building" });
    // one at a time: a second request while it builds is refused
    expect(await refusal(domain.privacy.requestDataExport(lea))).toBe("data_export_in_progress");
    // nothing yet to download
    expect(await domain.privacy.dataExportFile(lea, exportId)).toBeNull();

    // what the privacy.build-data-export job runs; a second delivery changes nothing
    expect(await domain.privacy.buildDataExport(exportId)).toBe("ready");
    expect(await domain.privacy.buildDataExport(exportId)).toBe("skipped");
    const view = await domain.privacy.myDataExport(lea);
    expect(view).toMatchObject({ status: "ready" });
    expect(Date.parse(view!.expiresAt!) - clock.now().getTime()).toBe(7 * DAY);

    const file = await domain.privacy.dataExportFile(lea, exportId);
    expect(file?.name).toMatch(/^missio-data-\d{4}-\d{2}-\d{2}\.zip$/);
    const zip = unzipSync(file!.bytes);
    const json = (name: string) => JSON.parse(strFromU8(zip[name]!)) as unknown;
    expect(Object.keys(zip)).toEqual(
      expect.arrayContaining([
        "README.txt",
        "account.json",
        "profile.json",
        "profile-history.json",
        "applications.json",
        "proposals.json",
        "missions.json",
        "favourites.json",
        "saved-searches.json",
        "notifications.json",
        "documents.json",
      ]),
    );
    // README in the person's language (Léa's is French)
    expect(strFromU8(zip["README.txt"]!)).toContain("Vos données Missio — Léa");
    expect(json("account.json")).toMatchObject({ email: "candidate@demo.test", firstName: "Léa" });

    // the profile as entered
    const profile = await domain.candidates.myProfile(lea);
    expect(json("profile.json")).toEqual(JSON.parse(JSON.stringify(profile)));
    expect((json("profile-history.json") as unknown[]).length).toBeGreaterThan(0);

    // applications with their timelines
    const applications = json("applications.json") as { id: string; timeline: unknown[] }[];
    const statuses = await domain.applications.myStatuses(lea);
    expect(applications.map((a) => a.id).sort()).toEqual(statuses.map((s) => s.id).sort());
    expect(applications.length).toBeGreaterThan(0);
    expect(applications.every((a) => Array.isArray(a.timeline) && a.timeline.length > 0)).toBe(true);

    // every document, byte for byte, in its original format
    const documents = await domain.candidates.myDocuments(lea);
    expect(documents.length).toBeGreaterThan(0);
    for (const d of documents) {
      const original = await domain.candidates.myDocumentFile(lea, d.id);
      const inZip = Object.entries(zip).find(
        ([name, content]) => name.startsWith("documents/") && Buffer.from(content).equals(Buffer.from(original!.bytes)),
      );
      expect(inZip, d.name).toBeTruthy();
    }

    // the owner only: another candidate, or a made-up id, gets nothing (404 at the route)
    expect(await domain.privacy.dataExportFile(hugo, exportId)).toBeNull();
    expect(await domain.privacy.dataExportFile(lea, "not-a-uuid")).toBeNull();
    expect(await domain.privacy.myDataExport(hugo)).toBeNull();

    // ready: a new request (a day later) is accepted again
    clock.advance(DAY);
    const second = await domain.privacy.requestDataExport(lea);
    expect(await domain.privacy.buildDataExport(second)).toBe("ready");

    // expiry: nothing swept before 7 days; after, the files are gone and the download refused
    clock.advance(6 * DAY - 60_000);
    expect(await domain.privacy.sweepDataExports()).toBe(0);
    clock.advance(2 * 60_000);
    expect(await domain.privacy.dataExportFile(lea, exportId)).toBeNull();
    const [row] = await domain.store.sql<
      { fileId: string }[]
    >`select file_id as "fileId" from rm_data_exports where export_id = ${exportId}`;
    expect(await domain.storage.exists(row!.fileId)).toBe(true);
    expect(await domain.privacy.sweepDataExports()).toBe(1);
    expect(await domain.storage.exists(row!.fileId)).toBe(false);
    expect(await domain.privacy.myDataExport(lea)).toMatchObject({ id: second, status: "ready" });
    clock.advance(DAY);
    expect(await domain.privacy.sweepDataExports()).toBe(1);
    expect(await domain.privacy.sweepDataExports()).toBe(0);
    expect(await domain.privacy.myDataExport(lea)).toMatchObject({ id: second, status: "expired" });
  });

  it("the ready export tells the candidate in the app and by mail", async () => {
    const { dataExportNotices } = await import("../../server/modules/privacy");
    const [notice] = dataExportNotices.notices(
      {
        type: "DataExportReady",
        data: { userId: "u", exportId: "e", fileId: "f", size: 1, expiresAt: "2026-12-01T10:00:00.000Z" },
      } as never,
      { publicUrl: "https://missio.example" },
    );
    expect(notice).toMatchObject({
      userId: "u",
      kind: "data_export_ready",
      params: { expires: "01/12/2026" },
      mail: { template: "dataExportReady", params: { link: "https://missio.example/mes-informations#data-export" } },
    });
  });
});
