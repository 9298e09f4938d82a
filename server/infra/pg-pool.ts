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
