/**
 * 12. Start and memory (issue 26): `npm start` on an existing data folder, the server run through
 * tsx (as before ADR 0027) and compiled (as now), alternately. Each start is timed until /healthz
 * answers 200, with the CPU the app's Node processes spent (the first one and its web processes;
 * PostgreSQL and Meilisearch apart), and the resident memory of each Node process after the start
 * and after 1,000 requests (the login page, the job search with and without a query, an ad's
 * page). The first start, which creates the data folder and the demo data, is not counted.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import path from "node:path";
import { COMPILED_START_ARGS, buildServer } from "../../server/cli/build-server";
import { ROOT } from "../../server/lib/root";
import { childPids } from "../support/processes";
import { procCpuMs, treeCpuMs } from "./cpu";
import type { Section } from "./report";
import { ensureBuild } from "./search";
import { fmtInt, now, runConcurrent, summarize } from "./stats";

type Mode = "tsx" | "compiled";
let childrenCpuMs = 0;
/** CPU of the app processes this measurement started (and their PostgreSQL and Meilisearch): the bench's own work. */
export const startupChildrenCpuMs = () => childrenCpuMs;
const ARGS: Record<Mode, string[]> = { tsx: ["--import", "tsx", "server/start.ts"], compiled: COMPILED_START_ARGS };
const PAGES = [
  "/login",
  "/rechercher-un-emploi",
  "/rechercher-un-emploi?q=logistique",
  "/rechercher-un-emploi?q=vente&page=2",
];

interface StartOptions {
  rounds: number;
  requests: number;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}

/** The app's Node processes: the one started and its web processes (not PostgreSQL nor Meilisearch). */
const nodeProcesses = (pid: number) => [pid, ...childPids(pid, (cmd) => cmd.startsWith(process.execPath))];
const rssMb = (pid: number) => {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? Number.NaN) / 1024;
  } catch {
    return Number.NaN;
  }
};
const cpuOf = (pids: number[]) => pids.reduce((t, pid) => t + (procCpuMs(pid)?.ms ?? 0), 0);

async function untilHealthy(url: string, child: ChildProcess, output: () => string) {
  const deadline = now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the app exited with ${child.exitCode}:\n${output().slice(-3000)}`);
    const ok = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return;
    if (now() > deadline) throw new Error(`no healthy app within 180 s:\n${output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function startOnce(mode: Mode, env: NodeJS.ProcessEnv, url: string, requests: number) {
  let output = "";
  const started = now();
  const child = spawn(process.execPath, ARGS[mode], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  try {
    await untilHealthy(url, child, () => output);
    const startMs = now() - started;
    const pids = nodeProcesses(child.pid!);
    const startCpuMs = cpuOf(pids);
    const rssAfterStart = pids.map(rssMb);
    let failed = 0;
    if (requests) {
      await runConcurrent(requests, 8, async (i) => {
        const res = await fetch(`${url}${PAGES[i % PAGES.length]}`);
        await res.arrayBuffer();
        if (res.status !== 200) failed++;
      });
    }
    const rssAfterRequests = pids.map(rssMb);
    return { startMs, startCpuMs, rssAfterStart, rssAfterRequests, processes: pids.length, failed };
  } finally {
    childrenCpuMs += treeCpuMs(child.pid!);
    const exited = new Promise((resolve) => child.once("exit", resolve));
    child.kill("SIGTERM");
    await exited;
  }
}

export async function benchStartup(dir: string, say: (s: string) => void, opts: StartOptions): Promise<Section> {
  ensureBuild(say);
  buildServer();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    DATA_DIR: path.join(dir, "startup-data"),
    EMBEDDED_PG_PORT: String(await freePort()),
    EMBEDDED_MEILI_PORT: String(await freePort()),
    DEMO_CANDIDATES: "0",
    LOG_LEVEL: "warn",
  };
  say("bench: 12. first start (creates the data folder and the demo data)");
  await startOnce("compiled", env, url, 0);
  const runs: Record<Mode, Awaited<ReturnType<typeof startOnce>>[]> = { tsx: [], compiled: [] };
  for (let round = 0; round < opts.rounds; round++) {
    for (const mode of ["tsx", "compiled"] as const) {
      const run = await startOnce(mode, env, url, opts.requests);
      say(
        `bench: 12. ${mode} start ${(run.startMs / 1000).toFixed(1)} s, ${fmtInt(run.startCpuMs)} ms of CPU, RSS ${run.rssAfterStart.map(fmtInt).join(" / ")} -> ${run.rssAfterRequests.map(fmtInt).join(" / ")} MB`,
      );
      runs[mode].push(run);
    }
  }
  const median = (xs: number[]) => summarize(xs).p50;
  const rows = (["tsx", "compiled"] as const).map((mode) => {
    const r = runs[mode];
    const perProcess = (pick: (x: (typeof r)[number]) => number[]) => {
      const n = r[0]!.processes;
      return Array.from({ length: n }, (_, i) => fmtInt(median(r.map((x) => pick(x)[i]!)))).join(" / ");
    };
    return [
      mode === "tsx" ? "before: node --import tsx server/start.ts" : "now: node build/node/server/start.js",
      `${(median(r.map((x) => x.startMs)) / 1000).toFixed(1)} s`,
      fmtInt(median(r.map((x) => x.startCpuMs))),
      perProcess((x) => x.rssAfterStart),
      perProcess((x) => x.rssAfterRequests),
      r.reduce((t, x) => t + x.failed, 0),
    ];
  });
  return {
    title: "12. Start and memory (npm start on an existing data folder)",
    method: `${opts.rounds} starts of each kind, alternately, on the same data folder with the demo data (embedded PostgreSQL and Meilisearch started by the app, as npm start does); medians. Start: until /healthz answers 200. CPU: the app's Node processes only (the first and its web processes). RSS per Node process (the first, then each web process) after the start and after ${fmtInt(opts.requests)} requests (login page and job search pages, 8 at a time).`,
    headers: [
      "server",
      "start (wall)",
      "start CPU (ms)",
      "RSS after start (MB)",
      `RSS after ${fmtInt(opts.requests)} requests (MB)`,
      "failed requests",
    ],
    rows,
    verdict: "info",
  };
}
