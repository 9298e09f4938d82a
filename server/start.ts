import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo } from "../db/seed/demo";
import { BUILD_PATH, ROOT, startApp } from "./app";
import { loadEnv } from "./env";
import { connect } from "./infra/database";
import { resolveInfra } from "./infra/resolve";
import { createLogger } from "./lib/logger";
import { createDomain } from "./services";

/**
 * `npm start`: embedded services unless configured, migrations, demo data once, a build if
 * there is none (or it is older than the sources), then the app. Ctrl-C / SIGTERM stop it all
 * in order: HTTP and sockets, processors and jobs, pools, then the embedded servers.
 */
const env = loadEnv({ ...process.env, NODE_ENV: process.env.NODE_ENV ?? "production" });
const logger = createLogger(env.LOG_LEVEL);

async function main() {
  if (env.ROLE !== "worker") ensureBuild();
  const infra = await resolveInfra(env, logger);
  let stopping = false;
  let app: Awaited<ReturnType<typeof startApp>> | undefined;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down");
    const force = setTimeout(() => process.exit(1), 20_000);
    try {
      await app?.close();
    } finally {
      await infra.stop();
      clearTimeout(force);
      process.exit(0);
    }
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  if (env.SEED_DEMO) {
    const sql = connect(infra.databaseUrl, logger, 4);
    const seeded = await seedDemo(createDomain(sql));
    await sql.end();
    if (seeded) logger.info("demo data created");
  }
  app = await startApp({ env, infra, logger });
  if (env.ROLE !== "worker") printWelcome(app.url);
}

function ensureBuild() {
  const sources = ["app", "remix.config.js", "tailwind.config.ts"].map((p) => path.join(ROOT, p));
  const built = fs.existsSync(BUILD_PATH) ? fs.statSync(BUILD_PATH).mtimeMs : 0;
  if (built && !sources.some((s) => newestMtime(s) > built)) return;
  logger.info("building the app (remix build)");
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], { cwd: ROOT, stdio: "inherit", env: { ...process.env, NODE_ENV: "production" } });
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

main().catch((err) => {
  logger.fatal({ err }, "start failed");
  process.exit(1);
});
