import postgres from "postgres";
import { describe, expect, it } from "vitest";
import { seedDemoCandidates } from "../../db/seed/demo-candidates";
import { DEMO_PASSWORD } from "../../db/seed/password";
import type { Db } from "../../server/event-store/types";
import { demoCandidateJobs, resumeDemoCandidates } from "../../server/jobs/demo-candidates";
import { createLogger } from "../../server/lib/logger";
import { createDomain } from "../../server/services";
import { createTestDatabase } from "../support/test-db";

/**
 * The generated demo candidates are seeded in the background; a database connection lost
 * half-way stopped the seeding for good (issue 27: the next start saw the first candidate and
 * skipped it). Here the connection really ends in the middle of a candidate (after its account
 * and profile, before its CV), and the seeding must then finish with every candidate once.
 */
type TestDb = Awaited<ReturnType<typeof createTestDatabase>>;

/** The seeding's services over a pool of their own, which ends when the `cutAt`-th CV is about to be stored. */
function cutOff(db: TestDb, cutAt: number) {
  const pool = postgres(db.url, { max: 2, onnotice: () => {} }) as unknown as Db;
  const domain = createDomain(pool);
  let cvs = 0;
  const candidates = {
    ...domain.candidates,
    async addDocument(...args: Parameters<typeof domain.candidates.addDocument>) {
      if (++cvs === cutAt) await pool.end({ timeout: 0 });
      return domain.candidates.addDocument(...args);
    },
  };
  return { ...domain, candidates };
}

/** Every generated candidate 1..count exists once, with one profile, one training and one CV. */
async function expectEachOnce(db: TestDb, count: number) {
  const rows = await db.sql<{ email: string; cvs: number; trainings: number; identity: boolean }[]>`
    select u.email,
      (select count(*)::int from rm_candidate_documents d where d.user_id = u.id and d.category = 'cv') as cvs,
      (select count(*)::int from rm_profile_entries e where e.user_id = u.id and e.list = 'training') as trainings,
      exists (select 1 from rm_profiles p where p.user_id = u.id and p.identity is not null) as identity
    from rm_users u where u.email like '%@demo-candidates.test'`;
  const indexes = rows.map((r) => Number(/\.(\d+)@/.exec(r.email)![1])).sort((a, b) => a - b);
  expect(indexes).toEqual(Array.from({ length: count }, (_, i) => i + 1));
  for (const r of rows) expect(r, r.email).toMatchObject({ cvs: 1, trainings: 1, identity: true });
}

describe("the generated demo candidates", () => {
  it("a run cut off by a lost connection is finished by the next one, each candidate once", async () => {
    const db = await createTestDatabase();
    try {
      await expect(seedDemoCandidates(cutOff(db, 5), DEMO_PASSWORD, 8)).rejects.toThrow();
      // the fifth has its account already: the next run makes the last three and finishes the fifth
      expect(await seedDemoCandidates(createDomain(db.sql), DEMO_PASSWORD, 8)).toBe(3);
      await expectEachOnce(db, 8);
      expect(await seedDemoCandidates(createDomain(db.sql), DEMO_PASSWORD, 8)).toBe(0);
    } finally {
      await db.drop();
    }
  }, 120_000);

  it("as a job in batches: a batch that fails is queued again by the next start where it stopped", async () => {
    const db = await createTestDatabase();
    try {
      const queued: { from: number; total: number }[] = [];
      const send = async (_name: string, payload: unknown) => (queued.push(payload as (typeof queued)[number]), "id");
      const logger = createLogger("silent");
      const domain = createDomain(db.sql);
      const [job] = demoCandidateJobs(domain, { logger, send }, 4);
      // the first start queues it from the first candidate; each batch queues the next
      expect(await resumeDemoCandidates(domain, send, 10)).toBe(1);
      await job!.handler(queued.shift()!, "1");
      expect(queued).toEqual([{ from: 5, total: 10 }]);
      // the second batch loses its connection at its second candidate's CV (the sixth)
      const [cut] = demoCandidateJobs(cutOff(db, 2), { logger, send }, 4);
      await expect(cut!.handler(queued.shift()!, "2")).rejects.toThrow();
      expect(queued).toEqual([]);
      // the next start finds where it stopped and queues it from there; the batches then finish it
      expect(await resumeDemoCandidates(domain, send, 10)).toBe(6);
      while (queued.length) await job!.handler(queued.shift()!, "3");
      await expectEachOnce(db, 10);
      expect(await resumeDemoCandidates(domain, send, 10)).toBeNull();
      expect(queued).toEqual([]);
    } finally {
      await db.drop();
    }
  }, 120_000);
});
