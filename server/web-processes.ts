import cluster, { type Worker } from "node:cluster";
import os from "node:os";
import type { Env } from "./env";
import type { Logger } from "./lib/logger";
import type { Infra } from "./services";

/**
 * Several web processes on one port (node:cluster, ADR 0025). Node runs a process's JavaScript on
 * one core, and the job search under load was bound by that core while the other waited (issue
 * 14). Nothing one web process keeps is needed by another: sessions, rate limits and the search
 * caches' invalidation live in PostgreSQL, sockets fan out through its adapter and are
 * websocket-only (one connection, one process: no sticky sessions), processors elect a leader.
 */

const INFRA_VAR = "MISSIO_WEB_INFRA";
const STOP = "missio:stop";
/** a web process that died is replaced, unless it keeps dying at once (a broken build, a port taken) */
const RESTART_WINDOW_MS = 10_000;

/** How many web processes to run: the setting, else one per core up to 4; in development 1 (`remix dev` reloads one process). */
export function webProcessCount(env: Env): number {
  if (env.ROLE === "worker") return 0;
  if (env.NODE_ENV === "development") return 1;
  return env.WEB_PROCESSES ?? Math.min(os.availableParallelism(), 4);
}

/** In a web process forked by forkWebProcesses: the primary's services; otherwise null. */
export function forkedWebInfra(): Infra | null {
  if (!cluster.isWorker) return null;
  const raw = process.env[INFRA_VAR];
  if (!raw) throw new Error(`a cluster worker without ${INFRA_VAR}`);
  return JSON.parse(raw) as Infra;
}

/** In a forked web process: `close` runs when the primary asks it to stop, or on SIGTERM/SIGINT, then the process exits. */
export function stopWhenAsked(close: () => Promise<void>, logger: Logger) {
  let closing: Promise<void> | null = null;
  const stop = () =>
    (closing ??= close()
      .catch((err: unknown) => logger.error({ err }, "web process: close failed"))
      .finally(() => process.exit(0)));
  process.on("message", (message) => message === STOP && void stop());
  process.on("SIGTERM", () => void stop());
  process.on("SIGINT", () => void stop());
  // the primary is gone (killed): nobody will ask
  process.on("disconnect", () => void stop());
}

/**
 * Forks `count` web processes running this same entry point. `ready` resolves when each listens,
 * with the port; `stop` asks each to close and waits (SIGKILL after `graceMs`). A process that
 * exits within `restartWindowMs` of its start is not replaced (a test sets 0: always replaced).
 */
export function forkWebProcesses(
  count: number,
  infra: Infra,
  logger: Logger,
  { graceMs = 15_000, restartWindowMs = RESTART_WINDOW_MS } = {},
) {
  const env = {
    [INFRA_VAR]: JSON.stringify({
      databaseUrl: infra.databaseUrl,
      meiliUrl: infra.meiliUrl,
      meiliKey: infra.meiliKey,
      sessionSecret: infra.sessionSecret,
      secureCookies: infra.secureCookies,
    } satisfies Infra),
  };
  let stopping = false;
  const workers = new Set<Worker>();
  let failFirstStart: (error: Error) => void = () => undefined;
  const fork = () => {
    const worker = cluster.fork(env);
    const started = Date.now();
    workers.add(worker);
    worker.once("exit", (code, signal) => {
      workers.delete(worker);
      if (stopping) return;
      logger.error({ pid: worker.process.pid, code, signal }, "a web process exited");
      if (Date.now() - started < restartWindowMs)
        failFirstStart(
          new Error(
            `a web process exited within ${restartWindowMs / 1000} s of its start (code ${code}, signal ${signal})`,
          ),
        );
      else fork();
    });
    return worker;
  };
  /** the port they listen on (PORT 0: the one the first was given, which the others share) */
  const ready = new Promise<number>((resolve, reject) => {
    failFirstStart = reject;
    let listening = 0;
    for (let i = 0; i < count; i++)
      fork().once("listening", (address) => ++listening === count && resolve(address.port));
  });
  // after the start, a quick death is logged and left: the others still serve
  void ready.then(
    () => (failFirstStart = (error) => logger.error({ err: error }, "a web process keeps exiting; not restarted")),
    () => undefined,
  );
  return {
    ready,
    pids: () => [...workers].map((w) => w.process.pid!),
    workers: () => [...workers],
    async stop() {
      stopping = true;
      await Promise.all(
        [...workers].map(
          (worker) =>
            new Promise<void>((resolve) => {
              if (worker.isDead()) return resolve();
              const kill = setTimeout(() => worker.process.kill("SIGKILL"), graceMs);
              worker.once("exit", () => {
                clearTimeout(kill);
                resolve();
              });
              if (worker.isConnected()) worker.send(STOP);
              else worker.process.kill("SIGTERM");
            }),
        ),
      );
    },
  };
}

export type WebProcesses = ReturnType<typeof forkWebProcesses>;
