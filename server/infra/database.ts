import path from "node:path";
import { drizzle } from "drizzle-orm/postgres-js";
import { migrate } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import type { Db } from "../event-store/types";
import type { Logger } from "../lib/logger";
import { ROOT } from "../lib/root";

export const MIGRATIONS_DIR = path.join(ROOT, "migrations");

export function connect(url: string, logger: Logger, max = 20): Db {
  return postgres(url, {
    max,
    idle_timeout: 30,
    onnotice: () => {},
    connection: { application_name: "missio" },
    debug: false,
    // postgres.js reports broken connections through thrown errors; log them instead of crashing
    onclose: () => logger.debug({ component: "db" }, "connection closed"),
  }) as unknown as Db;
}

export async function runMigrations(url: string) {
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    // One migrator at a time, even when web and worker processes start together.
    await sql`select pg_advisory_lock(727274)`;
    await migrate(drizzle(sql), { migrationsFolder: MIGRATIONS_DIR });
    await sql`select pg_advisory_unlock(727274)`;
  } finally {
    await sql.end();
  }
}
