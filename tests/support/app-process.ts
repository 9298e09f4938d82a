/**
 * A real second app process for integration tests: `node --import tsx tests/support/app-process.ts`
 * with MISSIO_TEST_APP = JSON {databaseUrl, meiliUrl, meiliKey, sessionSecret}. Starts the web role
 * (MISSIO_TEST_ROLE: another) on an ephemeral port, prints `READY <url>` and stops cleanly on
 * SIGTERM. With MISSIO_TEST_WEB_PROCESSES it forks that many web processes as `npm start` does
 * (MISSIO_TEST_RESTART_WINDOW_MS: their restart window).
 */
import { startApp } from "../../server/app";
import { loadEnv } from "../../server/env";
import { createLogger } from "../../server/lib/logger";
import { forkedWebInfra, forkWebProcesses, stopWhenAsked } from "../../server/web-processes";

const config = JSON.parse(process.env.MISSIO_TEST_APP ?? "{}") as {
  databaseUrl: string;
  meiliUrl: string;
  meiliKey: string;
  sessionSecret: string;
};
const infra = { ...config, secureCookies: false };
const env = loadEnv({
  NODE_ENV: "production",
  ROLE: process.env.MISSIO_TEST_ROLE ?? "web",
  PORT: "0",
  HOST: "127.0.0.1",
  LOG_LEVEL: "warn",
  PROCESSOR_POLL_MS: "200",
  SEED_DEMO: "false",
});
const logger = createLogger(env.LOG_LEVEL);
const webProcesses = Number(process.env.MISSIO_TEST_WEB_PROCESSES ?? 0);

let close: (() => Promise<void>) | undefined;
const forked = forkedWebInfra();
if (forked) {
  const app = await startApp({ env: { ...env, ROLE: "web" }, logger, infra: forked });
  // the primary asks it to stop (its own SIGTERM below has nothing to close)
  stopWhenAsked(() => app.close(), logger);
} else if (webProcesses > 1) {
  // MISSIO_TEST_RESTART_WINDOW_MS: how soon after its start a web process that dies is left dead
  const restartWindow = process.env.MISSIO_TEST_RESTART_WINDOW_MS;
  const web = forkWebProcesses(webProcesses, infra, logger, {
    graceMs: 10_000,
    ...(restartWindow ? { restartWindowMs: Number(restartWindow) } : {}),
  });
  const port = await web.ready;
  close = () => web.stop();
  process.stdout.write(`READY http://127.0.0.1:${port}\n`);
} else {
  const app = await startApp({ env, logger, infra });
  close = () => app.close();
  process.stdout.write(`READY ${app.url}\n`);
}

let closing = false;
process.on("SIGTERM", () => {
  if (closing || !close) return;
  closing = true;
  close().then(
    () => process.exit(0),
    (err: unknown) => {
      logger.error({ err }, "close failed");
      process.exit(1);
    },
  );
});
