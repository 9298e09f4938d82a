import { defineConfig, devices } from "@playwright/test";
import { COMPILED_START_ARGS } from "./server/cli/build-server";
import { CHROMIUM_ARGS, E2E, E2E_BASE_URL, TEST_CHROMIUM_PATH } from "./tests/support/e2e-env";

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  retries: 0,
  forbidOnly: true,
  timeout: 30_000,
  expect: { timeout: 5_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  use: {
    baseURL: E2E_BASE_URL,
    trace: "retain-on-failure",
    launchOptions: { executablePath: TEST_CHROMIUM_PATH, args: CHROMIUM_ARGS },
    // the service worker (issue 31) only where a spec tests it (tests/e2e/mobile): elsewhere it
    // would install and fetch ahead in every new context, for nothing those specs look at
    serviceWorkers: "block",
  },
  projects: [
    // signs each demo account in once through /login and stores its session (tests/e2e/fixtures.ts)
    {
      name: "sessions",
      testMatch: /sessions\.setup\.ts$/,
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
    {
      name: "chromium",
      dependencies: ["sessions"],
      use: { ...devices["Desktop Chrome"], viewport: { width: 1280, height: 800 } },
    },
  ],
  // The built app (production mode) with fresh embedded Postgres and Meilisearch and the demo data.
  webServer: {
    command: `rm -rf ${E2E.dataDir} ${E2E.sessionsDir} && tsx server/cli/build-server.ts && node ${COMPILED_START_ARGS.join(" ")}`,
    url: `${E2E_BASE_URL}/healthz`,
    // a fresh start (initdb, migrations, demo data) takes about a minute alone, several on a loaded machine
    timeout: 300_000,
    reuseExistingServer: false,
    // SIGTERM runs the app's ordered shutdown, which stops its embedded Postgres and Meilisearch
    gracefulShutdown: { signal: "SIGTERM", timeout: 20_000 },
    stdout: "ignore",
    stderr: "pipe",
    env: {
      NODE_ENV: "production",
      PORT: String(E2E.port),
      DATA_DIR: E2E.dataDir,
      EMBEDDED_PG_PORT: String(E2E.pgPort),
      EMBEDDED_MEILI_PORT: String(E2E.meiliPort),
      LOG_LEVEL: "warn",
      PROCESSOR_POLL_MS: "500",
      // the specs count on the demo accounts only; the generated candidates have their own integration test
      DEMO_CANDIDATES: "0",
    },
  },
});
