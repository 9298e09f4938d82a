/**
 * `npm test`: typecheck, lint, format check, unit, production build (the integration and end-to-end tests
 * serve it), integration, end-to-end in Chromium.
 * Stops at the first failing step; ends with one "N passed, N failed" line over all tests.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { CHROMIUM_PATH, TEST_CHROMIUM_PATH } from "./e2e-env";

const bin = (name: string) => path.resolve("node_modules/.bin", name);
const reports = path.resolve(".data-test/reports");
fs.rmSync(reports, { recursive: true, force: true });
fs.mkdirSync(reports, { recursive: true });

function run(title: string, cmd: string, args: string[], env: Record<string, string> = {}) {
  const started = Date.now();
  process.stdout.write(`\n=== ${title}\n`);
  const res = spawnSync(cmd, args, { stdio: "inherit", env: { ...process.env, ...env } });
  process.stdout.write(
    `=== ${title}: ${res.status === 0 ? "ok" : "FAILED"} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
  );
  return res.status === 0;
}

/**
 * The end-to-end tests' browser (tests/support/e2e-env.ts): Debian's headless shell of Chromium,
 * else Chromium; installed when we can (root on Debian), else the exact command to run.
 */
function ensureChromium(): boolean {
  if (fs.existsSync(TEST_CHROMIUM_PATH) && TEST_CHROMIUM_PATH !== CHROMIUM_PATH) return true;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && fs.existsSync("/usr/bin/apt-get")) {
    process.stdout.write("Installing Debian's chromium-headless-shell (and chromium) for the end-to-end tests\n");
    const packages = ["chromium-headless-shell", "chromium"];
    if (
      run("apt-get update", "apt-get", ["update", "-qq"]) &&
      run("install chromium", "apt-get", ["install", "-y", "-qq", ...packages], { DEBIAN_FRONTEND: "noninteractive" })
    )
      return true;
  }
  if (fs.existsSync(TEST_CHROMIUM_PATH)) return true;
  process.stderr.write(
    "\nChromium was not found for the end-to-end tests. Install it with:\n\n    sudo apt-get update && sudo apt-get install -y chromium-headless-shell chromium\n\nor set TEST_CHROMIUM_PATH to a Chromium binary.\n",
  );
  return false;
}

function count(file: string, pick: (json: Record<string, unknown>) => { passed: number; failed: number }) {
  try {
    return pick(JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>);
  } catch {
    return { passed: 0, failed: 0 };
  }
}

const vitestCounts = (j: Record<string, unknown>) => ({
  passed: Number(j.numPassedTests ?? 0),
  failed: Number(j.numFailedTests ?? 0),
});
const playwrightCounts = (j: Record<string, unknown>) => {
  const s = (j.stats ?? {}) as Record<string, number>;
  return { passed: s.expected ?? 0, failed: (s.unexpected ?? 0) + (s.flaky ?? 0) };
};

const steps: [string, () => boolean][] = [
  ["chromium", ensureChromium],
  [
    "typecheck",
    () =>
      run("typecheck", bin("tsc"), ["--noEmit"]) &&
      run("typecheck (service worker)", bin("tsc"), ["--noEmit", "-p", "app/service-worker"]),
  ],
  ["lint", () => run("lint", bin("eslint"), [".", "--max-warnings=0"])],
  // the formatter's width (120) holds: code is reformatted by `npm run format`, never by hand
  ["format", () => run("format", bin("prettier"), ["--check", "."])],
  [
    "unit tests",
    () =>
      run("unit tests", bin("vitest"), [
        "run",
        "--project",
        "unit",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${reports}/unit.json`,
      ]),
  ],
  [
    "build",
    () =>
      run("production build", bin("remix"), ["build"], { NODE_ENV: "production" }) &&
      run("compiled server", bin("tsx"), ["server/cli/build-server.ts", "--force"]) &&
      run("service worker", bin("tsx"), ["server/cli/build-service-worker.ts"]),
  ],
  [
    "integration tests",
    () =>
      run("integration tests", bin("vitest"), [
        "run",
        "--project",
        "integration",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${reports}/integration.json`,
      ]),
  ],
  [
    "end-to-end tests",
    () =>
      run("end-to-end tests (Chromium)", bin("playwright"), ["test", "--reporter=list,json"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/e2e.json`,
      }),
  ],
];

let ok = true;
for (const [, step] of steps) {
  if (!step()) {
    ok = false;
    break;
  }
}
const totals = [
  count(`${reports}/unit.json`, vitestCounts),
  count(`${reports}/integration.json`, vitestCounts),
  count(`${reports}/e2e.json`, playwrightCounts),
].reduce((a, b) => ({ passed: a.passed + b.passed, failed: a.failed + b.failed }), { passed: 0, failed: 0 });
if (!ok && totals.failed === 0) totals.failed = 1; // a failed typecheck, lint or build counts as a failure
process.stdout.write(`\n${totals.passed} passed, ${totals.failed} failed\n`);
process.exit(ok ? 0 : 1);
