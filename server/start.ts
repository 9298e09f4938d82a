import "./production-default";
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { broadcastDevReady, type ServerBuild } from "@remix-run/node";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../db/seed/demo";
import { BUILD_PATH, localUrl, startApp } from "./app";
import { resumeDemoCandidates } from "./jobs/demo-candidates";
import { ROOT, SERVICE_WORKER_FILE } from "./lib/root";
import { loadEnv } from "./env";
import { connect } from "./infra/database";
import { createStorage } from "./infra/storage";
import { resolveInfra } from "./infra/resolve";
import { createLogger } from "./lib/logger";
import { createDomain, type Infra } from "./services";
import { forkedWebInfra, forkWebProcesses, stopWhenAsked, webProcessCount, type WebProcesses } from "./web-processes";

/**
 * `npm start`: embedded services unless configured, migrations, demo data once, a build if
 * there is none (or it is older than the sources), then the app. Ctrl-C / SIGTERM stop it all
 * in order: HTTP and sockets, processors and jobs, pools, then the embedded servers.
 */
const env = loadEnv(process.env);
const logger = createLogger(env.LOG_LEVEL);

async function main() {
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.SMTP_URL) {
    // a real deployment would otherwise keep every mail (verification, reset) undelivered
    throw new Error(
      "SMTP_URL is required in production (DATABASE_URL is set): mails would never leave. Set SMTP_URL=smtp://user:pass@host:587",
    );
  }
  if (env.ROLE !== "worker") await ensureBuild();
  const infra = await resolveInfra(env, logger);
  let stopping = false;
  const running: { app?: Awaited<ReturnType<typeof startApp>>; web?: WebProcesses } = {};
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 20_000);
    try {
      await running.web?.stop();
      await running.app?.close();
    } finally {
      await infra.stop();
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  try {
    if (env.SEED_DEMO) {
      const sql = connect(infra.databaseUrl, logger, 4);
      // the demo files (the Geneva agency's logo) go where the app reads them: DATA_DIR, not ./.data
      const seeded = await seedDemo(createDomain(sql, { storage: createStorage(env.dataDir) })).finally(() =>
        sql.end(),
      );
      if (seeded) logger.info("demo data created");
    }
    const dev = env.NODE_ENV === "development";
    const webProcesses = webProcessCount(env);
    if (webProcesses > 1) {
      // this process keeps the jobs and processors (role "all"); the web processes serve the port
      if (env.ROLE === "all") running.app = await startApp({ env: { ...env, ROLE: "worker" }, infra, logger });
      running.web = forkWebProcesses(webProcesses, infra, logger);
      await running.web.ready;
      logger.info({ pids: running.web.pids() }, "web processes listening");
      printWelcome(localUrl(env.HOST, env.PORT));
    } else {
      running.app = await startApp({ env, infra, logger, getBuild: dev ? devBuild : undefined });
      if (dev) await broadcastDevReady(await devBuild());
      if (env.ROLE !== "worker") printWelcome(running.app.url);
    }
    // the ~2,000 generated candidates (CV library data) take a while: a job that goes on where it
    // stopped (server/jobs/demo-candidates.ts), queued by the process that works the jobs
    const worker = running.app;
    if (env.SEED_DEMO && env.DEMO_CANDIDATES && worker && env.ROLE !== "web") {
      void resumeDemoCandidates(worker.services, worker.services.jobs.send, env.DEMO_CANDIDATES)
        .then((from) => from && logger.info({ from, total: env.DEMO_CANDIDATES }, "generating demo candidates"))
        // the database is away: the next start queues it again
        .catch((error: unknown) => logger.error({ err: error }, "demo candidates not queued"));
    }
  } catch (error) {
    // never leave the embedded servers behind a failed start
    await running.web?.stop().catch(() => undefined);
    await running.app?.close().catch(() => undefined);
    await infra.stop();
    throw error;
  }
}

/** `npm run dev` (remix dev --manual): re-import the build whenever the compiler rewrites it. */
let devCache: { mtime: number; build: ServerBuild } | null = null;
async function devBuild(): Promise<ServerBuild> {
  const mtime = fs.statSync(BUILD_PATH).mtimeMs;
  if (devCache?.mtime !== mtime)
    devCache = { mtime, build: (await import(`${pathToFileURL(BUILD_PATH).href}?t=${mtime}`)) as ServerBuild };
  return devCache.build;
}

async function ensureBuild() {
  if (env.NODE_ENV === "development") return; // remix dev builds and rebuilds
  const sources = ["app", "remix.config.js", "tailwind.config.ts"].map((p) => path.join(ROOT, p));
  const built = fs.existsSync(BUILD_PATH) ? fs.statSync(BUILD_PATH).mtimeMs : 0;
  if (built && !sources.some((s) => newestMtime(s) > built)) {
    if (fs.existsSync(SERVICE_WORKER_FILE)) return;
  } else {
    logger.info("building the app (remix build)");
    execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
      cwd: ROOT,
      stdio: "inherit",
      env: { ...process.env, NODE_ENV: "production" },
    });
  }
  // the service worker's precache list is the build's (loaded only to build)
  const { buildServiceWorker } = await import("./cli/build-service-worker");
  await buildServiceWorker();
}

function newestMtime(p: string): number {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...fs.readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

function printWelcome(url: string) {
  const lines = [
    "",
    `  Missio is running at ${url}`,
    "",
    `  Demo accounts (password ${DEMO_PASSWORD}):`,
    ...DEMO_ACCOUNTS.map((a) => `    ${a.email.padEnd(28)} ${a.label}`),
    "",
    "  Press Ctrl-C to stop.",
    "",
  ];
  process.stdout.write(lines.join("\n") + "\n");
}

/**
 * In a terminal, Ctrl-C signals the whole foreground process group, embedded Postgres and
 * Meilisearch included, which would stop before the app has closed its pools. So the app runs
 * in a process group of its own and this process only relays the signal to it.
 */
function superviseFromTerminal(): boolean {
  if (!process.stdin.isTTY || process.env.MISSIO_SUPERVISED) return false;
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    detached: true,
    env: { ...process.env, MISSIO_SUPERVISED: "1" },
  });
  const relay = () => child.kill("SIGTERM");
  process.on("SIGINT", relay);
  process.on("SIGTERM", relay);
  child.on("exit", (code) => process.exit(code ?? 0));
  return true;
}

/** A web process forked by the primary (web-processes.ts): its services are the primary's. */
async function serveForked(infra: Infra) {
  const app = await startApp({ env: { ...env, ROLE: "web" }, infra, logger });
  stopWhenAsked(() => app.close(), logger);
}

const forked = forkedWebInfra();
if (forked) {
  serveForked(forked).catch((err) => {
    logger.fatal({ err }, "web process start failed");
    process.exit(1);
  });
} else if (!superviseFromTerminal()) {
  main().catch((err) => {
    logger.fatal({ err }, "start failed");
    process.exit(1);
  });
}
