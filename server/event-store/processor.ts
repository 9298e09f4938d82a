import type pg from "pg";
import type { processorCheckpoints } from "../../db/schema";
import type { Cols, Int8AsString } from "../lib/rows";
import type { Logger } from "../lib/logger";
import { watchedListen } from "../lib/watched-listen";
import { EVENTS_CHANNEL, type EventStore } from "./store";
import type { Db, StoredEvent, Tx } from "./types";

export interface ProcessorDefinition {
  name: string;
  /**
   * true: the handler's writes and the checkpoint commit in one transaction (exactly once).
   * false: external effects (search, sockets), checkpoint after the handler (at least once,
   * handlers are idempotent).
   */
  transactional: boolean;
  batchSize?: number;
  handle(events: StoredEvent[], tx: Tx): Promise<void>;
}

export interface Checkpoint {
  transactionId: string;
  globalPosition: number;
}

export async function readCheckpoint(sql: Tx, name: string): Promise<Checkpoint> {
  await sql`insert into processor_checkpoints (name) values (${name}) on conflict do nothing`;
  return selectCheckpoint(sql, name);
}

async function selectCheckpoint(sql: Tx, name: string): Promise<Checkpoint> {
  const [row] = await sql<
    Int8AsString<Cols<typeof processorCheckpoints, "transactionId" | "globalPosition">, "globalPosition">[]
  >`
    select transaction_id::text as "transactionId", global_position as "globalPosition" from processor_checkpoints where name = ${name}`;
  return { transactionId: row!.transactionId, globalPosition: Number(row!.globalPosition) };
}

async function saveCheckpoint(sql: Tx, name: string, last: StoredEvent) {
  await sql`update processor_checkpoints
    set transaction_id = ${last.transactionId}::xid8, global_position = ${last.globalPosition}, updated_at = now()
    where name = ${name}`;
}

/** Longest pause between looks while committed events wait behind an older open transaction. */
const HELD_BACK_MAX_MS = 50;

/** Stable 32-bit key for the advisory lock that makes one process the leader of a processor. */
function lockKey(name: string): number {
  let h = 0;
  for (const c of `processor:${name}`) h = (Math.imul(h, 31) + c.charCodeAt(0)) | 0;
  return h;
}

/**
 * Runs one processor: the process holding its advisory lock reads the log after the checkpoint
 * in commit-safe order, woken by NOTIFY and by a polling fallback.
 */
export class ProcessorRunner {
  private running = false;
  private wakeUp: (() => void) | null = null;
  /** a wake-up that came while a batch was running: read again before sleeping */
  private wakePending = false;
  private loop: Promise<void> | null = null;
  private lockConn: Awaited<ReturnType<Db["reserve"]>> | null = null;
  private checkpointRowExists = false;
  /** the checkpoint the last batch read after (this loop turn), for the held-back check */
  private lastCheckpoint: Checkpoint | null = null;
  private heldBackDelay = 0;
  lastError: unknown = null;

  /** the node-postgres client holding the lock (when a lock pool is given) and whether it died */
  private lockClient: { client: pg.PoolClient; lost: boolean } | null = null;

  constructor(
    private readonly store: EventStore,
    readonly def: ProcessorDefinition,
    private readonly logger: Logger,
    private readonly pollMs = 1000,
    /**
     * Where the leadership lock is held. postgres.js 3.4.9 ends the process when a query is written
     * to a reserved connection whose backend died (porsager/postgres#1208), so the app holds its
     * locks on node-postgres clients, which report the loss as an event instead.
     */
    private readonly lockPool?: pg.Pool,
  ) {}

  get sql() {
    return this.store.sql;
  }

  /** Process one batch. Returns how many events were read. */
  async runOnce(): Promise<number> {
    const { def, store } = this;
    const size = def.batchSize ?? 500;
    if (def.transactional) {
      await this.ensureCheckpointRow();
      return store.sql.begin(async (tx) => {
        // Read first: this transaction has no xid yet, so it does not hold back the xmin it reads.
        // The advisory lock (leadership) keeps other processes off this checkpoint.
        const cp = await selectCheckpoint(tx, def.name);
        this.lastCheckpoint = cp;
        const events = await store.readAfter(cp, size, tx);
        if (events.length === 0) return 0;
        await def.handle(events, tx);
        await saveCheckpoint(tx, def.name, events.at(-1)!);
        return events.length;
      });
    }
    // the row is created once; then one round trip (not two) per batch before the read
    await this.ensureCheckpointRow();
    const cp = await selectCheckpoint(store.sql, def.name);
    this.lastCheckpoint = cp;
    const events = await store.readAfter(cp, size);
    if (events.length === 0) return 0;
    await def.handle(events, store.sql);
    await saveCheckpoint(store.sql, def.name, events.at(-1)!);
    return events.length;
  }

  /**
   * Committed events after the checkpoint that the commit-safe read could not take: an older
   * transaction is still open (readAfter stops at its xmin).
   */
  private async eventsHeldBack(): Promise<boolean> {
    const cp = this.lastCheckpoint;
    if (!cp) return false;
    try {
      const [row] = await this.store.sql<{ held: boolean }[]>`
        select exists (select 1 from events
          where (transaction_id, global_position) > (${cp.transactionId}::xid8, ${cp.globalPosition})) as held`;
      return row?.held ?? false;
    } catch {
      return false; // the next batch reports the database error
    }
  }

  private async ensureCheckpointRow() {
    if (this.checkpointRowExists) return;
    await readCheckpoint(this.store.sql, this.def.name);
    this.checkpointRowExists = true;
  }

  wake() {
    if (this.wakeUp) this.wakeUp();
    else this.wakePending = true;
  }

  start() {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  async stop() {
    this.running = false;
    this.wake();
    await this.loop;
    if (this.lockConn) {
      await this.lockConn`select pg_advisory_unlock(${lockKey(this.def.name)})`.catch(() => {});
      this.lockConn.release();
      this.lockConn = null;
    }
    if (this.lockClient) {
      const { client, lost } = this.lockClient;
      this.lockClient = null;
      if (!lost) await client.query("select pg_advisory_unlock($1)", [lockKey(this.def.name)]).catch(() => undefined);
      client.release(lost);
    }
  }

  private async acquireLeadership(): Promise<boolean> {
    if (this.lockPool) return this.acquireOnPool(this.lockPool);
    if (this.lockConn) return true;
    const conn = await this.store.sql.reserve();
    try {
      const [row] = await conn<{ ok: boolean }[]>`select pg_try_advisory_lock(${lockKey(this.def.name)}) as ok`;
      if (row?.ok) {
        this.lockConn = conn;
        return true;
      }
    } catch (error) {
      conn.release(); // a database away must not leak a reserved connection per retry
      throw error;
    }
    conn.release();
    return false;
  }

  /**
   * The lock lives as long as its connection: when that connection ends (database restarted,
   * backend terminated) another process may lead now, so this one competes again.
   */
  private async acquireOnPool(pool: pg.Pool): Promise<boolean> {
    if (this.lockClient && !this.lockClient.lost) return true;
    if (this.lockClient) {
      this.lockClient.client.release(true);
      this.lockClient = null;
      this.logger.warn({ processor: this.def.name }, "processor lost its leadership lock with its connection");
    }
    const client = await pool.connect();
    const held = { client, lost: false };
    const lose = () => (held.lost = true);
    client.on("error", lose);
    client.on("end", lose);
    // a client going back to the pool takes no listener of ours with it (they would pile up)
    const forget = () => {
      client.off("error", lose);
      client.off("end", lose);
    };
    try {
      const { rows } = await client.query<{ ok: boolean }>("select pg_try_advisory_lock($1) as ok", [
        lockKey(this.def.name),
      ]);
      if (rows[0]?.ok) {
        this.lockClient = held;
        return true;
      }
      forget();
      client.release();
      return false;
    } catch (error) {
      forget();
      client.release(true);
      throw error;
    }
  }

  private async run() {
    let backoff = this.pollMs;
    while (this.running) {
      let read = 0;
      this.wakePending = false;
      this.lastCheckpoint = null;
      try {
        if (await this.acquireLeadership()) read = await this.runOnce();
        if (this.lastError) this.logger.info({ processor: this.def.name }, "processor recovered");
        this.lastError = null;
        backoff = this.pollMs;
      } catch (error) {
        // one error line per outage (a search engine down for an hour must not flood the log);
        // the retries go on quietly, with backoff, from the same checkpoint
        if (this.lastError === null)
          this.logger.error({ err: error, processor: this.def.name }, "processor batch failed");
        else this.logger.debug({ err: error, processor: this.def.name }, "processor batch failed again");
        this.lastError = error;
        backoff = Math.min(backoff * 2, 30_000);
      }
      if (!this.running) break;
      // more to read, or a commit was notified after this batch's snapshot: no sleep
      if (read > 0) this.heldBackDelay = 0;
      if (read > 0 || (this.wakePending && !this.lastError)) continue;
      // Nothing readable, yet events may have committed behind an older transaction still open
      // that will not notify when it ends (a checkpoint update, the Socket.IO adapter's NOTIFY, a
      // job): look again after a short delay (doubling up to 50 ms) rather than at the next notify
      // or poll. One cheap index probe per look.
      let delay = this.lastError ? backoff : this.pollMs;
      if (!this.lastError && (await this.eventsHeldBack())) {
        this.heldBackDelay = Math.min(this.heldBackDelay ? this.heldBackDelay * 2 : 2, HELD_BACK_MAX_MS, this.pollMs);
        delay = this.heldBackDelay;
      } else {
        this.heldBackDelay = 0;
      }
      if (!this.running) break;
      if (this.wakePending && !this.lastError) continue; // notified during the check
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, delay);
        // while failing, new events do not cut the backoff short (only stop() does): a dependency
        // that is down is not retried at the rate events arrive
        const backingOff = this.lastError !== null;
        this.wakeUp = () => (!backingOff || !this.running ? (clearTimeout(t), resolve()) : (this.wakePending = true));
      });
      this.wakeUp = null;
    }
  }
}

/**
 * One LISTEN connection wakes every runner of this process when an append commits; it stays
 * subscribed through outages (watchedListen), and every (re)subscription wakes the runners:
 * events may have been appended while nobody listened.
 */
export async function listenForEvents(
  sql: Db,
  runners: ProcessorRunner[],
  logger?: Logger,
  { probeMs = 10_000, echoMs = 2_000 } = {},
) {
  const wakeAll = () => runners.forEach((r) => r.wake());
  return watchedListen(sql, EVENTS_CHANNEL, wakeAll, {
    onListen: wakeAll,
    logger,
    component: "event-listener",
    probeMs,
    echoMs,
  });
}

/** How far each processor is behind the log: events not yet handled and the age of the oldest. */
export async function processorLag(sql: Db) {
  return sql<{ name: string; behind: number; lag_ms: number }[]>`
    select c.name,
      (select count(*)::int from events e where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)) as behind,
      coalesce((select (extract(epoch from now() - min(e.created_at)) * 1000)::int from events e
        where (e.transaction_id, e.global_position) > (c.transaction_id, c.global_position)), 0) as lag_ms
    from processor_checkpoints c order by c.name`;
}
