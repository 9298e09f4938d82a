/**
 * 3. Processor lag: a non-transactional ProcessorRunner woken by listenForEvents (NOTIFY, with
 * the usual 1 s polling fallback) records when each event reaches its handler, while events are
 * appended at a steady rate. Lag = handler receipt - the moment the append's commit returned.
 */
import { randomUUID } from "node:crypto";
import postgres from "postgres";
import { ProcessorRunner, listenForEvents, processorLag } from "../../server/event-store/processor";
import { createEventStore } from "../../server/event-store/store";
import type { Db } from "../../server/event-store/types";
import type { Logger } from "../../server/lib/logger";
import { BENCH_EVENT, benchProjection } from "./projection";
import { cpuMeter, otherShare } from "./cpu";
import type { BenchInfra } from "./infra";
import type { Section } from "./report";
import { fmtInt, fmtMs, now, runAtRate, sleep, summarize } from "./stats";

export interface LagOptions {
  rate: number;
  seconds: number;
}

/** Start a processor at the head of the log (not at 0: the log holds the earlier measurements' events). */
export async function checkpointAtHead(sql: Db, name: string) {
  await sql`
    insert into processor_checkpoints (name, transaction_id, global_position)
    select ${name}, transaction_id, global_position from events order by transaction_id desc, global_position desc limit 1
    on conflict (name) do update set transaction_id = excluded.transaction_id, global_position = excluded.global_position`;
}

export async function benchLag(infra: BenchInfra, logger: Logger, opts: LagOptions): Promise<Section> {
  const { databaseUrl } = infra;
  const sql = postgres(databaseUrl, { max: 10, onnotice: () => {} }) as unknown as Db;
  // The processor reads through a pool of its own (as in a worker process), so its queries never
  // queue behind the appends waiting for a connection in the bench's pool.
  const processorSql = postgres(databaseUrl, { max: 2, onnotice: () => {} }) as unknown as Db;
  const name = "bench.lag";
  const committed = new Map<number, number>();
  const received = new Map<number, number>();
  let batches = 0;
  try {
    await checkpointAtHead(sql, name);
    const store = createEventStore({ sql, inlineProjections: [benchProjection] });
    const runner = new ProcessorRunner(
      createEventStore({ sql: processorSql }),
      {
        name,
        transactional: false,
        async handle(events) {
          const at = now();
          batches++;
          for (const e of events) if (!received.has(e.globalPosition)) received.set(e.globalPosition, at);
        },
      },
      logger,
    );
    const unlisten = await listenForEvents(processorSql, [runner]);
    runner.start();
    try {
      const run = randomUUID().slice(0, 8);
      const append = async (i: number) => {
        const itemId = `lag-${run}-${i}`;
        const [e] = await store.append(
          `benchitem-${itemId}`,
          0,
          [{ type: BENCH_EVENT, data: { itemId, name: `Item ${i}`, amount: i % 1000 } }],
          {
            actor: "bench",
            tenant: "bench-tenant",
          },
        );
        committed.set(e!.globalPosition, now());
      };
      await runAtRate(opts.rate, 1, (i) => append(-1 - i)); // warm-up second, not counted
      await sleep(200);
      committed.clear();
      received.clear();
      batches = 0;
      const t0 = now();
      const spent = cpuMeter(infra.pgDir);
      await runAtRate(opts.rate, opts.seconds, append);
      const cpu = spent();
      const appendS = (now() - t0) / 1000;
      for (let waited = 0; waited < 10_000 && [...committed.keys()].some((p) => !received.has(p)); waited += 20)
        await sleep(20);
      const samples = [...committed].flatMap(([p, at]) => (received.has(p) ? [received.get(p)! - at] : []));
      const missing = committed.size - samples.length;
      const s = summarize(samples);
      const behind = (await processorLag(sql)).find((l) => l.name === name);
      return {
        title: "3. Processor lag (append commit -> handler)",
        method:
          `${fmtInt(opts.rate)} appends/s for ${opts.seconds} s (open loop, each a command as in 1), a non-transactional ` +
          `ProcessorRunner (its own pool of 2 connections, as in a worker process) woken by \`listenForEvents\` (NOTIFY; ` +
          `polling fallback 1 s). Lag from \`await store.append()\` resolving to the handler receiving the event, over every event.`,
        headers: [
          "events",
          "achieved rate (/s)",
          "handler batches",
          "p50 (ms)",
          "p95 (ms)",
          "p99 (ms)",
          "max (ms)",
          "not received",
          "behind after",
          "machine CPU used by other work",
          "target",
          "result",
        ],
        rows: [
          [
            fmtInt(s.count),
            fmtInt(committed.size / appendS),
            fmtInt(batches),
            fmtMs(s.p50),
            fmtMs(s.p95),
            fmtMs(s.p99),
            fmtMs(s.max),
            missing,
            behind?.behind ?? "?",
            otherShare(cpu),
            "none (reported)",
            "info",
          ],
        ],
        verdict: missing > 0 ? "FAIL" : "info",
        notes: [
          "A negative lag would mean the handler saw the event before the appending code got its commit acknowledgement (both are timed in this process).",
        ],
      };
    } finally {
      await runner.stop();
      await unlisten();
    }
  } finally {
    await processorSql.end({ timeout: 5 });
    await sql.end({ timeout: 5 });
  }
}
