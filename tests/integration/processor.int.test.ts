import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import {
  EVENTS_CHANNEL,
  ProcessorRunner,
  createEventStore,
  createLogger,
  listenForEvents,
  processorLag,
  readCheckpoint,
  integrationHarness,
  type EventStore,
  type ProcessorDefinition,
  type StoredEvent,
  type Tx,
} from "../support/harness";
import { waitFor } from "../support/wait";
import { approachXidDigitBoundary } from "../support/xids";

const logger = createLogger("silent");
// a database per test: every processor starts from an empty log
const { db } = integrationHarness({ perTest: true });
let store: EventStore;
beforeEach(() => {
  store = createEventStore({ sql: db.sql });
});

const rand = (n: number) => Math.floor(Math.random() * n);
// a legitimate sleep: the writers hold their transactions open for a while on purpose, so that
// others commit meanwhile (the out-of-order commits under test); nothing waits on it for an outcome
const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A table where a processor records every event it handles (no unique key: duplicates show). */
async function recordTable(name: string) {
  await db.sql.unsafe(`create table ${name} (event_id text not null, global_position bigint not null)`);
  return {
    async insert(tx: Tx, events: StoredEvent[]) {
      if (events.length)
        await tx`insert into ${tx(name)} ${tx(events.map((e) => ({ event_id: String(e.data.id), global_position: e.globalPosition })))}`;
    },
    ids: async () =>
      (await db.sql.unsafe<{ event_id: string }[]>(`select event_id from ${name} order by global_position`)).map(
        (r) => r.event_id,
      ),
  };
}

function recordingProcessor(
  name: string,
  table: Awaited<ReturnType<typeof recordTable>>,
  batchSize: number,
): ProcessorDefinition {
  return {
    name,
    transactional: true,
    batchSize,
    handle: (events, tx) => table.insert(tx, events).then(() => undefined),
  };
}

async function behind(name: string) {
  return (await processorLag(db.sql)).find((l) => l.name === name)?.behind;
}

async function appendMany(type: string, count: number) {
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const id = randomUUID();
    ids.push(id);
    await store.append(`${type.toLowerCase()}-${rand(5)}`, "any", [{ type, data: { id } }]);
  }
  return ids;
}

const duplicates = (ids: string[]) => ids.filter((id, i) => ids.indexOf(id) !== i);

describe("processors under concurrent appends", () => {
  it("never skip an event when transactions commit out of order or roll back", async () => {
    const table = await recordTable("handled_tx");
    const inMemory: string[] = [];
    const transactional = new ProcessorRunner(store, recordingProcessor("load-tx", table, 13), logger, 100);
    const external = new ProcessorRunner(
      store,
      {
        name: "load-ext",
        transactional: false,
        batchSize: 7,
        handle: async (events) => void inMemory.push(...events.map((e) => String(e.data.id))),
      },
      logger,
      100,
    );
    const runners = [transactional, external];
    const unlisten = await listenForEvents(db.sql, runners);
    runners.forEach((r) => r.start());

    await db.sql`create table writer_probe (n int)`;
    // transaction ids gain a digit while the writers run (where text order differs from numeric)
    await approachXidDigitBoundary(db.sql, 150);
    class Rollback extends Error {}
    const committed = new Set<string>();
    const rolledBack = new Set<string>();
    const commitOrder: number[][] = [];
    let handledWhileWriting = 0;

    async function writer(w: number) {
      for (let i = 0; i < 50; i++) {
        const ids = Array.from({ length: 1 + rand(3) }, () => randomUUID());
        const early = Math.random() < 0.25; // takes its transaction id before appending
        const hold = Math.random() < 0.3 ? 1 + rand(30) : 0;
        const fail = Math.random() < 0.15;
        try {
          const stored = await db.sql.begin(async (tx) => {
            if (early) {
              await tx`insert into writer_probe values (${w})`;
              await delay(rand(15));
            }
            const s = await store.appendIn(
              tx,
              `load-${rand(40)}`,
              "any",
              ids.map((id) => ({ type: "Loaded", data: { id, w, i } })),
            );
            if (hold) await delay(hold); // higher positions commit meanwhile
            if (fail) throw new Rollback();
            return s;
          });
          ids.forEach((id) => committed.add(id));
          commitOrder.push(stored.map((e) => e.globalPosition));
        } catch (error) {
          if (!(error instanceof Rollback)) throw error;
          ids.forEach((id) => rolledBack.add(id));
        }
      }
    }

    await Promise.all(Array.from({ length: 8 }, (_, w) => writer(w)));
    handledWhileWriting = (await table.ids()).length;

    await waitFor(async () => (await behind("load-tx")) === 0 && (await behind("load-ext")) === 0, { timeout: 15_000 });
    await unlisten();
    await Promise.all(runners.map((r) => r.stop()));

    // the scenario really happened: rollbacks, and later commits holding lower positions
    expect(rolledBack.size).toBeGreaterThan(0);
    const outOfOrder = commitOrder.some((later, j) =>
      commitOrder.slice(0, j).some((earlier) => Math.min(...later) < Math.max(...earlier)),
    );
    expect(outOfOrder).toBe(true);
    expect(handledWhileWriting).toBeGreaterThan(0);

    const inLog = (await db.sql<{ id: string }[]>`select data->>'id' as id from events where type = 'Loaded'`).map(
      (r) => r.id,
    );
    expect(new Set(inLog)).toEqual(committed);

    for (const handled of [await table.ids(), inMemory]) {
      expect(duplicates(handled)).toEqual([]);
      expect(handled.filter((id) => rolledBack.has(id))).toEqual([]);
      expect(new Set(handled)).toEqual(committed);
      expect(handled).toHaveLength(committed.size);
    }
  });

  it("handles a commit notified while a batch is being read at once, not after the polling interval", async () => {
    const seen: string[] = [];
    let releaseX!: () => void;
    const xHeld = new Promise<void>((resolve) => (releaseX = resolve));
    let xAppended!: () => void;
    const xIn = new Promise<void>((resolve) => (xAppended = resolve));
    const xId = randomUUID();
    const x = db.sql.begin(async (tx) => {
      await store.appendIn(tx, `late-${randomUUID()}`, 0, [{ type: "Late", data: { id: xId } }]);
      xAppended();
      await xHeld;
    });
    await xIn;

    const notified: number[] = [];
    const sub = await db.sql.listen(EVENTS_CHANNEL, () => notified.push(Date.now()));
    await store.append(`late-${randomUUID()}`, 0, [{ type: "Late", data: { id: randomUUID() } }]);
    await waitFor(() => notified.length >= 1);

    // X commits (and notifies) while the runner is inside a read that could not see it yet
    let armed = true;
    const spied: EventStore = {
      ...store,
      async readAfter(...args: Parameters<EventStore["readAfter"]>) {
        const events = await store.readAfter(...args);
        if (armed && events.length === 0) {
          armed = false;
          const count = notified.length;
          releaseX();
          await x;
          await waitFor(() => notified.length > count);
        }
        return events;
      },
    };
    const runner = new ProcessorRunner(
      spied,
      {
        name: "late",
        transactional: false,
        handle: async (events) =>
          void seen.push(...events.filter((e) => e.type === "Late").map((e) => String(e.data.id))),
      },
      logger,
      60_000,
    );
    const unlisten = await listenForEvents(db.sql, [runner]);
    runner.start();
    try {
      await waitFor(() => seen.length === 2, { timeout: 15_000 });
      expect(armed).toBe(false);
      expect(seen).toContain(xId);
    } finally {
      releaseX();
      await x.catch(() => undefined);
      await unlisten();
      await sub.unlisten();
      await runner.stop();
    }
  });
});

describe("processor crashes and restarts", () => {
  it("a transactional processor killed mid-batch resumes from its checkpoint without loss or duplicates", async () => {
    const table = await recordTable("handled_crash");
    const ids = await appendMany("Crash", 60);
    const mine = (events: StoredEvent[]) => events.filter((e) => e.type === "Crash");
    const crashing = (crashAt: number, crash: (tx: Tx) => Promise<unknown>): ProcessorDefinition => {
      let batches = 0;
      return {
        name: "crashy",
        transactional: true,
        batchSize: 10,
        async handle(events, tx) {
          const half = Math.ceil(events.length / 2);
          await table.insert(tx, mine(events.slice(0, half)));
          if (++batches >= crashAt) await crash(tx); // and keeps crashing: only a new runner gets further
          await table.insert(tx, mine(events.slice(half)));
        },
      };
    };

    // first life: crashes by throwing during its 3rd batch
    const first = new ProcessorRunner(
      store,
      crashing(3, async () => Promise.reject(new Error("simulated crash"))),
      logger,
      50,
    );
    first.start();
    await waitFor(() => first.lastError !== null);
    await first.stop();
    expect((first.lastError as Error).message).toBe("simulated crash");
    // two whole batches committed; the half batch written before the crash was rolled back
    expect(await table.ids()).toEqual(ids.slice(0, 20));

    // second life: a database error in the middle of its 2nd batch aborts the transaction
    const second = new ProcessorRunner(
      store,
      crashing(2, (tx) => tx`select 1 / 0`),
      logger,
      50,
    );
    second.start();
    await waitFor(() => second.lastError !== null);
    await second.stop();
    expect(await table.ids()).toEqual(ids.slice(0, 30));

    // two healthy instances of the same processor: one leads, the other waits; together they finish
    const healthy = () =>
      new ProcessorRunner(
        store,
        {
          ...recordingProcessor("crashy", table, 10),
          handle: (events, tx) => table.insert(tx, mine(events)).then(() => undefined),
        },
        logger,
        50,
      );
    const [a, b] = [healthy(), healthy()];
    a.start();
    b.start();
    await waitFor(async () => (await behind("crashy")) === 0);
    await Promise.all([a.stop(), b.stop()]);

    const handled = await table.ids();
    expect(duplicates(handled)).toEqual([]);
    expect(handled).toEqual(ids);
  });

  it("a non-transactional processor resumes from its checkpoint after stop and start", async () => {
    const firstIds = await appendMany("Outside", 15);
    const seen: string[][] = [[], []];
    const runner = (life: number) =>
      new ProcessorRunner(
        store,
        {
          name: "outside",
          transactional: false,
          batchSize: 4,
          handle: async (events) =>
            void seen[life]!.push(...events.filter((e) => e.type === "Outside").map((e) => String(e.data.id))),
        },
        logger,
        50,
      );
    const r1 = runner(0);
    r1.start();
    await waitFor(async () => (await behind("outside")) === 0);
    await r1.stop();
    expect(seen[0]).toEqual(firstIds);

    const moreIds = await appendMany("Outside", 10);
    expect(await behind("outside")).toBe(10);
    const r2 = runner(1);
    r2.start();
    await waitFor(async () => (await behind("outside")) === 0);
    await r2.stop();
    expect(seen[1]).toEqual(moreIds);
  });
});

describe("processorLag", () => {
  it("reports how many events each processor is behind and for how long", async () => {
    await appendMany("Lagging", 12);
    await readCheckpoint(db.sql, "lagging");
    // a legitimate sleep: the lag measured is a duration, so a clock has to pass
    await db.sql`select pg_sleep(0.05)`; // the oldest unhandled event is now at least 50 ms old
    let lag = (await processorLag(db.sql)).find((l) => l.name === "lagging")!;
    expect(lag.behind).toBe(12);
    expect(lag.lag_ms).toBeGreaterThanOrEqual(50);

    const handled: number[] = [];
    const runner = new ProcessorRunner(
      store,
      {
        name: "lagging",
        transactional: false,
        batchSize: 5,
        handle: async (events) => void handled.push(...events.map((e) => e.globalPosition)),
      },
      logger,
    );
    expect(await runner.runOnce()).toBe(5);
    expect(await behind("lagging")).toBe(7);
    while ((await runner.runOnce()) > 0);
    expect(handled).toHaveLength(12);
    lag = (await processorLag(db.sql)).find((l) => l.name === "lagging")!;
    expect(lag).toMatchObject({ behind: 0, lag_ms: 0 });

    await appendMany("Lagging", 3);
    expect(await behind("lagging")).toBe(3);
  });
});
