/**
 * A fresh embedded PostgreSQL and Meilisearch for one bench run, in .data-test/bench-<pid> on
 * ports derived from the pid (clear of the app's 3000-3200, 54329, 54399, 7701, 7799 and of the
 * integration tests' 55400-56899). Everything started here is stopped by `stop()`, and by a
 * synchronous last resort on process exit should the run die before it gets there.
 * BENCH_DATA_DIR, BENCH_PG_PORT, BENCH_MEILI_PORT and BENCH_APP_PORT choose them instead, for two
 * people running the bench on one machine.
 */
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { runMigrations } from "../../server/infra/database";
import { startEmbeddedMeilisearch } from "../../server/infra/embedded-meilisearch";
import { startEmbeddedPostgres } from "../../server/infra/embedded-postgres";
import type { Logger } from "../../server/lib/logger";

export interface BenchInfra {
  dir: string;
  /** PostgreSQL's data directory (its postmaster.pid) */
  pgDir: string;
  databaseUrl: string;
  meiliUrl: string;
  meiliKey: string;
  appPort: number;
  stop(): Promise<void>;
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = net.createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/** The chosen or pid-derived port, or the next free one after it. */
async function pickPort(base: number, chosen: string | undefined): Promise<number> {
  const preferred = chosen ? Number(chosen) : base + (process.pid % 400);
  for (let p = preferred; p < preferred + 50; p++) if (await portIsFree(p)) return p;
  throw new Error(`no free port near ${preferred}`);
}

/** Immediate shutdown of the postmaster of `pgDir`, synchronously (usable in an exit hook). */
function killPostmaster(pgDir: string) {
  try {
    const pid = Number(fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);
    if (pid > 0) process.kill(pid, "SIGQUIT");
  } catch {
    /* not running */
  }
}

export async function startBenchInfra(logger: Logger): Promise<BenchInfra> {
  const dir = path.resolve(process.env.BENCH_DATA_DIR ?? `.data-test/bench-${process.pid}`);
  fs.rmSync(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const [pgPort, meiliPort, appPort] = [
    await pickPort(56000, process.env.BENCH_PG_PORT),
    await pickPort(57000, process.env.BENCH_MEILI_PORT),
    await pickPort(58000, process.env.BENCH_APP_PORT),
  ];

  // On an exit without stop() (a crash): PostgreSQL stopped at once and the directory removed.
  const lastResort = () => {
    killPostmaster(path.join(dir, "pg"));
    try {
      fs.rmSync(dir, { recursive: true, force: true });
    } catch {
      /* PostgreSQL still writing its last files; the next run of this pid starts afresh anyway */
    }
  };
  process.once("exit", lastResort);

  const stops: (() => Promise<void>)[] = [];
  let stopped = false;
  const stop = async () => {
    if (stopped) return;
    stopped = true;
    for (const s of stops.reverse()) await s().catch((err: unknown) => logger.warn({ err }, "bench: stop failed"));
    process.removeListener("exit", lastResort);
    lastResort(); // the postmaster has exited by now: this removes the directory
  };

  try {
    const pg = await startEmbeddedPostgres(dir, pgPort, logger);
    stops.push(pg.stop);
    const meili = await startEmbeddedMeilisearch(dir, meiliPort, logger);
    stops.push(meili.stop);
    await runMigrations(pg.url);
    return {
      dir,
      pgDir: path.join(dir, "pg"),
      databaseUrl: pg.url,
      meiliUrl: meili.url,
      meiliKey: meili.masterKey,
      appPort,
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
