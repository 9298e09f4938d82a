import fs from "node:fs";
import { launch } from "chrome-launcher";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/e2e-env";
const { default: lighthouse } = await import("lighthouse");
const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
const paths = process.argv.slice(2);
for (const p of paths) for (let i = 0; i < 3; i++) {
  const r = await lighthouse(`http://127.0.0.1:3300${p}`, { port: chrome.port, output: "json", logLevel: "error", onlyCategories: ["performance"] });
  const lhr = r!.lhr;
  const lt = (lhr.audits["long-tasks"].details as any)?.items ?? [];
  console.log(p, "perf", lhr.categories.performance.score, "TBT", Math.round(lhr.audits["total-blocking-time"].numericValue!), "bench", lhr.environment.benchmarkIndex, "tasks", lt.map((t: any) => `${t.url.replace(/.*\//, "").slice(0, 14)}@${Math.round(t.startTime)}:${Math.round(t.duration)}`).join(" "));
  if (i === 0) fs.writeFileSync(`/tmp/cpu/trace-${p.replace(/\W/g, "_")}.json`, JSON.stringify((r!.artifacts as any).Trace ?? (r!.artifacts as any).traces?.defaultPass));
}
chrome.kill();
process.exit(0);
