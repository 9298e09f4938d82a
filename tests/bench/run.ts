/**
 * `npm run bench`: fresh embedded PostgreSQL + Meilisearch, migrations, the measurements below,
 * then everything stopped (also on error or Ctrl-C) and the report written to docs/benchmarks.md.
 *
 *   BENCH_ONLY=commands,rebuild,lag,realtime,applications,planning,timesheets,statistics,search,cv,pages,lighthouse,startup,library,folders,presentations   run only some measurements (the report says so)
 *   BENCH_STRICT=1                                    exit 1 when a target is missed
 */
import path from "node:path";
import postgres from "postgres";
import type { Db } from "../../server/event-store/types";
import { createLogger } from "../../server/lib/logger";
import { benchCommands } from "./commands";
import { startBenchInfra, type BenchInfra } from "./infra";
import { benchLag } from "./lag";
import { benchApplications } from "./applications";
import { benchCv } from "./cv";
import { benchLibrary } from "./library";
import { benchPlanning } from "./planning";
import { benchRealtime } from "./realtime";
import { benchRebuild } from "./rebuild";
import { benchLighthouse, lighthouseChildrenCpuMs } from "./lighthouse";
import { benchPageWeight } from "./pages";
import { benchSearch, searchChildrenCpuMs } from "./search";
import { benchStartup, startupChildrenCpuMs } from "./startup";
import { benchTimesheets } from "./timesheets";
import { benchStatistics } from "./statistics";
import { benchFolders } from "./folders";
import { benchPresentations } from "./presentations";
import { cpuMeter, highestOtherShare, otherShareOf } from "./cpu";
import { createBenchTables } from "./projection";
import { describeMachine, renderReport, watchLoad, writeReport, type Section } from "./report";
import { now } from "./stats";

const REPORT = path.resolve("docs/benchmarks.md");
const logger = createLogger(process.env.BENCH_LOG_LEVEL ?? "warn");
const only = process.env.BENCH_ONLY?.split(",").map((s) => s.trim());
const enabled = (name: string) => !only || only.includes(name);
const say = (line: string) => process.stdout.write(`${line}\n`);

let infra: BenchInfra | null = null;
let shuttingDown = false;

async function shutdown(signal: string) {
  if (shuttingDown) return;
  shuttingDown = true;
  process.stderr.write(`\nbench: ${signal}, stopping\n`);
  await infra?.stop().catch(() => undefined);
  process.exit(signal === "error" ? 1 : 130);
}
process.on("SIGINT", () => void shutdown("SIGINT"));
process.on("SIGTERM", () => void shutdown("SIGTERM"));
// Once stopping, queries still in flight fail as their server goes away: expected, not a crash.
// Before that, an error escaping the measurements stops everything too.
const escaped = (error: unknown) => {
  if (shuttingDown) return;
  process.stderr.write(
    `bench: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  void shutdown("error");
};
process.on("uncaughtException", escaped);
process.on("unhandledRejection", escaped);

/** Statistics up to date and dirty pages flushed before a measurement. */
async function settle(databaseUrl: string) {
  const sql = postgres(databaseUrl, { max: 1, onnotice: () => {} });
  try {
    await sql`vacuum analyze`;
    await sql`checkpoint`;
  } finally {
    await sql.end();
  }
}

async function main() {
  const started = now();
  const load = watchLoad();
  const sections: Section[] = [];
  let failure: string | undefined;
  let pgVersion = "unknown";
  let otherShare = Number.NaN;
  try {
    say("bench: starting embedded PostgreSQL and Meilisearch");
    infra = await startBenchInfra(logger);
    const admin = postgres(infra.databaseUrl, { max: 1, onnotice: () => {} });
    try {
      pgVersion = (await admin<{ server_version: string }[]>`show server_version`)[0]!.server_version;
      await createBenchTables(admin as unknown as Db);
    } finally {
      await admin.end();
    }
    const whole = cpuMeter(infra.pgDir);
    try {
      if (enabled("commands")) {
        say("bench: 1. single-event commands vs raw INSERT");
        await settle(infra.databaseUrl);
        sections.push(await benchCommands(infra, { count: 5000, warmup: 500, concurrencies: [1, 8], rounds: 5 }));
      }
      // The latency measurements run before the bulk load of 2, each after a checkpoint, so that
      // no background flushing from an earlier measurement lands in their tail.
      if (enabled("lag")) {
        say("bench: 3. processor lag");
        await settle(infra.databaseUrl);
        sections.push(await benchLag(infra, logger, { rate: 500, seconds: 5 }));
      }
      if (enabled("realtime")) {
        say("bench: 4. commit -> socket emit");
        await settle(infra.databaseUrl);
        sections.push(
          await benchRealtime(infra, logger, say, {
            phases: [
              { rate: 100, seconds: 6 },
              { rate: 10, seconds: 5 },
              { rate: 10, seconds: 5, otherWrites: 100 },
            ],
            sockets: 3,
          }),
        );
      }
      if (enabled("applications")) {
        say("bench: 6. applications");
        await settle(infra.databaseUrl);
        sections.push(
          await benchApplications(infra, logger, say, {
            changes: 200,
            otherSockets: 1000,
            pipelineRows: 50_000,
            pipelineRequests: 400,
            bulk: 500,
          }),
        );
      }
      if (enabled("cv")) {
        say("bench: 7. CV parsing");
        sections.push(await benchCv(infra, say, { files: 20, bytes: 2 * 1024 * 1024, rounds: 2 }));
      }
      if (enabled("planning")) {
        say("bench: 8. planning");
        await settle(infra.databaseUrl);
        sections.push(
          await benchPlanning(infra, logger, say, { editors: 20, changes: 100, candidates: 200, renders: 3 }),
        );
      }
      if (enabled("timesheets")) {
        say("bench: 9. timesheets");
        await settle(infra.databaseUrl);
        sections.push(await benchTimesheets(infra, logger, say, { sheets: 500, payCandidates: 1000, payRounds: 3 }));
      }
      if (enabled("statistics")) {
        say("bench: 14. statistics");
        await settle(infra.databaseUrl);
        sections.push(
          await benchStatistics(infra, logger, say, { applications: 50_000, sheetsPerWeek: 100, requests: 100 }),
        );
      }
      if (enabled("folders")) {
        say("bench: 15. favourite folders");
        await settle(infra.databaseUrl);
        sections.push(await benchFolders(infra, logger, say, { colleagues: 5, changes: 100 }));
      }
      if (enabled("presentations")) {
        say("bench: 16. presentation dossiers");
        await settle(infra.databaseUrl);
        sections.push(await benchPresentations(infra, logger, say, { candidates: 10, pdfs: 20, pages: 100 }));
      }
      if (enabled("pages")) {
        say("bench: 10. public pages' JavaScript");
        sections.push(benchPageWeight(say));
      }
      if (enabled("startup")) {
        say("bench: 12. start and memory");
        sections.push(await benchStartup(infra.dir, say, { rounds: 3, requests: 1000 }));
      }
      if (enabled("lighthouse")) {
        say("bench: 11. Lighthouse and axe");
        sections.push(await benchLighthouse(infra, logger, say, { runs: 5 }));
      }
      if (enabled("rebuild")) {
        say("bench: 2. projection rebuild");
        await settle(infra.databaseUrl);
        sections.push(await benchRebuild(infra, { events: 200_000, perStream: 4, rowByRowEvents: 20_000 }));
      }
      // before the job search: it reindexes every index (the search:reindex path), ads included
      if (enabled("library")) {
        say("bench: 13. CV library");
        await settle(infra.databaseUrl);
        sections.push(
          await benchLibrary(infra, logger, say, {
            candidates: 100_000,
            searches: 300,
            warmup: 30,
            changes: 30,
            fileRenders: 30,
          }),
        );
      }
      // last: it leaves 100,000 ads in rm_ads and the index, and the demo data (seeded here unless
      // the realtime measurement did)
      if (enabled("search")) {
        say("bench: 5. job search");
        await settle(infra.databaseUrl);
        sections.push(
          await benchSearch(infra, logger, say, {
            ads: 100_000,
            clients: 20,
            requests: 2000,
            seconds: 40,
            warmupSeconds: 10,
            rounds: 4,
            pgRequests: 200,
            pgSeconds: 15,
            serialRequests: 100,
            serialSeconds: 6,
            publishes: 30,
            publishSeconds: 45,
            throughputSeconds: 10,
          }),
        );
      }
    } finally {
      // the app processes, browsers and Meilisearch of the search and Lighthouse measurements are the bench's own work, not other work
      const spent = whole();
      otherShare = otherShareOf({
        ...spent,
        otherMs: Math.max(
          0,
          spent.otherMs - searchChildrenCpuMs() - lighthouseChildrenCpuMs() - startupChildrenCpuMs(),
        ),
      });
    }
  } catch (error) {
    failure = error instanceof Error ? (error.stack ?? error.message) : String(error);
    process.stderr.write(`bench: failed: ${failure}\n`);
  } finally {
    say("bench: stopping embedded services");
    await infra?.stop();
  }

  sections.sort((a, b) => parseInt(a.title, 10) - parseInt(b.title, 10)); // "1. ..." to "11. ..."
  const report = renderReport(
    describeMachine(pgVersion, load(), { run: otherShare, worst: highestOtherShare() }),
    sections,
    (now() - started) / 1000,
    failure,
    only,
  );
  writeReport(REPORT, report);
  say(`\n${report}`);
  say(`bench: report written to ${path.relative(process.cwd(), REPORT)}`);
  const missed = sections.filter((s) => s.verdict === "FAIL").map((s) => s.title);
  if (missed.length) say(`bench: target missed: ${missed.join("; ")}`);
  process.exit(failure ? 1 : missed.length && process.env.BENCH_STRICT === "1" ? 1 : 0);
}

void main();
