import { loadEnv } from "../env";
import { connect } from "../infra/database";
import { resolveInfra } from "../infra/resolve";
import { createLogger, type Logger } from "../lib/logger";
import type { Infra } from "../services";
import type { Db } from "../event-store/types";

/**
 * Runs a maintenance command against the configured (or the embedded, shared if the app runs)
 * database and search engine, then stops what it started.
 */
export async function runCli(name: string, task: (ctx: { sql: Db; infra: Infra; logger: Logger }) => Promise<unknown>) {
  const env = loadEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" });
  const logger = createLogger(env.LOG_LEVEL);
  const infra = await resolveInfra(env, logger);
  const sql = connect(infra.databaseUrl, logger, 4);
  let code = 0;
  try {
    const started = Date.now();
    const result = await task({ sql, infra, logger });
    process.stdout.write(`${name}: ${JSON.stringify(result)} in ${Date.now() - started} ms\n`);
  } catch (error) {
    logger.error({ err: error }, `${name} failed`);
    code = 1;
  } finally {
    await sql.end({ timeout: 5 });
    await infra.stop();
  }
  process.exit(code);
}
