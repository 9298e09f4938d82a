import fs from "node:fs";
import path from "node:path";
import type { Env } from "../env";
import { randomToken } from "../lib/ids";
import type { Logger } from "../lib/logger";
import type { Infra } from "../services";
import { runMigrations } from "./database";
import { startEmbeddedMeilisearch } from "./embedded-meilisearch";
import { startEmbeddedPostgres } from "./embedded-postgres";

/**
 * External services when configured, otherwise embedded ones under DATA_DIR. Applies
 * migrations. `stop` shuts down only what this process started, to be called last.
 */
export async function resolveInfra(
  env: Env,
  logger: Logger,
): Promise<Infra & { stop(): Promise<void>; embedded: boolean }> {
  const stops: (() => Promise<void>)[] = [];
  let databaseUrl = env.DATABASE_URL;
  if (!databaseUrl) {
    const pg = await startEmbeddedPostgres(env.dataDir, env.EMBEDDED_PG_PORT, logger);
    stops.push(pg.stop);
    databaseUrl = pg.url;
  }
  let meiliUrl = env.MEILI_URL;
  let meiliKey = env.MEILI_MASTER_KEY;
  if (!meiliUrl) {
    const meili = await startEmbeddedMeilisearch(env.dataDir, env.EMBEDDED_MEILI_PORT, logger);
    stops.unshift(meili.stop);
    meiliUrl = meili.url;
    meiliKey = meili.masterKey;
  }
  await runMigrations(databaseUrl);
  return {
    databaseUrl,
    meiliUrl,
    meiliKey,
    sessionSecret: env.SESSION_SECRET ?? localSecret(env.dataDir),
    secureCookies: env.NODE_ENV === "production" && Boolean(env.DATABASE_URL) && env.COOKIE_SECURE,
    embedded: !env.DATABASE_URL,
    async stop() {
      for (const stop of stops) await stop().catch((err) => logger.warn({ err }, "embedded service stop failed"));
    },
  };
}

/** A secret kept beside the embedded data, so sessions survive restarts. */
function localSecret(dataDir: string) {
  const file = path.join(dataDir, "session-secret");
  fs.mkdirSync(dataDir, { recursive: true });
  if (!fs.existsSync(file)) fs.writeFileSync(file, randomToken(32), { mode: 0o600 });
  return fs.readFileSync(file, "utf8").trim();
}
