import type { Server } from "socket.io";
import type { Db, Tx } from "../event-store/types";
import type { Logger } from "../lib/logger";
import { watchedListen } from "../lib/watched-listen";
import type { LiveMessage } from "./routing";

/**
 * Socket messages from a processor that may run in a process without sockets (the worker, or
 * whichever process holds its lock): it NOTIFYs them through PostgreSQL once its work is done,
 * and every web process relays them to its own sockets of that room (`io.local`: each web process
 * hears the NOTIFY itself, so nothing goes through the adapter twice). The CV library's indexer
 * tells the open result lists which candidates moved once Meilisearch holds the change (ADR 0036).
 */
export const SOCKET_RELAY_CHANNEL = "socket_relay";

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more: the sender keeps each message under this. */
export const RELAY_MAX_BYTES = 7_000;

/** Sends the messages to the web processes' sockets (a message too large for one NOTIFY is refused). */
export async function relayToSockets(sql: Tx, messages: readonly LiveMessage[]): Promise<void> {
  for (const m of messages) {
    const payload = JSON.stringify(m);
    if (Buffer.byteLength(payload) > RELAY_MAX_BYTES) throw new Error(`socket relay message too large (${m.name})`);
    await sql`select pg_notify(${SOCKET_RELAY_CHANNEL}, ${payload})`;
  }
}

/**
 * Relays what processors NOTIFY to this process's sockets, listening again after an outage
 * (watchedListen). A message sent while nobody listened is lost: the browser's page reloads its
 * data when its own socket reconnects, and on the next move.
 */
export async function relaySocketMessages(sql: Db, io: Server, logger: Logger): Promise<() => Promise<void>> {
  return watchedListen(
    sql,
    SOCKET_RELAY_CHANNEL,
    (payload) => {
      try {
        const m = JSON.parse(payload) as LiveMessage;
        if (typeof m.room === "string" && typeof m.name === "string") io.local.to(m.room).emit(m.name, m.data);
      } catch (err) {
        logger.warn({ err }, "socket relay message unreadable");
      }
    },
    { logger, component: "socket-relay" },
  );
}
