/** Small helpers shared by the measurements: percentiles over all samples, timing, formatting. */
import { performance } from "node:perf_hooks";

export const now = () => performance.now();

export interface Summary {
  count: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  mean: number;
}

/** Nearest-rank percentile over every sample (no sampling, no histogram buckets). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length - 1, Math.max(0, rank - 1))]!;
}

export function summarize(samples: readonly number[]): Summary {
  const sorted = [...samples].sort((a, b) => a - b);
  const sum = sorted.reduce((a, b) => a + b, 0);
  return {
    count: sorted.length,
    p50: percentile(sorted, 50),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted.at(-1) ?? Number.NaN,
    mean: sorted.length ? sum / sorted.length : Number.NaN,
  };
}

/** Run `op(i)` `count` times with `concurrency` workers pulling from one shared counter. */
export async function runConcurrent(
  count: number,
  concurrency: number,
  op: (i: number) => Promise<unknown>,
): Promise<number> {
  let next = 0;
  const started = now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < count; i = next++) await op(i);
    }),
  );
  return now() - started;
}

/**
 * Open loop at a steady rate: start op(i) at t0 + i / rate whether or not the previous one has
 * finished (a slow commit does not slow the arrivals down), then wait for all of them.
 */
export async function runAtRate(rate: number, seconds: number, op: (i: number) => Promise<void>): Promise<void> {
  const total = Math.round(rate * seconds);
  const interval = 1000 / rate;
  const started = now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const wait = started + i * interval - now();
    if (wait > 1) await sleep(wait);
    pending.push(op(i));
  }
  await Promise.all(pending);
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export const fmtInt = (n: number) => (Number.isFinite(n) ? Math.round(n).toLocaleString("en-US") : "n/a");
export const fmtMs = (n: number) => (Number.isFinite(n) ? n.toFixed(n < 10 ? 2 : 1) : "n/a");
export const fmtRatio = (n: number) => (Number.isFinite(n) ? `${(n * 100).toFixed(0)} %` : "n/a");
