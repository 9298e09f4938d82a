import fs from "node:fs";

/** Where the end-to-end server runs: its own data dir and ports, so it never meets `npm start`. */
export const E2E = {
  port: Number(process.env.E2E_PORT ?? 3199),
  pgPort: Number(process.env.E2E_PG_PORT ?? 54399),
  meiliPort: Number(process.env.E2E_MEILI_PORT ?? 7799),
  get dataDir() {
    return `.data-test/e2e-${this.port}`;
  },
  /** the demo accounts' stored sessions (Playwright storage states), written by the setup project each run */
  get sessionsDir() {
    return `.data-test/e2e-${this.port}-sessions`;
  },
};
export const E2E_BASE_URL = `http://localhost:${E2E.port}`;
export const E2E_DATABASE_URL = `postgres://postgres:postgres@127.0.0.1:${E2E.pgPort}/missio`;

/** Debian's Chromium (never a browser download), overridable for other machines. */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/** Debian's package chromium-headless-shell: the same Chromium's engine without the browser around it. */
export const HEADLESS_SHELL_PATH = "/usr/lib/chromium/chromium-headless-shell";
/**
 * What the end-to-end tests drive: the headless shell when installed (a third less CPU per test
 * than Chromium's own headless mode, which runs the whole browser; the CPU is what the suite waits
 * on), else Chromium. The benchmarks keep Chromium, as a person's browser is.
 */
export const TEST_CHROMIUM_PATH =
  process.env.TEST_CHROMIUM_PATH ?? (fs.existsSync(HEADLESS_SHELL_PATH) ? HEADLESS_SHELL_PATH : CHROMIUM_PATH);
export const CHROMIUM_ARGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
