import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEMO_PASSWORD, seedDemo } from "../../db/seed/demo";
import { BUILD_PATH, startApp } from "../../server/app";
import { buildServer } from "../../server/cli/build-server";
import { ROOT } from "../../server/lib/root";
import { loadEnv } from "../../server/env";
import { createLogger } from "../../server/lib/logger";
import { createDomain } from "../../server/services";
import { startOwnMeilisearch } from "./own-meilisearch";
import { createTestDatabase } from "./test-db";

/**
 * tests/support/app-process.ts in a child process, configured by `env` (MISSIO_TEST_APP and the
 * other MISSIO_TEST_* settings): its url once it prints READY, what it printed (kept up to date),
 * and a stop (SIGTERM, SIGKILL after 15 s).
 */
export async function spawnAppProcess(env: Record<string, string>, { timeoutMs = 45_000 } = {}) {
  const proc = spawn(process.execPath, ["--import", "tsx", "tests/support/app-process.ts"], {
    cwd: ROOT,
    env: { ...process.env, NODE_ENV: "production", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  proc.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  proc.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`the app process did not start:\n${output}`)), timeoutMs);
    proc.stdout!.on("data", () => {
      const ready = /READY (\S+)\n/.exec(output);
      if (ready) {
        clearTimeout(timer);
        resolve(ready[1]!);
      }
    });
    proc.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`the app process exited with ${code}:\n${output}`));
    });
  });
  const alive = () => proc.exitCode === null && proc.signalCode === null;
  return {
    proc,
    url,
    output: () => output,
    alive,
    async stop() {
      if (!alive()) return;
      const exited = new Promise((resolve) => proc.once("exit", resolve));
      proc.kill("SIGTERM");
      const timer = setTimeout(() => proc.kill("SIGKILL"), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** The production build and the compiled server, made if missing (npm test builds before the integration tests). */
export function ensureBuild() {
  buildServer();
  if (fs.existsSync(BUILD_PATH)) return;
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

/** The whole app in this process, on an ephemeral port, over a fresh database with the demo data. */
export async function startTestApp(extraEnv: Record<string, string> = {}) {
  ensureBuild();
  const db = await createTestDatabase();
  await seedDemo(createDomain(db.sql));
  const meili = await startOwnMeilisearch("app");
  // TEST_LOG=warn shows the app's own logs while debugging a test
  const env = loadEnv({
    NODE_ENV: "production",
    ROLE: "all",
    PORT: "0",
    HOST: "127.0.0.1",
    LOG_LEVEL: process.env.TEST_LOG ?? "silent",
    PROCESSOR_POLL_MS: "200",
    ...extraEnv,
  });
  const app = await startApp({
    env,
    logger: createLogger((process.env.TEST_LOG ?? "silent") as "silent"),
    infra: {
      databaseUrl: db.url,
      meiliUrl: meili.url,
      meiliKey: meili.key,
      sessionSecret: "test-app-secret-0123456789abcdef",
      secureCookies: false,
    },
  });
  return {
    ...app,
    db,
    async close() {
      await app.close();
      await db.drop();
      await meili.close();
    },
  };
}

/** Signs in through the login form; returns the session cookie ("name=value"). */
export async function loginCookie(
  baseUrl: string,
  email: string,
  isCandidate: boolean,
  password = DEMO_PASSWORD,
): Promise<string> {
  const res = await fetch(`${baseUrl}/login`, {
    method: "POST",
    body: new URLSearchParams({ email, password, is_candidate: isCandidate ? "0" : "1" }),
    redirect: "manual",
  });
  const cookie = res.headers.getSetCookie().find((c) => c.startsWith("__session="));
  if (res.status !== 302 || !cookie) throw new Error(`login of ${email} failed with ${res.status}`);
  return cookie.split(";")[0]!;
}
