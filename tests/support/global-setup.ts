import fs from "node:fs";
import path from "node:path";
import postgres from "postgres";
import type { TestProject } from "vitest/node";
import { runMigrations } from "../../server/infra/database";
import { startEmbeddedMeilisearch } from "../../server/infra/embedded-meilisearch";
import { startEmbeddedPostgres } from "../../server/infra/embedded-postgres";
import { createLogger } from "../../server/lib/logger";

declare module "vitest" {
  export interface ProvidedContext {
    pgAdminUrl: string;
    meiliUrl: string;
    meiliKey: string;
  }
}

/**
 * Real PostgreSQL and Meilisearch for the integration tests, fresh for each run. A migrated
 * template database lets every test file clone its own database in milliseconds.
 */
export default async function setup(project: TestProject) {
  const dir = path.resolve(`.data-test/int-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  const logger = createLogger("warn");
  const pgPort = 55400 + (process.pid % 500);
  const pg = await startEmbeddedPostgres(dir, pgPort, logger);
  const meili = await startEmbeddedMeilisearch(dir, pgPort + 1000, logger);
  const adminUrl = pg.url.replace(/\/missio$/, "/postgres");
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin`create database missio_template`;
  await runMigrations(adminUrl.replace(/\/postgres$/, "/missio_template"));
  await admin.end();
  project.provide("pgAdminUrl", adminUrl);
  project.provide("meiliUrl", meili.url);
  project.provide("meiliKey", meili.masterKey);
  return async () => {
    await meili.stop();
    await pg.stop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
}
