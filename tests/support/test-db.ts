import { randomBytes } from "node:crypto";
import postgres from "postgres";
import { inject } from "vitest";
import type { Db } from "../../server/event-store/types";

/** The PostgreSQL server of this test worker (tests/support/global-setup.ts), as its admin database's url. */
export function pgAdminUrl() {
  const urls = inject("pgAdminUrls");
  return urls[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % urls.length]!;
}

/** A database of its own for one test file, cloned from the migrated template. */
export async function createTestDatabase() {
  const adminUrl = pgAdminUrl();
  const name = `t_${randomBytes(6).toString("hex")}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name} template missio_template`);
  await admin.end();
  const url = adminUrl.replace(/\/postgres$/, `/${name}`);
  const sql = postgres(url, { max: 20, onnotice: () => {} }) as unknown as Db;
  return {
    url,
    sql,
    async drop() {
      await sql.end({ timeout: 1 });
      const a = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}
