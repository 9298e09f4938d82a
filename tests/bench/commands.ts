/**
 * 1. Single-event commands per second: one append of one event to a stream of its own (expected
 * version 0) with the bench's inline projection, next to a raw single-row INSERT into a jsonb
 * table of the same shape, at the same concurrencies, in the same run.
 */
import { randomUUID } from "node:crypto";
import os from "node:os";
import postgres from "postgres";
import { createEventStore } from "../../server/event-store/store";
import type { Db } from "../../server/event-store/types";
import { addCpu, cpuMeter, noCpu, otherShare, perOp, type CpuSpent } from "./cpu";
import type { BenchInfra } from "./infra";
import { BENCH_EVENT, benchProjection } from "./projection";
import type { Section } from "./report";
import { fmtInt, fmtRatio, runConcurrent } from "./stats";

const TARGET_AT_8 = 2000;

export interface CommandsOptions {
  count: number;
  warmup: number;
  concurrencies: number[];
  /** baseline and command runs alternate in this many rounds */
  rounds: number;
}

/** Commands per second if every core did nothing else. */
const ceiling = (cpu: CpuSpent, ops: number) => (os.availableParallelism() * 1000 * ops) / (cpu.nodeMs + cpu.pgMs);

export async function benchCommands(infra: BenchInfra, opts: CommandsOptions): Promise<Section> {
  const maxConc = Math.max(...opts.concurrencies);
  const sql = postgres(infra.databaseUrl, { max: maxConc, onnotice: () => {} }) as unknown as Db;
  try {
    const store = createEventStore({ sql, inlineProjections: [benchProjection] });
    const run = randomUUID().slice(0, 8);
    let seq = 0;

    const command = async () => {
      const n = seq++;
      const itemId = `${run}-${n}`;
      await store.append(
        `benchitem-${itemId}`,
        0,
        [{ type: BENCH_EVENT, data: { itemId, name: `Item ${n}`, amount: n % 1000 } }],
        {
          actor: "bench",
          tenant: "bench-tenant",
          correlationId: randomUUID(),
        },
      );
    };
    const baseline = async () => {
      const n = seq++;
      const itemId = `${run}-${n}`;
      await sql`insert into bench_raw (stream_id, type, data, metadata) values (
        ${`benchraw-${itemId}`}, ${BENCH_EVENT},
        ${sql.json({ itemId, name: `Item ${n}`, amount: n % 1000 })},
        ${sql.json({ actor: "bench", tenant: "bench-tenant", correlationId: randomUUID(), schemaVersion: 1 })})`;
    };

    const rows: (string | number)[][] = [];
    let verdict: Section["verdict"] = "info";
    for (const conc of opts.concurrencies) {
      // warm-up: connections open, statements prepared, caches hot
      await runConcurrent(opts.warmup, conc, baseline);
      await runConcurrent(opts.warmup, conc, command);
      // Interleaved rounds, so a change in the machine's load (other work on the box) hits the
      // baseline and the commands alike and the ratio stays meaningful.
      let baseMs = 0;
      let cmdMs = 0;
      const baseCpu = noCpu();
      const cmdCpu = noCpu();
      const timed = async (op: () => Promise<void>, ops: number, cpu: CpuSpent) => {
        const spent = cpuMeter(infra.pgDir);
        const ms = await runConcurrent(ops, conc, op);
        addCpu(cpu, spent());
        return ms;
      };
      const chunk = Math.ceil(opts.count / opts.rounds);
      for (let r = 0; r < opts.rounds; r++) {
        baseMs += await timed(baseline, chunk, baseCpu);
        cmdMs += await timed(command, chunk, cmdCpu);
      }
      const total = chunk * opts.rounds;
      const baseRate = (total / baseMs) * 1000;
      const cmdRate = (total / cmdMs) * 1000;
      const target = conc === 8 ? `>= ${fmtInt(TARGET_AT_8)}/s` : "-";
      const ok = conc === 8 ? cmdRate >= TARGET_AT_8 : null;
      if (ok !== null) verdict = ok ? "pass" : "FAIL";
      rows.push([
        conc,
        fmtInt(total),
        fmtInt(cmdRate),
        fmtInt(baseRate),
        fmtRatio(cmdRate / baseRate),
        ((cmdMs / total) * conc).toFixed(2),
        perOp(cmdCpu, total),
        perOp(baseCpu, total),
        fmtInt(ceiling(cmdCpu, total)),
        otherShare({ ...cmdCpu, otherMs: cmdCpu.otherMs + baseCpu.otherMs, wallMs: cmdCpu.wallMs + baseCpu.wallMs }),
        target,
        ok === null ? "-" : ok ? "pass" : "FAIL",
      ]);
    }
    return {
      title: "1. Single-event commands per second (inline projection)",
      method:
        `A command is \`store.append(stream, 0, [one event])\` to a stream of its own, with the bench's inline projection ` +
        `(one upsert into \`bench_items\`) and the NOTIFY, in one transaction. The baseline is one autocommit single-row ` +
        `INSERT into \`bench_raw\` (a jsonb table shaped like \`events\`). ${fmtInt(opts.count)} operations per cell after ` +
        `${fmtInt(opts.warmup)} of warm-up, N workers in a closed loop over a pool of ${maxConc} connections; baseline and ` +
        `commands alternate in ${opts.rounds} rounds so that load from elsewhere on the machine hits both alike.`,
      headers: [
        "concurrency",
        "operations",
        "commands/s",
        "baseline INSERT/s",
        "commands / baseline",
        "mean command latency (ms)",
        "CPU per command (node + postgres)",
        "CPU per INSERT (node + postgres)",
        "CPU-bound ceiling (commands/s)",
        "machine CPU used by other work",
        "target",
        "result",
      ],
      rows,
      verdict,
      notes: [
        `CPU-bound ceiling: ${os.availableParallelism()} cores / CPU per command, what the machine could do with no other load and no waiting (locks, fsync); an upper bound.`,
        "CPU per operation: CPU time of the bench process and of the whole PostgreSQL cluster (all its processes) divided by the operations; unlike the rates it hardly moves with other load on the machine.",
      ],
    };
  } finally {
    await sql.end({ timeout: 5 });
  }
}
