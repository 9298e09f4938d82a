/**
 * 11. Lighthouse and axe on the public pages (issue 14, items 3 and 4). The demo data, then the
 * production app in a child process (search.ts's spawnApp); Lighthouse (its default config: a
 * mobile phone, simulated slow 4G and 4x CPU slowdown) drives Debian's Chromium through
 * chrome-launcher, several runs a page, the median kept; axe-core runs in Playwright's Chromium at
 * Lighthouse's mobile screen and at the e2e desktop. Nothing is downloaded: both use /usr/bin/chromium.
 */
import { chromium } from "@playwright/test";
import { launch } from "chrome-launcher";
import type { Result } from "lighthouse";
import { seedDemo } from "../../db/seed/demo";
import { connect } from "../../server/infra/database";
import { createStorage } from "../../server/infra/storage";
import type { Logger } from "../../server/lib/logger";
import { createDomain } from "../../server/services";
import { axeViolations, VIEWPORTS, type AxeViolation } from "../support/axe";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../support/e2e-env";
import { cpuMeter, otherShare, treeCpuMs } from "./cpu";
import type { BenchInfra } from "./infra";
import { checkpointAtHead } from "./lag";
import type { Section } from "./report";
import { ensureBuild, spawnApp, type AppChild } from "./search";
import { sleep } from "./stats";

const TARGET = { performance: 95, accessibility: 100, seo: 100, lcpMs: 1500, cls: 0.05, tbtMs: 150 };
/** words and a place that the demo ads match */
const QUERY = "q=cariste&placeId=CH-1201-geneve&placeText=Gen%C3%A8ve";
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

export interface LighthouseOptions {
  /** Lighthouse runs per page; the median (by performance score) is reported */
  runs: number;
}

interface Run {
  scores: Record<string, number>;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  jsKb: number;
  benchmarkIndex: number;
  /** audits of the categories that did not pass, "category: id" */
  failed: string[];
}

let childrenCpuMs = 0;

/** CPU the app child, the browsers, PostgreSQL and Meilisearch spent here beyond what run.ts counts (node + PostgreSQL). */
export const lighthouseChildrenCpuMs = () => childrenCpuMs;

/** The search page lists a demo ad once the app's search processor has indexed the seed. */
async function demoAdPath(base: string): Promise<string> {
  for (let tries = 0; tries < 120; tries++) {
    const html = await (await fetch(`${base}/rechercher-un-emploi?${QUERY}`)).text();
    const link = /href="(\/annonce\/[^/"?#]+\/[^/"?#]+)/.exec(html)?.[1];
    if (link) return link;
    await sleep(500);
  }
  throw new Error(`no demo ad found by /rechercher-un-emploi?${QUERY} within 60 s`);
}

function runOf(lhr: Result): Run {
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const summary = lhr.audits["resource-summary"]?.details as
    { items?: { resourceType: string; transferSize: number }[] } | undefined;
  const script = summary?.items?.find((i) => i.resourceType === "script")?.transferSize ?? Number.NaN;
  const failed: string[] = [];
  for (const [name, category] of Object.entries(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const a = lhr.audits[ref.id];
      // metrics are in the table already; informative audits (weight 0) only count in performance, where the insights are
      if (!a || a.score === null || a.score >= (name === "performance" ? 0.9 : 1) || ref.group === "metrics") continue;
      if (name !== "performance" && ref.weight === 0) continue;
      failed.push(`${name}: ${ref.id}`);
    }
  }
  return {
    scores: Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c]?.score ?? Number.NaN) * 100)])),
    lcpMs: audit("largest-contentful-paint"),
    cls: audit("cumulative-layout-shift"),
    tbtMs: audit("total-blocking-time"),
    fcpMs: audit("first-contentful-paint"),
    jsKb: script / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failed,
  };
}

export async function benchLighthouse(
  infra: BenchInfra,
  logger: Logger,
  say: (s: string) => void,
  opts: LighthouseOptions,
): Promise<Section> {
  ensureBuild(say);
  const sql = connect(infra.databaseUrl, logger, 4);
  try {
    await checkpointAtHead(sql, "realtime"); // the realtime processor has nobody to tell about the seed
    // the files (the Geneva agency's logo) where the app child reads them; false when an earlier measurement seeded it
    await seedDemo(createDomain(sql, { storage: createStorage(infra.dir) }));
  } finally {
    await sql.end({ timeout: 5 });
  }
  say("bench: lighthouse: starting the app (child process)");
  const app: AppChild = await spawnApp(infra, logger);
  const spent = cpuMeter(infra.pgDir);
  const tree0 = treeCpuMs();
  try {
    const ad = await demoAdPath(app.base);
    const pages: [string, string][] = [
      ["/login", "/login"],
      ["/rechercher-un-emploi", "/rechercher-un-emploi"],
      [`/rechercher-un-emploi?${QUERY}`, `/rechercher-un-emploi?${QUERY}`],
      [`an ad's page (${ad})`, ad],
    ];

    // --- Lighthouse: one Chromium, a fresh tab and emptied storage for every run
    const { default: lighthouse } = await import("lighthouse");
    const chrome = await launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_ARGS, logLevel: "silent" });
    const medians = new Map<string, { run: Run; perfRange: string }>();
    let version = "";
    const retried: string[] = [];
    try {
      for (const [name, path] of pages) {
        const runs: Run[] = [];
        for (let i = 0; i < opts.runs; i++) {
          say(`bench: lighthouse: ${name} run ${i + 1}/${opts.runs}`);
          for (let attempt = 1; ; attempt++) {
            const result = await lighthouse(`${app.base}${path}`, {
              port: chrome.port,
              output: "json",
              logLevel: "error",
              onlyCategories: CATEGORIES,
            });
            const error = result ? result.lhr.runtimeError : { code: "NO_RESULT", message: "no result" };
            // a trace now and then lacks its navigation start on a loaded machine (NO_NAVSTART): run again
            if (error && attempt < 3) {
              retried.push(`${path}: ${error.code}`);
              continue;
            }
            if (!result || error) throw new Error(`lighthouse on ${path}: ${error?.message}`);
            runs.push(runOf(result.lhr));
            version = result.lhr.lighthouseVersion;
            break;
          }
        }
        const byPerf = [...runs].sort((a, b) => a.scores.performance! - b.scores.performance!);
        medians.set(name, {
          run: byPerf[Math.floor(byPerf.length / 2)]!,
          perfRange: `${byPerf[0]!.scores.performance}-${byPerf.at(-1)!.scores.performance}`,
        });
      }
    } finally {
      chrome.kill();
    }

    // --- axe-core at both screen sizes, on the hydrated page
    say("bench: lighthouse: axe-core");
    const axe = new Map<string, Record<keyof typeof VIEWPORTS, AxeViolation[]>>();
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      for (const [name, path] of pages) {
        const found = {} as Record<keyof typeof VIEWPORTS, AxeViolation[]>;
        for (const size of Object.keys(VIEWPORTS) as (keyof typeof VIEWPORTS)[]) {
          const context = await browser.newContext(VIEWPORTS[size]);
          const page = await context.newPage();
          await page.goto(`${app.base}${path}`, { waitUntil: "networkidle" });
          found[size] = await axeViolations(page);
          await context.close();
        }
        axe.set(name, found);
      }
    } finally {
      await browser.close();
    }

    const cpu = spent();
    const own = treeCpuMs() - tree0;
    childrenCpuMs += Math.max(0, own - cpu.nodeMs - cpu.pgMs);
    const machine = otherShare({ ...cpu, otherMs: Math.max(0, cpu.otherMs + cpu.nodeMs + cpu.pgMs - own) });

    const count = (v: AxeViolation[]) => (v.length ? v.map((x) => `${x.id} (${x.impact})`).join(", ") : "none");
    const rows = pages.map(([name]) => {
      const { run: r, perfRange } = medians.get(name)!;
      const { mobile, desktop } = axe.get(name)!;
      const ok =
        r.scores.performance! >= TARGET.performance &&
        r.scores.accessibility! >= TARGET.accessibility &&
        r.scores.seo! >= TARGET.seo &&
        r.lcpMs <= TARGET.lcpMs &&
        r.cls <= TARGET.cls &&
        r.tbtMs <= TARGET.tbtMs &&
        !mobile.length &&
        !desktop.length;
      return {
        ok,
        cells: [
          name,
          `${r.scores.performance} (${perfRange})`,
          r.scores.accessibility!,
          r.scores["best-practices"]!,
          r.scores.seo!,
          `${(r.lcpMs / 1000).toFixed(2)} s`,
          r.cls.toFixed(3),
          `${Math.round(r.tbtMs)} ms`,
          `${(r.fcpMs / 1000).toFixed(2)} s`,
          r.jsKb.toFixed(1),
          count(mobile),
          count(desktop),
          ok ? "pass" : "FAIL",
        ],
      };
    });
    const violations = pages.flatMap(([name]) =>
      (Object.entries(axe.get(name)!) as [string, AxeViolation[]][]).flatMap(([size, list]) =>
        list.map((v) => [name, size, v.id, v.impact, v.nodes, `\`${v.target}\``, v.help]),
      ),
    );
    const failed = pages.map(([name]) => [name, medians.get(name)!.run.failed.join(", ") || "none"]);
    const indexes = [...medians.values()].map((m) => m.run.benchmarkIndex);
    return {
      title: "11. Lighthouse and axe (public pages, mobile)",
      method:
        `Lighthouse ${version} (default config: mobile screen, simulated slow 4G and 4x CPU slowdown) in Debian's Chromium, ` +
        `${opts.runs} runs a page, the run with the median performance score shown (the range of the runs in brackets); the production app in a child process with the demo data. ` +
        "axe-core on the same pages after load, at Lighthouse's mobile screen (412 x 823) and at 1280 x 800.",
      headers: [
        "page",
        "performance",
        "accessibility",
        "best practices",
        "SEO",
        "LCP",
        "CLS",
        "TBT",
        "FCP",
        "JS KB transferred",
        "axe (mobile)",
        "axe (desktop)",
        "result",
      ],
      rows: rows.map((r) => r.cells),
      verdict: rows.every((r) => r.ok) ? "pass" : "FAIL",
      tables: [
        {
          title: "axe violations",
          headers: ["page", "screen", "rule", "impact", "elements", "first element", "rule says"],
          rows: violations.length ? violations : [["none", "", "", "", "", "", ""]],
        },
        {
          title: "Lighthouse audits not passed (median run; performance: score below 0.9)",
          headers: ["page", "audits"],
          rows: failed,
        },
      ],
      notes: [
        `Targets: performance >= ${TARGET.performance}, accessibility ${TARGET.accessibility}, SEO ${TARGET.seo}, LCP <= ${TARGET.lcpMs / 1000} s, CLS <= ${TARGET.cls}, TBT <= ${TARGET.tbtMs} ms, no axe violation. Best practices are shown without a target (plain HTTP on localhost).`,
        `Machine CPU used by other work meanwhile: ${machine}; Lighthouse's benchmark index of this Chromium (its CPU speed, higher is faster): ${Math.min(...indexes)}-${Math.max(...indexes)}. ` +
          "The simulated metrics scale the observed main-thread work by 4, so a busy machine lowers the performance score.",
        ...(retried.length ? [`Runs repeated after a Lighthouse error: ${retried.join("; ")}.`] : []),
        "Fixed after the first run (issue 14): the language links' accessible name now starts with the code they show (axe label-content-name-mismatch, serious, on every page); " +
          "the phone filters of the search are hidden from the first paint (`scripting: enabled`), not on hydration (CLS 0.22 -> 0); " +
          "the demo logo is seeded where the app reads it (a 404 in the console).",
        "With the public pages at 128-138 KB of JavaScript (ADR 0022, section 10) and the build served as brotli (ADR 0023), TBT is a few ms. " +
          "LCP is the first paint (text, no image: FCP = LCP). It swung between 0.8 and 2.6 s from run to run of the same page, because the module scripts were asked for while the stylesheet was still coming: " +
          "whenever Chromium requested them before its first paint, Lighthouse's simulation put their 140 KB on the slow network before that paint. " +
          "The page's modules now load once the page has painted (ADR 0024: the app's own <Scripts> in place of Remix's), still in parallel through modulepreload links made then.",
      ],
    };
  } finally {
    await app.stop();
  }
}
