import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import {
  createStorage,
  INLINE_PROJECTIONS,
  integrationHarness,
  rebuildProjections,
  type Actor,
} from "../support/harness";
import { pdfBytes } from "../support/documents";

/**
 * Retention of refused applications (issue 30, ADR 0048, rule "refused-applications") with the
 * injected clock: two years after the refusal the application loses the candidate's words, answers
 * and CV, in its row and in its events (nothing left to decrypt), unless the candidate agreed to
 * stay in the talent pool; the row stays for the ad's counts, a rebuild brings nothing back, and
 * a CV that is also one of the candidate's documents stays a document.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-refusals-"));
const storage = createStorage(dataDir);
const { db, domain, clock } = integrationHarness({ seed: true, clock: true, domain: { storage } });
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));
const DAY = 86_400_000;

let n = 0;
async function candidate(): Promise<Actor> {
  const id = await domain.identity.registerUser({
    email: `refused.${++n}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Nora${n}`,
    lastName: "Favre",
    role: "CANDIDATE",
    locale: "fr",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}

const row = async (id: string) =>
  (
    await db.sql<
      {
        status: number;
        message: string | null;
        cvFileId: string | null;
        cvName: string | null;
        anonymisedAt: Date | null;
        updatedAt: Date;
      }[]
    >`select status, message, cv_file_id as "cvFileId", cv_name as "cvName", anonymised_at as "anonymisedAt",
        updated_at as "updatedAt" from rm_applications where id = ${id}`
  )[0]!;
/** the ciphertext the application's events still hold (the candidate's key is alive) */
const sealed = async (id: string) =>
  (
    await db.sql<{ n: number }[]>`select count(*)::int as n from events
      where stream_id = ${`application-${id}`} and data->'$pii' ? 'c'`
  )[0]!.n;

describe("refused applications", () => {
  it("lose the candidate's words two years after the refusal, unless in the talent pool; a rebuild keeps them out", async () => {
    const [ge] = await db.sql<{ id: string; agencyId: string }[]>`
      select id, agency_id as "agencyId" from rm_users where email = 'consultant.ge@demo.test'`;
    const consultant: Actor = { id: ge!.id, role: "ADMIN_CONSULTANT", agencyId: ge!.agencyId, clientId: null };
    const ads = await db.sql<{ id: number }[]>`
      select id::int as id from rm_ads where agency_id = ${ge!.agencyId} and status = 'online'
        and jsonb_array_length(coalesce(fields->'questions', '[]'::jsonb)) = 0 order by id limit 2`;
    expect(ads).toHaveLength(2);

    const refused = await candidate();
    const pooled = await candidate();
    await domain.candidates.saveProfile(pooled, {
      type: "SaveTalentPool",
      expectedVersion: 0,
      values: { talentPool: "yes" },
    });
    const cv = (text: string) => ({ kind: "upload" as const, name: "CV Nora.pdf", bytes: pdfBytes(text) });
    // one CV uploaded with the application only, one that is also among the candidate's documents
    const upload = await domain.applications.apply(refused, {
      adId: ads[0]!.id,
      source: "S01",
      answers: [],
      message: "Je serais ravie de rejoindre votre équipe",
      cv: cv("only for this application"),
    });
    const stored = await domain.candidates.addCv(refused, { name: "Mon CV.pdf", bytes: pdfBytes("my documents") });
    const shared = await domain.applications.apply(refused, {
      adId: ads[1]!.id,
      source: "S01",
      answers: [],
      message: "Disponible dès lundi",
      // the latest CV among the candidate's documents
      cv: { kind: "registered" },
    });
    const kept = await domain.applications.apply(pooled, {
      adId: ads[0]!.id,
      source: "S01",
      answers: [],
      message: "Dans le vivier",
      cv: cv("pooled"),
    });
    const pending = await domain.applications.apply(await candidate(), {
      adId: ads[0]!.id,
      source: "S01",
      answers: [],
      message: "Toujours en attente",
      cv: { kind: "registered" },
    });
    await domain.applications.addNote(consultant, upload, "Profil intéressant, refus pour l'instant");
    for (const id of [upload, shared, kept])
      await domain.applications.changeStatus(consultant, id, { to: 1, reason: null });
    const uploadFile = (await row(upload)).cvFileId!;
    expect(await storage.exists(uploadFile)).toBe(true);
    expect(await sealed(upload)).toBeGreaterThan(0);

    // the demo's own refusals fall due with these (seeded seconds before)
    const [demo] = await db.sql<{ n: number }[]>`
      select count(*)::int as n from rm_applications a left join rm_profiles p on p.user_id = a.candidate_id
      where a.status = 1 and not coalesce(p.talent_pool, false) and a.id not in ${db.sql([upload, shared, kept])}`;
    const others = demo!.n;
    const refusedAt = Math.max(
      ...(await Promise.all([upload, shared, kept].map(async (id) => (await row(id)).updatedAt.getTime()))),
    );
    // the admins' page: due within 30 days once the two years come near
    clock.set(refusedAt + 700 * DAY);
    const admin: Actor = {
      id: (await db.sql<{ id: string }[]>`select id from rm_users where email = 'admin@demo.test'`)[0]!.id,
      role: "PLATFORM_ADMIN",
      agencyId: null,
      clientId: null,
    };
    const rule = async () =>
      (await domain.erasure.retentionOverview(admin)).rules.find((r) => r.id === "refused-applications");
    expect(await rule()).toMatchObject({ delayDays: 730, upcoming: others + 2, erased: 0 });

    // the day before the two years: nothing
    clock.set(refusedAt + 729 * DAY);
    expect(await domain.erasure.applyRetention()).toMatchObject({ anonymised: 0 });
    expect((await row(upload)).message).toBe("Je serais ravie de rejoindre votre équipe");

    // on the day: the two refusals of the candidate who did not consent
    clock.set(refusedAt + 730 * DAY + 60_000);
    expect(await domain.erasure.applyRetention()).toMatchObject({ anonymised: others + 2 });
    for (const id of [upload, shared]) {
      expect(await row(id)).toMatchObject({ status: 1, message: null, cvFileId: null, cvName: null });
      expect((await row(id)).anonymisedAt).not.toBeNull();
      expect(await sealed(id)).toBe(0);
    }
    // the file sent with the application only is gone; the one among the documents stays there
    expect(await storage.exists(uploadFile)).toBe(false);
    expect(await storage.exists(stored.fileId)).toBe(true);
    expect((await domain.candidates.myDocuments(refused)).some((d) => d.id === stored.fileId)).toBe(true);
    // the talent pool's and the pending one keep everything
    expect(await row(kept)).toMatchObject({ message: "Dans le vivier", anonymisedAt: null });
    expect(await row(pending)).toMatchObject({ message: "Toujours en attente", anonymisedAt: null });
    // the agency still opens it: its history without the words
    const details = await domain.applications.applicationDetails(consultant, upload);
    expect(JSON.stringify(details)).not.toContain("Profil intéressant");
    expect(JSON.stringify(details)).not.toContain("ravie");
    // once only; the page counts it
    expect(await domain.erasure.applyRetention()).toMatchObject({ anonymised: 0 });
    expect(await rule()).toMatchObject({ upcoming: 0, erased: others + 2 });

    // a rebuild from the log brings nothing back
    await rebuildProjections(domain.store, INLINE_PROJECTIONS);
    expect(await row(upload)).toMatchObject({ status: 1, message: null, cvFileId: null, cvName: null });
    expect((await row(upload)).anonymisedAt).not.toBeNull();
    expect(await row(kept)).toMatchObject({ message: "Dans le vivier" });
  });
});
