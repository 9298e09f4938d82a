import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../../server/infra/database";
import { startEmbeddedPostgres } from "../../server/infra/embedded-postgres";
import { createLogger } from "../../server/lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    /** one PostgreSQL server per test worker (tests/support/test-db.ts picks the worker's) */
    pgAdminUrls: string[];
  }
}

/** as many as vitest.config.ts's integration maxWorkers */
const SERVERS = 2;

/**
 * Real PostgreSQL for the integration tests, fresh for each run: one server per worker, since the
 * event store's commit-safe read stops at the server-wide oldest open transaction (xmin), which a
 * file running beside another on a shared server would see move with the other's transactions. A
 * migrated template database lets every test file clone its own database in milliseconds.
 * Meilisearch is each file's own (tests/support/own-meilisearch.ts): the index names are fixed.
 */
export default async function setup(project: TestProject) {
  const logger = createLogger("warn");
  const servers = await Promise.all(
    Array.from({ length: SERVERS }, async (_, i) => {
      const dir = path.resolve(`.data-test/int-${process.pid}-${i}`);
      fs.rmSync(dir, { recursive: true, force: true });
      const pgPort = 55400 + ((process.pid + i * 7) % 500);
      // a crash would lose a test run's data only: no waiting on the disk
      const pg = await startEmbeddedPostgres(dir, pgPort, logger, [
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
      ]);
      const adminUrl = pg.url.replace(/\/missio$/, "/postgres");
      const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
      await admin`create database missio_template`;
      await runMigrations(adminUrl.replace(/\/postgres$/, "/missio_template"));
      await admin.end();
      return { dir, pg, adminUrl };
    }),
  );
  project.provide(
    "pgAdminUrls",
    servers.map((s) => s.adminUrl),
  );
  return async () => {
    for (const { pg, dir } of servers) {
      await pg.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  };
}
