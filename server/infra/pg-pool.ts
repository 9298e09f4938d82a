import pg from "pg";
import type { Logger } from "../lib/logger";

/**
 * A node-postgres pool that survives its database going away. Idle clients report errors on
 * the pool, but a client someone holds (the Socket.IO adapter keeps one for LISTEN) reports
 * them on itself, and an 'error' event without a listener ends the process. Every client gets
 * a listener when it connects; errors are logged (one line per outage, then quietly) and the
 * holder sees the client end and reconnects.
 */
export function resilientPool(config: pg.PoolConfig, logger: Logger, component: string) {
  const pool = new pg.Pool({ connectionTimeoutMillis: 10_000, ...config });
  const log = outageLog(logger, component);
  pool.on("error", log);
  pool.on("connect", (client) => {
    client.on("error", log);
    log.recovered();
  });
  return pool;
}

/** Logs the first error of an outage as an error, the repeats at debug, and the recovery once. */
export function outageLog(logger: Logger, component: string) {
  let failing = false;
  const log = (err: unknown) => {
    if (!failing) logger.error({ err, component }, "database connection lost; reconnecting");
    else logger.debug({ err, component }, "database connection error");
    failing = true;
  };
  return Object.assign(log, {
    recovered() {
      if (failing) logger.info({ component }, "database connection back");
      failing = false;
    },
  });
}

/**
 * The Socket.IO adapter publishes each emit with `pool.query` without waiting for the one before: on two
 * connections, two events emitted in order could reach PostgreSQL, and the other processes'
 * sockets, the other way round (a folder's addition heard before it was shared). Its queries run
 * one at a time, in the order they were asked; LISTEN keeps its own client (`connect`).
 */
export function oneQueryAtATime(pool: pg.Pool): pg.Pool {
  let last: Promise<unknown> = Promise.resolve();
  const query = (...args: unknown[]) => {
    const next = last.then(() => (pool.query as (...a: unknown[]) => Promise<unknown>)(...args));
    last = next.catch(() => undefined);
    return next;
  };
  return new Proxy(pool, { get: (target, key) => (key === "query" ? query : Reflect.get(target, key, target)) });
}
