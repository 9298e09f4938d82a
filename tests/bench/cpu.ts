/**
 * CPU time spent by this process and by the bench's PostgreSQL cluster (postmaster and all its
 * children, read from /proc). The machine is shared, so wall-clock rates move with its load;
 * CPU time per operation barely does, and tells what the code costs.
 */
import { execFileSync } from "node:child_process";
import { performance } from "node:perf_hooks";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
} catch {
  /* Linux default */
}

/**
 * utime + stime of one process in ms (fields 14 and 15 of /proc/<pid>/stat), and of its
 * children that exited (16 and 17: a backend that closed its connection).
 */
export function procCpuMs(pid: number): { ppid: number; ms: number; exitedChildrenMs: number } | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    const ms = (ticks: number) => (ticks * 1000) / ticksPerSecond;
    return { ppid: f[1]!, ms: ms(f[11]! + f[12]!), exitedChildrenMs: ms(f[13]! + f[14]!) };
  } catch {
    return null;
  }
}

function clusterCpuMs(pgDir: string): number {
  let postmaster: number;
  try {
    postmaster = Number(fs.readFileSync(path.join(pgDir, "postmaster.pid"), "utf8").split("\n")[0]);
  } catch {
    return Number.NaN;
  }
  const pm = procCpuMs(postmaster);
  let total = pm ? pm.ms + pm.exitedChildrenMs : 0;
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (!pid) continue;
    const p = procCpuMs(pid);
    if (p && p.ppid === postmaster) total += p.ms;
  }
  return total;
}

/** CPU time the whole machine spent busy (all cores), from the first line of /proc/stat. */
function machineBusyMs(): number {
  try {
    const f = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal
    const busy = f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!;
    return (busy * 1000) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}

function nodeCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

export interface CpuSpent {
  nodeMs: number;
  pgMs: number;
  /** CPU the rest of the machine used meanwhile (other processes, other sessions' work) */
  otherMs: number;
  wallMs: number;
}

/** Start counting; the returned function gives the CPU spent since. */
export function cpuMeter(pgDir: string): () => CpuSpent {
  const node0 = nodeCpuMs();
  const pg0 = clusterCpuMs(pgDir);
  const busy0 = machineBusyMs();
  const wall0 = performance.now();
  return () => {
    const nodeMs = nodeCpuMs() - node0;
    const pgMs = clusterCpuMs(pgDir) - pg0;
    return {
      nodeMs,
      pgMs,
      otherMs: Math.max(0, machineBusyMs() - busy0 - nodeMs - pgMs),
      wallMs: performance.now() - wall0,
    };
  };
}

export const noCpu = (): CpuSpent => ({ nodeMs: 0, pgMs: 0, otherMs: 0, wallMs: 0 });

export function addCpu(total: CpuSpent, more: CpuSpent) {
  total.nodeMs += more.nodeMs;
  total.pgMs += more.pgMs;
  total.otherMs += more.otherMs;
  total.wallMs += more.wallMs;
}

/** Share (0..1) of the machine's cores that other processes kept busy during the measurement. */
export function otherShareOf(spent: CpuSpent): number {
  return spent.otherMs / (spent.wallMs * os.availableParallelism());
}

let highestShare = 0;

/** The highest share reported for any measurement window of this run. */
export const highestOtherShare = () => highestShare;

/** The share as shown in a report row (and remembered for the run's summary). */
export function otherShare(spent: CpuSpent): string {
  const share = otherShareOf(spent);
  if (Number.isFinite(share)) highestShare = Math.max(highestShare, share);
  return Number.isFinite(share) ? `${Math.round(share * 100)} %` : "?";
}

/** "node + postgres" CPU microseconds per operation, e.g. "95 + 160 µs". */
export function perOp(spent: CpuSpent, ops: number): string {
  const f = (ms: number) => (Number.isFinite(ms) ? Math.round((ms * 1000) / ops).toLocaleString("en-US") : "?");
  return `${f(spent.nodeMs)} + ${f(spent.pgMs)} µs`;
}

/**
 * CPU of this process and of every process under it, live or exited and reaped (the app child,
 * browsers and their renderers, PostgreSQL, Meilisearch): what the bench itself costs the machine.
 */
export function treeCpuMs(root = process.pid): number {
  const procs = new Map<number, { ppid: number; ms: number }>();
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    const p = pid ? procCpuMs(pid) : null;
    if (p) procs.set(pid, { ppid: p.ppid, ms: p.ms + p.exitedChildrenMs });
  }
  const under = (pid: number): boolean => {
    for (let p = pid, hops = 0; p > 1 && hops < 64; p = procs.get(p)?.ppid ?? 0, hops++) if (p === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, p] of procs) if (under(pid)) total += p.ms;
  return total;
}
