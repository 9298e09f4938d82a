import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../../server/infra/database";
import { startEmbeddedPostgres } from "../../server/infra/embedded-postgres";
import { createLogger } from "../../server/lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
  }
}

/**
 * Real PostgreSQL for the integration tests, fresh for each run. A migrated template database
 * lets every test file clone its own database in milliseconds. Meilisearch is each file's own
 * (tests/support/own-meilisearch.ts): the files run two at a time and the index names are fixed.
 */
export default async function setup(project: TestProject) {
  const dir = path.resolve(`.data-test/int-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const logger = createLogger("warn");
  const pgPort = 55400 + (process.pid % 500);
  // a crash would lose a test run's data only: no waiting on the disk
  const pg = await startEmbeddedPostgres(dir, pgPort, logger, [
    "-c",
    "fsync=off",
    "-c",
    "synchronous_commit=off",
    "-c",
    "full_page_writes=off",
    // two files at a time, each with an app of several pools (web processes: three apps)
    "-c",
    "max_connections=500",
  ]);
  const adminUrl = pg.url.replace(/\/missio$/, "/postgres");
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin`create database missio_template`;
  await runMigrations(adminUrl.replace(/\/postgres$/, "/missio_template"));
  await admin.end();
  project.provide("pgAdminUrl", adminUrl);
  return async () => {
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
