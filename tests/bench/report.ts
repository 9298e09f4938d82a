/** The markdown report written to docs/benchmarks.md (overwritten on each run). */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

export type Verdict = "pass" | "FAIL" | "info";

export interface Section {
  title: string;
  /** one or two sentences: what was measured and how */
  method: string;
  headers: string[];
  rows: (string | number)[][];
  /** overall verdict of the section against its target ("info" when it has none) */
  verdict: Verdict;
  /** further tables after the main one, each under a heading of its own */
  tables?: { title: string; headers: string[]; rows: (string | number)[][] }[];
  notes?: string[];
}

export interface Machine {
  nproc: string;
  cpu: string;
  memory: string;
  node: string;
  postgres: string;
  date: string;
  /** 1-minute load average at the start, highest during the run, at the end (the machine is shared) */
  load: string;
  /** share of all cores busy with other work over the whole run, and in the worst measurement */
  otherWork: string;
  /** other work took a noticeable share of the machine */
  busy: boolean;
}

export const loadAverage = () => os.loadavg()[0]!;

const pct = (share: number) => (Number.isFinite(share) ? `${Math.round(share * 100)} %` : "?");

/** Above this share of the cores taken by other work, the report warns that rates are depressed. */
const BUSY_SHARE = 0.1;

/** Start sampling the load average; the returned function gives start, end and highest sample. */
export function watchLoad() {
  const start = loadAverage();
  let max = start;
  const timer = setInterval(() => (max = Math.max(max, loadAverage())), 2000);
  timer.unref();
  return () => {
    clearInterval(timer);
    const end = loadAverage();
    return { start, end, max: Math.max(max, end) };
  };
}

export function describeMachine(
  postgresVersion: string,
  load: { start: number; end: number; max: number },
  other: { run: number; worst: number },
): Machine {
  let nproc = String(os.availableParallelism());
  try {
    nproc = execFileSync("nproc", { encoding: "utf8" }).trim();
  } catch {
    /* os.availableParallelism() it is */
  }
  return {
    nproc,
    cpu: os.cpus()[0]?.model ?? "unknown",
    memory: `${Math.round(os.totalmem() / 2 ** 30)} GiB`,
    node: process.version,
    postgres: postgresVersion,
    date: new Date().toISOString(),
    load: `${load.start.toFixed(1)} / ${load.max.toFixed(1)} / ${load.end.toFixed(1)}`,
    otherWork: `${pct(other.run)} (worst measurement: ${pct(other.worst)})`,
    busy: other.worst > BUSY_SHARE,
  };
}

const cell = (v: string | number) => String(v).replace(/\|/g, "\\|");

function table(headers: string[], rows: (string | number)[][]) {
  return [
    `| ${headers.map(cell).join(" | ")} |`,
    `|${headers.map(() => "---").join("|")}|`,
    ...rows.map((r) => `| ${r.map(cell).join(" | ")} |`),
  ].join("\n");
}

export function renderReport(
  machine: Machine,
  sections: Section[],
  totalSeconds: number,
  failure?: string,
  only?: string[],
): string {
  const lines = [
    "# Benchmarks",
    "",
    "Written by `npm run bench` (tests/bench/run.ts); overwritten on every run. Each run starts its own",
    "embedded PostgreSQL (fsync on, as in production) and Meilisearch in `.data-test/bench-<pid>`, so",
    "numbers compare between runs on the same machine; the baselines are measured in the same run.",
    "The rates are wall-clock and move with whatever else runs on the machine (see the load average);",
    'the CPU time per operation (this process + the whole PostgreSQL cluster) moves much less. "Machine CPU used',
    "by other work\" is the share of all cores busy with anything else (other sessions' tests, browsers) meanwhile.",
    "",
    "## Machine",
    "",
    table(
      [
        "nproc",
        "CPU",
        "memory",
        "node",
        "PostgreSQL",
        "date",
        "bench duration",
        "load average (1 min): start / highest / end",
        "machine CPU used by other work: whole run",
      ],
      [
        [
          machine.nproc,
          machine.cpu,
          machine.memory,
          machine.node,
          machine.postgres,
          machine.date,
          `${totalSeconds.toFixed(0)} s`,
          machine.load,
          machine.otherWork,
        ],
      ],
    ),
    "",
    "## Summary",
    "",
    table(
      ["measurement", "verdict"],
      sections.map((s) => [s.title, s.verdict]),
    ),
    "",
  ];
  if (only) lines.push(`Partial run: only ${only.join(", ")} (BENCH_ONLY).`, "");
  if (machine.busy) {
    lines.push(
      `**Other work was running on the machine during this run** (share of the ${machine.nproc} cores it kept busy: ${machine.otherWork}): the`,
      "rates and latencies are worse than this code gives on an idle machine. The CPU time per operation is the figure to compare.",
      "",
    );
  }
  if (failure) lines.push("**The run did not complete:**", "", "```", failure, "```", "");
  for (const s of sections) {
    lines.push(`## ${s.title}`, "", s.method, "", table(s.headers, s.rows), "");
    for (const t of s.tables ?? []) lines.push(`### ${t.title}`, "", table(t.headers, t.rows), "");
    if (s.notes?.length) lines.push(...s.notes.map((n) => `- ${n}`), "");
  }
  return lines.join("\n");
}

export function writeReport(file: string, content: string) {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, content);
}
