/**
 * A real second app process for integration tests: `node --import tsx tests/support/app-process.ts`
 * with MISSIO_TEST_APP = JSON {databaseUrl, meiliUrl, meiliKey, sessionSecret}. Starts the web role
 * on an ephemeral port, prints `READY <url>` and stops cleanly on SIGTERM.
 */
import { startApp } from "../../server/app";
import { loadEnv } from "../../server/env";
import { createLogger } from "../../server/lib/logger";

const config = JSON.parse(process.env.MISSIO_TEST_APP ?? "{}") as { databaseUrl: string; meiliUrl: string; meiliKey: string; sessionSecret: string };
const env = loadEnv({ NODE_ENV: "production", ROLE: process.env.MISSIO_TEST_ROLE ?? "web", PORT: "0", HOST: "127.0.0.1", LOG_LEVEL: "warn", PROCESSOR_POLL_MS: "200", SEED_DEMO: "false" });
const logger = createLogger(env.LOG_LEVEL);

const app = await startApp({ env, logger, infra: { ...config, secureCookies: false } });
process.stdout.write(`READY ${app.url}\n`);

let closing = false;
process.on("SIGTERM", () => {
  if (closing) return;
  closing = true;
  app.close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err }, "close failed");
      process.exit(1);
    },
  );
});
