/**
 * 5. Job search over 100,000 ads. The ads are generated straight into rm_ads (realistic fields
 * from the demo seed's text composer, for real agencies, branches and consultants created
 * through the domain commands) and indexed with the app's own indexer code; then the real app
 * runs in a process of its own as `npm start` runs it (role "web", production build, its web
 * processes), so that the load generator in this process never shares an event loop. Measured:
 *
 * - the same searches (text, contract, sector, country, place and radius) through the app's
 *   HTTP endpoint (the page's loader JSON), straight to Meilisearch through the app's adSearch
 *   service (the very multi-search the loader sends), and as a PostgreSQL ILIKE query over rm_ads;
 * - publish -> searchable: an ad published through the missions commands, the app's search
 *   processor indexing it, until the app's search returns it;
 * - throughput of the full HTML page and of its loader JSON (autocannon);
 * - server rendering of /login and of the search page at 10 connections, and a CPU profile of
 *   the app while it serves the search page (the inspector in the child, its top functions).
 *
 * The app child is this file again: `<node + tsx loader> tests/bench/search.ts serve-app`.
 */
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { Session } from "node:inspector/promises";
import zlib from "node:zlib";
import type { Meilisearch } from "meilisearch";
import { composeAd, seededRandom, type Language, type Random } from "../../db/seed/ad-texts";
import { seedDemo } from "../../db/seed/demo";
import { demoTowns } from "../../db/seed/demo-ads";
import { BUILD_PATH, startApp } from "../../server/app";
import { ROOT } from "../../server/lib/root";
import { loadEnv } from "../../server/env";
import type { Db } from "../../server/event-store/types";
import { connect } from "../../server/infra/database";
import { createLogger, type Logger } from "../../server/lib/logger";
import { adsIndexSource } from "../../server/modules/missions/indexer";
import { missionQueries } from "../../server/modules/missions/queries";
import { adColumns } from "../../server/modules/missions/projections";
import { adSlug } from "../../server/modules/missions/rules";
import { SYSTEM_ACTOR, type Actor } from "../../server/modules/identity/contract";
import { adSearch, resolvePlace, type AdSearchResult } from "../../server/modules/missions/search";
import {
  adSearchToQuery,
  emptyAdSearch,
  parseAdSearch,
  type AdSearch,
} from "../../server/modules/missions/search-params";
import { PROFESSIONS } from "../../server/modules/reference/professions";
import { createSearchClient } from "../../server/search/client";
import { bootstrapIndexes } from "../../server/search/indexes";
import { createDomain } from "../../server/services";
import { forkedWebInfra, forkWebProcesses, stopWhenAsked, webProcessCount } from "../../server/web-processes";
import { sampleAdFields } from "../support/missions";
import { childPids } from "../support/processes";
import { cpuMeter, otherShare, type CpuSpent } from "./cpu";
import type { BenchInfra } from "./infra";
import { checkpointAtHead } from "./lag";
import { topFunctions, type CpuProfile, type ProfileTop } from "./profile";
import type { Section, Verdict } from "./report";
import { fmtInt, fmtMs, fmtRatio, now, sleep, summarize, type Summary } from "./stats";

const TARGET_APP_P95_MS = 50;
/** the app may add at most 50 % to Meilisearch's own p95 */
const TARGET_APP_OVER_MEILI = 1.5;
const TARGET_PUBLISH_P95_MS = 1000;
/** server rendering at 10 connections (issue 14) */
const TARGET_LOGIN_RPS = 300;
const TARGET_SEARCH_PAGE_RPS = 150;
/** Meilisearch's own CPU for one search through the app */
const TARGET_MEILI_CPU_MS = 5;
const SESSION_SECRET = "bench-session-secret-0123456789-abcdefghij";
const PAGE = "/rechercher-un-emploi";
const DATA = "routes/rechercher-un-emploi";
const SEED = 20_261_122;
const INSERT_BATCH = 1000;
const INDEX_BATCH = 10_000;
/** how often the publish measurement asks the app whether the new ad is found yet */
const POLL_MS = 10;
const POLL_TIMEOUT_MS = 10_000;

export interface SearchOptions {
  ads: number;
  /** concurrent clients of the latency measurements (closed loop) and of autocannon */
  clients: number;
  /** measured requests per path, after the warm-up, unless `seconds` (per path) run out first */
  requests: number;
  seconds: number;
  /** seconds of load per path before any is timed */
  warmupSeconds: number;
  /** app and Meilisearch alternate in rounds, so load from elsewhere hits both alike */
  rounds: number;
  /** the PostgreSQL baseline scans the table: fewer requests */
  pgRequests: number;
  pgSeconds: number;
  /** requests per path at one client (no queueing: what one request costs) */
  serialRequests: number;
  serialSeconds: number;
  publishes: number;
  publishSeconds: number;
  throughputSeconds: number;
}

/** The searches, as a person sends them from the form: words, three filters, a place and a radius. */
const QUERIES: Partial<AdSearch>[] = [
  {
    q: "électricien",
    sector: ["construction"],
    contract: ["temporary"],
    country: "CH",
    placeId: "CH-1201-geneve",
    radiusKm: 20,
  },
  {
    q: "cariste",
    sector: ["logistics"],
    contract: ["temporary"],
    country: "FR",
    placeId: "FR-69123-69001",
    radiusKm: 50,
  },
  {
    q: "serveur",
    sector: ["hospitality"],
    contract: ["permanent"],
    country: "CH",
    placeId: "CH-1003-lausanne",
    radiusKm: 50,
  },
  {
    q: "infirmier",
    sector: ["health"],
    contract: ["temporary"],
    country: "FR",
    placeId: "FR-69123-69001",
    radiusKm: 20,
  },
  {
    q: "soudeur",
    sector: ["industry"],
    contract: ["temporary"],
    country: "CH",
    placeId: "CH-2000-neuchatel",
    radiusKm: 100,
  },
];
const searches = QUERIES.map((q) => parseAdSearch(new URLSearchParams(adSearchToQuery({ ...emptyAdSearch(), ...q }))));
const queryStrings = searches.map((s) => adSearchToQuery(s));

// ---------------------------------------------------------------------------------------------
// the app in a child process

interface AppConfig {
  port: number;
  dir: string;
  databaseUrl: string;
  meiliUrl: string;
  meiliKey: string;
  logLevel: string;
}

/** the child's line once it serves, followed by the number of its web processes */
const READY = "bench-search-app-ready";
/** the child's answer to "profile-stop" on its stdin: this prefix, then the top functions as JSON */
const PROFILE = "bench-search-app-profile ";

/** In the child: the app as `npm start` runs it (its web processes, without embedded services or seeding), until stdin closes. */
async function serveApp() {
  const cfg = JSON.parse(process.env.BENCH_SEARCH_APP ?? "{}") as AppConfig;
  const logger = createLogger(cfg.logLevel);
  const env = loadEnv({
    NODE_ENV: "production",
    ROLE: "web",
    HOST: "127.0.0.1",
    PORT: String(cfg.port),
    LOG_LEVEL: cfg.logLevel as "warn",
    DATA_DIR: cfg.dir,
    DATABASE_URL: cfg.databaseUrl,
    MEILI_URL: cfg.meiliUrl,
    MEILI_MASTER_KEY: cfg.meiliKey,
    SESSION_SECRET,
    COOKIE_SECURE: "false",
    SEED_DEMO: "false",
    ...(process.env.WEB_PROCESSES ? { WEB_PROCESSES: process.env.WEB_PROCESSES } : {}),
  });
  const infra = {
    databaseUrl: cfg.databaseUrl,
    meiliUrl: cfg.meiliUrl,
    meiliKey: cfg.meiliKey,
    sessionSecret: SESSION_SECRET,
    secureCookies: false,
  };
  const inspector = new Session();
  const profileStart = async () => {
    inspector.connect();
    await inspector.post("Profiler.enable");
    await inspector.post("Profiler.start");
  };
  const profileStop = async () => {
    const { profile } = await inspector.post("Profiler.stop");
    inspector.disconnect();
    return topFunctions(profile as unknown as CpuProfile);
  };

  if (forkedWebInfra()) {
    // a web process: the primary relays the bench's profile requests (the first one is profiled)
    const app = await startApp({ env, logger, infra });
    stopWhenAsked(() => app.close(), logger);
    process.on("message", (message) => {
      if (message === "profile-start") void profileStart();
      if (message === "profile-stop") void profileStop().then((top) => process.send?.({ profile: top }));
    });
    return;
  }

  const count = webProcessCount(env);
  let close: () => Promise<void>;
  let profile: { start(): void; stop(): Promise<ProfileTop> };
  if (count > 1) {
    const web = forkWebProcesses(count, infra, logger);
    await web.ready;
    close = () => web.stop();
    const first = web.workers()[0]!;
    profile = {
      start: () => first.send("profile-start"),
      stop: () =>
        new Promise<ProfileTop>((resolve) => {
          const onMessage = (message: { profile?: ProfileTop }) => {
            if (!message?.profile) return;
            first.off("message", onMessage);
            resolve(message.profile);
          };
          first.on("message", onMessage);
          first.send("profile-stop");
        }),
    };
  } else {
    const app = await startApp({ env, logger, infra });
    close = () => app.close();
    profile = { start: () => void profileStart(), stop: profileStop };
  }
  let closing = false;
  const stop = async () => {
    if (closing) return;
    closing = true;
    await close().catch((err: unknown) => logger.warn({ err }, "bench app: close failed"));
    process.exit(0);
  };
  // the bench asks for a CPU profile of a load window: "profile-start", then "profile-stop"
  let input = "";
  process.stdin.on("data", (chunk: Buffer) => {
    input += chunk.toString("utf8");
    let nl: number;
    while ((nl = input.indexOf("\n")) >= 0) {
      const line = input.slice(0, nl);
      input = input.slice(nl + 1);
      if (line === "profile-start") profile.start();
      if (line === "profile-stop")
        void profile.stop().then((top) => process.stdout.write(`${PROFILE}${JSON.stringify(top)}\n`));
    }
  });
  // the bench process holds our stdin: when it goes (done, or died), so do we
  process.stdin.on("end", () => void stop());
  process.stdin.on("error", () => void stop());
  process.stdin.resume();
  process.on("SIGTERM", () => void stop());
  process.stdout.write(`${READY} ${count}\n`);
}

export interface AppChild {
  pid: number;
  base: string;
  /** its web processes (npm start's default for this machine, or WEB_PROCESSES) */
  webProcesses: number;
  stop(): Promise<void>;
  /** a CPU profile of the app while `load` runs */
  profile<T>(load: () => Promise<T>): Promise<{ result: T; top: ProfileTop }>;
}

export async function spawnApp(infra: BenchInfra, logger: Logger): Promise<AppChild> {
  const config: AppConfig = {
    port: infra.appPort,
    dir: infra.dir,
    databaseUrl: infra.databaseUrl,
    meiliUrl: infra.meiliUrl,
    meiliKey: infra.meiliKey,
    logLevel: process.env.BENCH_LOG_LEVEL ?? "warn",
  };
  // the same node and loader (tsx) as this process
  const child: ChildProcess = spawn(
    process.execPath,
    [...process.execArgv, fileURLToPath(import.meta.url), "serve-app"],
    {
      cwd: ROOT,
      env: { ...process.env, NODE_ENV: "production", BENCH_SEARCH_APP: JSON.stringify(config) },
      stdio: ["pipe", "pipe", "inherit"],
    },
  );
  const kill = () => child.exitCode === null && child.signalCode === null && child.kill("SIGKILL");
  process.once("exit", kill);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const profiles: ((top: ProfileTop) => void)[] = [];
  const stop = async () => {
    child.stdin?.end();
    await Promise.race([exited, sleep(15_000)]);
    kill();
    process.removeListener("exit", kill);
  };
  let webProcesses = 1;
  try {
    await new Promise<void>((resolve, reject) => {
      let buffer = "";
      let ready = false;
      const timer = setTimeout(() => reject(new Error("the app did not start within 60 s")), 60_000);
      child.stdout!.on("data", (chunk: Buffer) => {
        buffer += chunk.toString("utf8");
        let nl: number;
        while ((nl = buffer.indexOf("\n")) >= 0) {
          const line = buffer.slice(0, nl);
          buffer = buffer.slice(nl + 1);
          if (line.startsWith(PROFILE)) profiles.shift()?.(JSON.parse(line.slice(PROFILE.length)) as ProfileTop);
          else if (!ready && line.startsWith(`${READY} `)) {
            webProcesses = Number(line.slice(READY.length + 1));
            ready = true;
            clearTimeout(timer);
            resolve();
          } else if (line.trim()) process.stderr.write(`app: ${line}\n`);
        }
      });
      child.once("exit", (code) => {
        clearTimeout(timer);
        if (!ready) reject(new Error(`the app exited with code ${code} before it was ready`));
      });
    });
  } catch (error) {
    await stop();
    throw error;
  }
  logger.debug({ pid: child.pid }, "bench: app started");
  const profile = async <T>(load: () => Promise<T>) => {
    child.stdin!.write("profile-start\n");
    await sleep(100); // the profiler starts in the child
    const result = await load();
    const top = new Promise<ProfileTop>((resolve) => profiles.push(resolve));
    child.stdin!.write("profile-stop\n");
    return { result, top: await top };
  };
  return { pid: child.pid!, base: `http://127.0.0.1:${infra.appPort}`, webProcesses, stop, profile };
}

export function ensureBuild(say: (s: string) => void) {
  if (fs.existsSync(BUILD_PATH)) return;
  say("bench: no Remix build, running remix build");
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/@remix-run/dev/dist/cli.js"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
    env: { ...process.env, NODE_ENV: "production" },
  });
}

// ---------------------------------------------------------------------------------------------
// CPU of the app child and of Meilisearch (cpu.ts counts this process and PostgreSQL)

let ticksPerSecond = 100;
try {
  ticksPerSecond = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim()) || 100;
} catch {
  /* Linux default */
}

/** utime + stime (+ exited children) of a process in ms, or NaN. */
function processCpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const f = stat
      .slice(stat.lastIndexOf(")") + 2)
      .split(" ")
      .map(Number);
    return ((f[11]! + f[12]! + f[13]! + f[14]!) * 1000) / ticksPerSecond;
  } catch {
    return Number.NaN;
  }
}

/** CPU of a process and of the node processes under it (the app's web processes), in ms. */
function nodeTreeCpuMs(pid: number | undefined): number {
  if (!pid) return Number.NaN;
  const children = childPids(pid, (cmdline) => cmdline.startsWith(process.execPath));
  return children.reduce((sum, child) => sum + nodeTreeCpuMs(child), processCpuMs(pid));
}

/** The Meilisearch of this bench run: the process whose command line holds its data directory. */
export function meiliPid(infra: BenchInfra): number | undefined {
  const dbPath = path.join(infra.dir, "meili");
  for (const entry of fs.readdirSync("/proc")) {
    const pid = Number(entry);
    if (!pid) continue;
    try {
      const cmd = fs.readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (cmd.includes("meilisearch") && cmd.includes(dbPath)) return pid;
    } catch {
      /* gone */
    }
  }
  return undefined;
}

interface Spent {
  cpu: CpuSpent;
  appMs: number;
  meiliMs: number;
}

/** cpuMeter plus the app child and Meilisearch, which are then no longer counted as other work. */
function meter(pgDir: string, appPid: number | undefined, meili: number | undefined): () => Spent {
  const spent = cpuMeter(pgDir);
  const app0 = nodeTreeCpuMs(appPid);
  const meili0 = processCpuMs(meili);
  return () => {
    const cpu = spent();
    const appMs = nodeTreeCpuMs(appPid) - app0;
    const meiliMs = processCpuMs(meili) - meili0;
    const ours = (Number.isFinite(appMs) ? appMs : 0) + (Number.isFinite(meiliMs) ? meiliMs : 0);
    return { cpu: { ...cpu, otherMs: Math.max(0, cpu.otherMs - ours) }, appMs, meiliMs };
  };
}

/** "app + Meilisearch + postgres + bench" CPU ms per operation. */
function cpuPerOp(s: Spent, ops: number) {
  const f = (ms: number) => (Number.isFinite(ms) ? (ms / ops).toFixed(2) : "?");
  return `${f(s.appMs)} + ${f(s.meiliMs)} + ${f(s.cpu.pgMs)} + ${f(s.cpu.nodeMs)} ms`;
}

// ---------------------------------------------------------------------------------------------
// HTTP client: plain node:http with keep-alive (light, so the client costs little CPU)

const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });

interface Reply {
  status: number;
  body: Buffer;
  headers: http.IncomingHttpHeaders;
}

function get(url: string, headers: Record<string, string> = {}): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), headers: res.headers }));
      res.on("error", reject);
    });
    req.on("error", reject);
    req.setTimeout(30_000, () => req.destroy(new Error(`timeout: ${url}`)));
  });
}

/** Browsers ask for compressed responses, and the app compresses: the bench does the same. */
/** the columns of an autocannon row (the `load` helper in benchSearch) */
const LOAD_HEADERS = [
  "page",
  "connections",
  "seconds",
  "requests",
  "2xx/s",
  "p50 (ms)",
  "p99 (ms)",
  "non-2xx / errors / timeouts",
  "CPU per request: app + Meilisearch + postgres + bench",
  "machine CPU used by other work",
];
const BROWSER = { "accept-encoding": "gzip, deflate, br, zstd", "accept-language": "fr-CH,fr;q=0.9" };

const decoded = (r: Reply) => {
  const encoding = r.headers["content-encoding"];
  return (
    encoding === "br" ? zlib.brotliDecompressSync(r.body) : encoding === "gzip" ? zlib.gunzipSync(r.body) : r.body
  ).toString("utf8");
};
const dataUrl = (base: string, query: string) =>
  `${base}${PAGE}?${query}${query ? "&" : ""}_data=${encodeURIComponent(DATA)}`;

// ---------------------------------------------------------------------------------------------
// 100,000 ads straight into rm_ads

interface Owner {
  agencyId: string;
  agencyName: string;
  country: "CH" | "FR";
  consultants: string[];
  /** branch by name (the demo agencies cover towns from branches), else the agency's branches */
  branchByName: Map<string, string>;
  branches: string[];
  weight: number;
}

const EXTRA_AGENCIES: { name: string; country: "CH" | "FR"; city: string; branch: string }[] = [
  { name: "Jura Intérim SA", country: "CH", city: "Neuchâtel", branch: "Neuchâtel Gare" },
  { name: "Riviera Personnel Sàrl", country: "CH", city: "Vevey", branch: "Vevey Centre" },
  { name: "Limmat Temporär AG", country: "CH", city: "Zürich", branch: "Zürich Oerlikon" },
  { name: "Alpes Intérim", country: "FR", city: "Grenoble", branch: "Grenoble Europole" },
  { name: "Savoie Emploi Services", country: "FR", city: "Annecy", branch: "Annecy Bonlieu" },
  { name: "Forez Travail Temporaire", country: "FR", city: "Saint-Étienne", branch: "Saint-Étienne Châteaucreux" },
];

/** The demo data (two agencies, their people and ~300 ads, through the commands) and six more agencies. */
async function owners(sql: Db): Promise<Owner[]> {
  const domain = createDomain(sql);
  await seedDemo(domain); // false when the realtime measurement seeded it already
  const { n } = (
    await sql<{ n: string }[]>`select count(*) as n from rm_agencies where name = ${EXTRA_AGENCIES[0]!.name}`
  )[0]!;
  if (Number(n) === 0) {
    for (const [i, a] of EXTRA_AGENCIES.entries()) {
      const agencyId = await domain.agencies.registerAgency(SYSTEM_ACTOR, {
        name: a.name,
        country: a.country,
        city: a.city,
        approved: true,
      });
      await domain.agencies.openBranch(SYSTEM_ACTOR, { agencyId, name: a.branch, city: a.city });
      await domain.identity.registerUser({
        email: `consultant.${i + 1}@bench.test`,
        password: "Bench-Pass-2026",
        firstName: "Conseiller",
        lastName: a.city,
        locale: a.country === "CH" && a.city === "Zürich" ? "de" : "fr",
        role: "ADMIN_CONSULTANT",
        country: null,
        agencyId,
        clientId: null,
        verified: true,
      });
    }
  }
  const agencies = await sql<
    { id: string; name: string; country: "CH" | "FR" }[]
  >`select id, name, country from rm_agencies where status = 'approved' order by name`;
  const branches = await sql<
    { id: string; agency_id: string; name: string }[]
  >`select id, agency_id, name from rm_branches`;
  const consultants = await sql<
    { id: string; agency_id: string }[]
  >`select id, agency_id from rm_users where role = 'ADMIN_CONSULTANT' and agency_id is not null and enabled`;
  return agencies
    .map((a) => {
      const own = branches.filter((b) => b.agency_id === a.id);
      const demo = a.name === "Léman Intérim SA" || a.name === "Rhône Emploi";
      return {
        agencyId: a.id,
        agencyName: a.name,
        country: a.country,
        consultants: consultants.filter((c) => c.agency_id === a.id).map((c) => c.id),
        branchByName: new Map(own.map((b) => [b.name, b.id])),
        branches: own.map((b) => b.id),
        weight: demo ? 25 : 8,
      };
    })
    .filter((o) => o.consultants.length > 0);
}

function languageOf(r: Random, lang: "fr" | "de" | "it"): Language {
  if (lang === "de") return r.chance(0.1) ? "en" : "de";
  if (lang === "it") return "it";
  return r.weighted<Language>({ fr: 93, en: 4, pt: 3 } as Record<Language, number>);
}

/** Inserts `count` online ads; returns the seconds spent composing and inserting. */
async function generateAds(sql: Db, list: Owner[], count: number): Promise<number> {
  const started = now();
  const r = seededRandom(SEED);
  const towns = { CH: demoTowns("CH"), FR: demoTowns("FR") };
  const townWeights = {
    CH: Object.fromEntries(towns.CH.map((t, k) => [String(k), t.weight])),
    FR: Object.fromEntries(towns.FR.map((t, k) => [String(k), t.weight])),
  };
  const ownerWeights = Object.fromEntries(list.map((o, k) => [String(k), o.weight]));
  const today = new Date().toISOString().slice(0, 10);
  const { first } = (await sql<{ first: string }[]>`select nextval('ad_numbers') as first`)[0]!;
  await sql`select setval('ad_numbers', ${Number(first) + count - 1})`;
  const nowMs = Date.now();

  const rowOf = (id: number) => {
    const owner = list[Number(r.weighted(ownerWeights))]!;
    const town = towns[owner.country][Number(r.weighted(townWeights[owner.country]))]!;
    const contact = r.pick(owner.consultants);
    const f = composeAd(r, {
      professionId: r.pick(PROFESSIONS).id,
      place: town.place,
      language: languageOf(r, town.lang),
      agencyName: owner.agencyName,
      today,
      contactId: contact,
      internalId: `B-${id}`,
    });
    const branchId =
      (town.branch ? owner.branchByName.get(town.branch) : undefined) ??
      (owner.branches.length && r.chance(0.6) ? r.pick(owner.branches) : null);
    // published over the last 45 days, created a little before
    const published = new Date(nowMs - r.int(60, 45 * 86_400) * 1000);
    const created = new Date(published.getTime() - r.int(0, 3 * 86_400) * 1000);
    return {
      id,
      agency_id: owner.agencyId,
      branch_id: branchId,
      client_id: null,
      created_by: contact,
      awaiting_review: false,
      status: "online",
      slug: adSlug(f, id),
      ...adColumns(sql, f),
      order_id: null,
      published_at: published,
      created_at: created,
      updated_at: published,
    };
  };

  // compose the next batch while PostgreSQL writes the previous ones (two in flight)
  const inFlight: Promise<unknown>[] = [];
  for (let done = 0; done < count; done += INSERT_BATCH) {
    const rows = Array.from({ length: Math.min(INSERT_BATCH, count - done) }, (_, k) =>
      rowOf(Number(first) + done + k),
    );
    inFlight.push(sql`insert into rm_ads ${sql(rows as never)}`);
    if (inFlight.length >= 2) await inFlight.shift();
  }
  await Promise.all(inFlight);
  return (now() - started) / 1000;
}

/**
 * Every online ad into the `ads` index with the app's reindex source (its adsForIndex query and
 * adDocument), 10,000 documents per Meilisearch task; the tasks queue while the next batch is
 * read, and all must have succeeded. Returns the documents and the seconds until they are searchable.
 */
async function indexAds(
  sql: Db,
  client: Meilisearch,
): Promise<{ documents: number; sentSeconds: number; seconds: number }> {
  const started = now();
  await bootstrapIndexes(client);
  const index = client.index("ads");
  const tasks: number[] = [];
  let documents = 0;
  let pending: Record<string, unknown>[] = [];
  const send = async () => {
    if (!pending.length) return;
    tasks.push((await index.addDocuments(pending)).taskUid);
    documents += pending.length;
    pending = [];
  };
  for await (const batch of adsIndexSource(sql, missionQueries(sql)).documents()) {
    pending.push(...batch);
    if (pending.length >= INDEX_BATCH) await send();
  }
  await send();
  const sentSeconds = (now() - started) / 1000;
  const done = await client.tasks.waitForTasks(tasks, { timeout: 900_000, interval: 250 });
  const failed = done.filter((t) => t.status !== "succeeded");
  if (failed.length)
    throw new Error(
      `Meilisearch indexing failed: ${failed.map((t) => `${t.uid} ${t.status} ${t.error?.message ?? ""}`).join("; ")}`,
    );
  const stats = await index.getStats();
  if (stats.numberOfDocuments !== documents)
    throw new Error(`the ads index holds ${stats.numberOfDocuments} documents, ${documents} were sent`);
  return { documents, sentSeconds, seconds: (now() - started) / 1000 };
}

/** No task enqueued or processing (the app's settings update at start, an indexing in progress). */
async function meiliIdle(client: Meilisearch) {
  for (let i = 0; i < 600; i++) {
    const { results } = await client.tasks.getTasks({ statuses: ["enqueued", "processing"], limit: 1 });
    if (!results.length) return;
    await sleep(100);
  }
  throw new Error("Meilisearch stayed busy for 60 s");
}

// ---------------------------------------------------------------------------------------------
// the PostgreSQL baseline

const KM_PER_DEGREE = 111.2;

/** The same search as an ILIKE over rm_ads: words in title or description, the filters, the radius, newest first. */
async function pgSearch(sql: Db, s: AdSearch): Promise<{ total: number; ids: number[] }> {
  const place = resolvePlace(s)!;
  const r = s.radiusKm!;
  const dLat = r / KM_PER_DEGREE;
  const dLng = r / (KM_PER_DEGREE * Math.cos((place.lat * Math.PI) / 180));
  const words = `%${s.q.replace(/[\\%_]/g, "\\$&")}%`;
  const rows = await sql<{ id: string; total: string }[]>`
    select a.id, a.slug, a.title, ag.name as agency_name, a.place_name, a.region_code, a.country, a.contract, a.job_type,
      a.sector_id, a.profession_id, a.activity_rate_min, a.activity_rate_max, a.salary_min, a.salary_max, a.salary_period,
      a.hide_salary, a.commitment_date, a.published_at, left(a.description_text, 200) as excerpt, count(*) over () as total
    from rm_ads a join rm_agencies ag on ag.id = a.agency_id
    where a.status = 'online'
      and (a.title ilike ${words} or a.description_text ilike ${words})
      and a.sector_id = any(${s.sector}) and a.contract = any(${s.contract}) and a.country = ${s.country}
      and a.lat between ${place.lat - dLat} and ${place.lat + dLat} and a.lng between ${place.lng - dLng} and ${place.lng + dLng}
      and 2 * 6371 * asin(sqrt(power(sin(radians(a.lat - ${place.lat}) / 2), 2)
        + cos(radians(${place.lat})) * cos(radians(a.lat)) * power(sin(radians(a.lng - ${place.lng}) / 2), 2))) <= ${r}
    order by a.published_at desc, a.id desc
    limit 20`;
  return { total: Number(rows[0]?.total ?? 0), ids: rows.map((row) => Number(row.id)) };
}

// ---------------------------------------------------------------------------------------------

/** An operation that has not answered after this long counts as an error (the loop goes on). */
const OP_TIMEOUT_MS = 10_000;

function withDeadline<T>(p: Promise<T>, ms: number, fallback: T): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<T>((resolve) => (timer = setTimeout(() => resolve(fallback), ms)));
  return Promise.race([p, late]).finally(() => clearTimeout(timer));
}

interface Measured {
  samples: number[];
  wallMs: number;
  spent: Spent;
  errors: number;
}

/**
 * Up to `count` operations with `clients` workers in a closed loop, no new one started after
 * `seconds`; each sample is one operation's latency.
 */
async function closedLoop(
  count: number,
  clients: number,
  seconds: number,
  op: (i: number) => Promise<boolean>,
  m: () => () => Spent,
): Promise<Measured> {
  const samples: number[] = [];
  let errors = 0;
  let next = 0;
  const spent = m();
  const started = now();
  const stopAt = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (next < count && now() < stopAt) {
        const i = next++;
        const t = now();
        const ok = await withDeadline(
          op(i).catch(() => false),
          OP_TIMEOUT_MS,
          false,
        );
        samples.push(now() - t);
        if (!ok) errors++;
      }
    }),
  );
  return { samples, wallMs: now() - started, spent: spent(), errors };
}

function merge(parts: Measured[]): Measured {
  const spent: Spent = { cpu: { nodeMs: 0, pgMs: 0, otherMs: 0, wallMs: 0 }, appMs: 0, meiliMs: 0 };
  for (const p of parts) {
    spent.cpu.nodeMs += p.spent.cpu.nodeMs;
    spent.cpu.pgMs += p.spent.cpu.pgMs;
    spent.cpu.otherMs += p.spent.cpu.otherMs;
    spent.cpu.wallMs += p.spent.cpu.wallMs;
    spent.appMs += p.spent.appMs;
    spent.meiliMs += p.spent.meiliMs;
  }
  return {
    samples: parts.flatMap((p) => p.samples),
    wallMs: parts.reduce((a, p) => a + p.wallMs, 0),
    spent,
    errors: parts.reduce((a, p) => a + p.errors, 0),
  };
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  "2xx": number;
  latency: { p50: number; p99: number; average: number };
  requests: { total: number; average: number };
}
const autocannon = createRequire(import.meta.url)("autocannon") as (
  opts: Record<string, unknown>,
) => Promise<AutocannonResult>;

/** Processing time (ms) of Meilisearch's tasks on the ads index after `afterUid`: queued, then applied. */
async function indexingTasks(client: Meilisearch, afterUid: number) {
  const { results } = await client.tasks.getTasks({
    indexUids: ["ads"],
    types: ["documentAdditionOrUpdate"],
    limit: 1000,
  });
  const tasks = results.filter((t) => t.uid > afterUid && t.status === "succeeded" && t.startedAt && t.finishedAt);
  const ms = (a: string | null | undefined, b: string | null | undefined) =>
    new Date(b!).getTime() - new Date(a!).getTime();
  return {
    count: tasks.length,
    queued: summarize(tasks.map((t) => ms(t.enqueuedAt, t.startedAt))),
    applied: summarize(tasks.map((t) => ms(t.startedAt, t.finishedAt))),
  };
}

let childrenCpuMs = 0;

/** CPU the app child (its web processes included) and Meilisearch spent during benchSearch (run.ts does not count them as other work). */
export const searchChildrenCpuMs = () => childrenCpuMs;

export async function benchSearch(
  infra: BenchInfra,
  logger: Logger,
  say: (s: string) => void,
  opts: SearchOptions,
): Promise<Section> {
  ensureBuild(say);
  const meili = meiliPid(infra);
  const meiliAtStart = processCpuMs(meili);
  const sql = connect(infra.databaseUrl, logger, 20);
  const client = createSearchClient(infra.meiliUrl, infra.meiliKey);
  let app: AppChild | undefined;
  try {
    // --- data
    say(`bench: search: demo data and agencies`);
    const list = await owners(sql);
    say(`bench: search: generating ${fmtInt(opts.ads)} ads into rm_ads`);
    const generateSeconds = await generateAds(sql, list, opts.ads);
    const analyzeStarted = now();
    await sql`vacuum analyze rm_ads`;
    const analyzeSeconds = (now() - analyzeStarted) / 1000;
    const { online, size } = (
      await sql<{ online: string; size: string }[]>`
        select count(*) filter (where status = 'online') as online, pg_size_pretty(pg_total_relation_size('rm_ads')) as size from rm_ads`
    )[0]!;
    say(`bench: search: ${fmtInt(Number(online))} online ads (${size}) in ${generateSeconds.toFixed(1)} s; indexing`);
    const indexed = await indexAds(sql, client);
    say(`bench: search: ${fmtInt(indexed.documents)} documents indexed in ${indexed.seconds.toFixed(1)} s`);
    const meiliVersion = (await client.getVersion()).pkgVersion;
    // the app's processors start at the head: the index holds every online ad already
    await checkpointAtHead(sql, "search.ads");
    await checkpointAtHead(sql, "realtime");

    // --- the app
    say("bench: search: starting the app (child process)");
    app = await spawnApp(infra, logger);
    await meiliIdle(client);
    const m = () => meter(infra.pgDir, app!.pid, meili);
    const service = adSearch(client, { sql });
    // the same service without its facet-count cache: what each search costs when nobody repeats it
    const uncached = adSearch(client, { sql, facetCacheEntries: 0 });
    const base = app.base;

    // same answers from every path before timing anything
    const check: (string | number)[][] = [];
    for (const [k, s] of searches.entries()) {
      const res = await get(dataUrl(base, queryStrings[k]!), BROWSER);
      if (res.status !== 200) throw new Error(`GET ${PAGE}?${queryStrings[k]} (loader JSON): HTTP ${res.status}`);
      const body = decoded(res);
      const viaApp = (JSON.parse(body) as { result: AdSearchResult }).result;
      const direct = await service.search(s, { excludeIds: [] });
      const pg = await pgSearch(sql, s);
      if (viaApp.unavailable || direct.unavailable) throw new Error(`search unavailable for ${queryStrings[k]}`);
      const same =
        viaApp.total === direct.total && viaApp.hits.map((h) => h.id).join() === direct.hits.map((h) => h.id).join();
      if (!same) throw new Error(`the app and Meilisearch disagree on ${queryStrings[k]}`);
      if (viaApp.total === 0)
        throw new Error(`no results for ${queryStrings[k]}: the generated data does not fit the query`);
      check.push([
        `\`${queryStrings[k]}\``,
        fmtInt(viaApp.total),
        fmtInt(pg.total),
        `${fmtInt(res.body.length)} B ${res.headers["content-encoding"] ?? "uncompressed"} (${fmtInt(Buffer.byteLength(body))} B)`,
      ]);
    }

    // an answer without results because Meilisearch timed out (the page says "unavailable") is an error
    const appOp = (i: number) =>
      get(dataUrl(base, queryStrings[i % searches.length]!), BROWSER).then(
        (r) => r.status === 200 && decoded(r).includes('"unavailable":false'),
      );
    const meiliOp = (i: number) =>
      service.search(searches[i % searches.length]!, { excludeIds: [] }).then((r) => !r.unavailable);
    const meiliMainOp = (i: number) =>
      service.search(searches[i % searches.length]!, { excludeIds: [], facets: false }).then((r) => !r.unavailable);
    const meiliUncachedOp = (i: number) =>
      uncached.search(searches[i % searches.length]!, { excludeIds: [] }).then((r) => !r.unavailable);
    const pgOp = (i: number) => pgSearch(sql, searches[i % searches.length]!).then(() => true);

    // --- latency at N clients: app and Meilisearch alternate in rounds, then PostgreSQL
    say(
      `bench: search: app HTTP vs Meilisearch, ${opts.clients} clients, up to ${fmtInt(opts.requests)} requests or ${opts.seconds} s each`,
    );
    const perRound = Math.ceil(opts.requests / opts.rounds);
    const secondsPerRound = opts.seconds / opts.rounds;
    // a server runs warm: V8 optimises the request path over its first few thousand requests
    // (measured: 3.8 ms of app CPU per loader JSON in the first 8 s, 2.7 ms after)
    await closedLoop(Infinity, opts.clients, opts.warmupSeconds, appOp, m);
    await closedLoop(Infinity, opts.clients, opts.warmupSeconds, meiliOp, m);
    const appParts: Measured[] = [];
    const meiliParts: Measured[] = [];
    for (let round = 0; round < opts.rounds; round++) {
      appParts.push(await closedLoop(perRound, opts.clients, secondsPerRound, appOp, m));
      meiliParts.push(await closedLoop(perRound, opts.clients, secondsPerRound, meiliOp, m));
    }
    const appN = merge(appParts);
    const meiliN = merge(meiliParts);
    const uncachedN = await closedLoop(perRound, opts.clients, secondsPerRound, meiliUncachedOp, m);
    say(
      `bench: search: PostgreSQL ILIKE, ${opts.clients} clients, up to ${fmtInt(opts.pgRequests)} requests or ${opts.pgSeconds} s`,
    );
    await closedLoop(opts.clients, opts.clients, opts.pgSeconds, pgOp, m);
    const pgN = await closedLoop(opts.pgRequests, opts.clients, opts.pgSeconds, pgOp, m);

    // --- one client: what one request costs without queueing
    say(`bench: search: one client, up to ${fmtInt(opts.serialRequests)} requests or ${opts.serialSeconds} s each`);
    const app1 = await closedLoop(opts.serialRequests, 1, opts.serialSeconds, appOp, m);
    const meili1 = await closedLoop(opts.serialRequests, 1, opts.serialSeconds, meiliOp, m);
    const uncached1 = await closedLoop(opts.serialRequests, 1, opts.serialSeconds, meiliUncachedOp, m);
    // the main query alone (no facet counts)
    const main1 = await closedLoop(opts.serialRequests, 1, opts.serialSeconds, meiliMainOp, m);
    const pg1 = await closedLoop(opts.serialRequests, 1, opts.serialSeconds, pgOp, m);

    // --- publish -> searchable
    say(
      `bench: search: publish -> searchable, up to ${opts.publishes} ads one after another or ${opts.publishSeconds} s`,
    );
    const domain = createDomain(sql);
    const user = (await domain.identity.credentialsByEmail("consultant.ge@demo.test"))!;
    const actor: Actor = { id: user.id, role: user.role, agencyId: user.agencyId, clientId: user.clientId };
    const publishSamples: number[] = [];
    const commandSamples: number[] = [];
    let missing = 0;
    const lastTask = (await client.tasks.getTasks({ limit: 1 })).results[0]?.uid ?? -1;
    const publishSpent = m();
    const publishStop = now() + opts.publishSeconds * 1000;
    for (let i = 0; i < opts.publishes && now() < publishStop; i++) {
      // a word of its own, so that one search finds this ad (letters only: one token)
      const word = `zq${[...randomBytes(8)].map((b) => String.fromCharCode(97 + (b % 26))).join("")}`;
      const fields = sampleAdFields({ title: `Électricien ${word}`, at: i % 3 === 0 ? "lausanne" : "geneve" });
      const url = dataUrl(base, adSearchToQuery({ ...emptyAdSearch(), q: word }));
      const t0 = now();
      const id = await domain.missions.createAd(actor, { fields, publish: true });
      const committed = now();
      commandSamples.push(committed - t0);
      let found = false;
      while (!found && now() - committed < POLL_TIMEOUT_MS) {
        const res = await get(url, BROWSER).catch(() => null);
        found =
          res?.status === 200 &&
          (JSON.parse(decoded(res)) as { result: AdSearchResult }).result.hits.some((h) => h.id === id);
        if (!found) await sleep(POLL_MS);
      }
      if (found) publishSamples.push(now() - committed);
      else missing++;
      await sleep(50);
    }
    const publishCpu = publishSpent();
    const published = publishSamples.length + missing;
    const tasks = await indexingTasks(client, lastTask);

    /** autocannon on the app for `seconds`: its row (page, connections, …, other work) and its 2xx rate and failures */
    const load = async (label: string, connections: number, requests: { method: string; path: string }[]) => {
      const spent = m();
      const res = await autocannon({
        url: base,
        connections,
        duration: opts.throughputSeconds,
        timeout: 30,
        headers: BROWSER,
        requests,
      });
      const s = spent();
      const rate = res["2xx"] / res.duration;
      const failed = res.non2xx + res.errors + res.timeouts;
      const row = [
        label,
        connections,
        res.duration.toFixed(1),
        fmtInt(res.requests.total),
        fmtInt(rate),
        fmtMs(res.latency.p50),
        fmtMs(res.latency.p99),
        failed,
        cpuPerOp(s, res.requests.total),
        otherShare(s.cpu),
      ];
      return { row, rate, failed };
    };

    // --- throughput: the full page and its loader JSON
    const throughput: (string | number)[][] = [];
    for (const [label, pathOf] of [
      ["HTML page (SSR)", (q: string) => `${PAGE}?${q}`],
      ["loader JSON (`_data`)", (q: string) => `${PAGE}?${q}&_data=${encodeURIComponent(DATA)}`],
    ] as const) {
      say(`bench: search: throughput of the ${label}, ${opts.throughputSeconds} s`);
      throughput.push(
        (
          await load(
            label,
            opts.clients,
            queryStrings.map((q) => ({ method: "GET", path: pathOf(q) })),
          )
        ).row,
      );
    }

    // --- server rendering: whole pages at 10 connections, then a CPU profile of the search page
    const rendering: (string | number)[][] = [];
    let renderingOk = true;
    const RENDER_CONNECTIONS = 10;
    const pages = [
      { label: "`/login`", requests: [{ method: "GET", path: "/login" }], target: TARGET_LOGIN_RPS },
      {
        label: "job search page with words and filters",
        requests: queryStrings.map((q) => ({ method: "GET", path: `${PAGE}?${q}` })),
        target: TARGET_SEARCH_PAGE_RPS,
      },
    ];
    for (const p of pages) {
      say(`bench: search: server rendering of ${p.label}, ${opts.throughputSeconds} s`);
      const { row, rate, failed } = await load(p.label, RENDER_CONNECTIONS, p.requests);
      const ok = rate >= p.target && failed === 0;
      renderingOk &&= ok;
      rendering.push([...row, `>= ${p.target} requests/s`, ok ? "pass" : "FAIL"]);
    }
    say("bench: search: CPU profile of the app serving the search page");
    const profiled = await app.profile(() =>
      autocannon({
        url: base,
        connections: RENDER_CONNECTIONS,
        duration: 5,
        timeout: 30,
        headers: BROWSER,
        requests: pages[1]!.requests,
      }),
    );
    say("bench: search: CPU profile of the app serving the loader JSON");
    const profiledData = await app.profile(() =>
      autocannon({
        url: base,
        connections: opts.clients,
        duration: 5,
        timeout: 30,
        headers: BROWSER,
        requests: queryStrings.map((q) => ({ method: "GET", path: `${PAGE}?${q}&_data=${encodeURIComponent(DATA)}` })),
      }),
    );
    const rowsOf = (top: ProfileTop) =>
      top.rows.map((r) => [`${(r.share * 100).toFixed(1)} %`, `\`${r.fn}\``, r.where]);

    // --- the table
    const aN = summarize(appN.samples);
    const mN = summarize(meiliN.samples);
    const iN = summarize(uncachedN.samples);
    const pN = summarize(pgN.samples);
    const a1 = summarize(app1.samples);
    const m1 = summarize(meili1.samples);
    const q1 = summarize(main1.samples);
    const i1 = summarize(uncached1.samples);
    const p1 = summarize(pg1.samples);
    const p95Ratio = aN.p95 / mN.p95;
    const appOk = aN.p95 <= TARGET_APP_P95_MS && appN.errors === 0;
    const ratioOk = p95Ratio <= TARGET_APP_OVER_MEILI;
    const meiliPerSearch = appN.spent.meiliMs / Math.max(1, aN.count);
    const meiliCpuOk = meiliPerSearch <= TARGET_MEILI_CPU_MS;
    const meiliCpuRow = [
      "Meilisearch CPU per search (app HTTP)",
      opts.clients,
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      "",
      `${fmtMs(meiliPerSearch)} ms`,
      "",
      `<= ${TARGET_MEILI_CPU_MS} ms`,
      meiliCpuOk ? "pass" : "FAIL",
    ];
    const pub = summarize(publishSamples);
    const publishOk = pub.p95 <= TARGET_PUBLISH_P95_MS && missing === 0;
    const row = (label: string, clients: number, r: Measured, s: Summary, target: string, result: Verdict | "-") => [
      label,
      clients,
      fmtInt(s.count),
      fmtMs(s.p50),
      fmtMs(s.p95),
      fmtMs(s.p99),
      fmtMs(s.mean),
      fmtMs(s.max),
      fmtInt((s.count / r.wallMs) * 1000),
      r.errors,
      cpuPerOp(r.spent, s.count),
      otherShare(r.spent.cpu),
      target,
      result,
    ];
    const ratioRow = (clients: number, a: Summary, b: Summary, target: string, result: Verdict | "-") => [
      "app / Meilisearch",
      clients,
      "",
      fmtRatio(a.p50 / b.p50),
      fmtRatio(a.p95 / b.p95),
      fmtRatio(a.p99 / b.p99),
      fmtRatio(a.mean / b.mean),
      "",
      "",
      "",
      "",
      "",
      target,
      result,
    ];
    const rows = [
      row("app HTTP (loader JSON)", opts.clients, appN, aN, `p95 <= ${TARGET_APP_P95_MS} ms`, appOk ? "pass" : "FAIL"),
      row("Meilisearch (adSearch service)", opts.clients, meiliN, mN, "-", "-"),
      ratioRow(opts.clients, aN, mN, `p95 <= ${fmtRatio(TARGET_APP_OVER_MEILI)}`, ratioOk ? "pass" : "FAIL"),
      meiliCpuRow,
      row("Meilisearch (adSearch service), facet cache off", opts.clients, uncachedN, iN, "-", "-"),
      row("PostgreSQL ILIKE", opts.clients, pgN, pN, "-", "-"),
      row("app HTTP (loader JSON)", 1, app1, a1, "-", "-"),
      row("Meilisearch (adSearch service)", 1, meili1, m1, "-", "-"),
      ratioRow(1, a1, m1, "-", "-"),
      row("Meilisearch (adSearch service), facet cache off", 1, uncached1, i1, "-", "-"),
      row("Meilisearch (adSearch service), main query only (no facets)", 1, main1, q1, "-", "-"),
      row("PostgreSQL ILIKE", 1, pg1, p1, "-", "-"),
    ];
    const verdict: Verdict = appOk && ratioOk && meiliCpuOk && publishOk && renderingOk ? "pass" : "FAIL";
    const hung = (r: Measured) => r.samples.filter((ms) => ms >= OP_TIMEOUT_MS).length;
    const cores = os.availableParallelism();
    return {
      title: `5. Job search (${fmtInt(opts.ads)} ads)`,
      method:
        `${fmtInt(opts.ads)} online ads generated straight into \`rm_ads\` (fields composed by the demo seed's \`composeAd\`, ` +
        `${list.length} agencies with their branches and consultants created through the domain commands, ${demoTowns("CH").length + demoTowns("FR").length} real CH/FR localities, ` +
        `published over the last 45 days) on top of the demo seed, and indexed with the app's \`adsIndexSource\`/\`adDocument\` in tasks of ${fmtInt(INDEX_BATCH)} documents (Meilisearch ${meiliVersion}). ` +
        `The app runs in a child process as \`npm start\` runs it (role "web", production build): ${app.webProcesses} web process${app.webProcesses > 1 ? "es" : ""} sharing its port (ADR 0025), whose CPU is counted together; the load generator in the bench process. ` +
        `${searches.length} searches in rotation, each with words, contract, sector, country, a place and a radius, anonymous, brotli and gzip accepted as browsers do: ` +
        `(a) GET \`${PAGE}?…&_data=${DATA}\` (the page's loader: session, locale, parse, search, regions, JSON); ` +
        `(b) the app's \`adSearch(client, { sql }).search()\` called in the bench process: the same service the loader calls (the main query for hits and totals; facet counts, the search's own and one per facet with a selection, from its cache or asked with it; the radius as the points with ads within it; the excerpt made in the app); ` +
        `(c) an ILIKE over title and description in \`rm_ads\` with the same filters, a bounding box and a haversine radius, newest first, LIMIT 20 with count(*) over (). ` +
        `${opts.clients} clients in a closed loop, up to ${fmtInt(opts.requests)} requests per path (or ${opts.seconds} s) after ${opts.warmupSeconds} s of warm-up each, app and Meilisearch alternating in ${opts.rounds} rounds; ` +
        `then one client. Publish -> searchable: \`missions.createAd(…, { publish: true })\` as the Geneva consultant, one ad after another, the app's search polled every ${POLL_MS} ms for it.`,
      headers: [
        "path",
        "clients",
        "requests",
        "p50 (ms)",
        "p95 (ms)",
        "p99 (ms)",
        "mean (ms)",
        "max (ms)",
        "requests/s",
        "errors",
        "CPU per request: app + Meilisearch + postgres + bench",
        "machine CPU used by other work",
        "target",
        "result",
      ],
      rows,
      verdict,
      tables: [
        {
          title: "Data",
          headers: [
            "ads generated",
            "generate + insert (s)",
            "vacuum analyze (s)",
            "rm_ads size",
            "documents indexed",
            "read + send (s)",
            "until searchable (s)",
            "documents/s",
          ],
          rows: [
            [
              fmtInt(opts.ads),
              generateSeconds.toFixed(1),
              analyzeSeconds.toFixed(1),
              size,
              fmtInt(indexed.documents),
              indexed.sentSeconds.toFixed(1),
              indexed.seconds.toFixed(1),
              fmtInt(indexed.documents / indexed.seconds),
            ],
          ],
        },
        {
          title: "Searches (first answer of each)",
          headers: ["query", "hits (app = Meilisearch)", "hits (PostgreSQL ILIKE)", "loader JSON size"],
          rows: check,
        },
        {
          title: "Publish -> searchable",
          headers: [
            "ads",
            "createAd (draft + publish) p50 (ms)",
            "found p50 (ms)",
            "p95 (ms)",
            "max (ms)",
            "not found within 10 s",
            "Meilisearch tasks: queued p50 / applied p50 / applied max (ms)",
            "CPU per ad: app + Meilisearch + postgres + bench",
            "machine CPU used by other work",
            "target",
            "result",
          ],
          rows: [
            [
              published,
              fmtMs(summarize(commandSamples).p50),
              fmtMs(pub.p50),
              fmtMs(pub.p95),
              fmtMs(pub.max),
              missing,
              `${tasks.count} tasks: ${fmtMs(tasks.queued.p50)} / ${fmtMs(tasks.applied.p50)} / ${fmtMs(tasks.applied.max)}`,
              cpuPerOp(publishCpu, Math.max(1, published)),
              otherShare(publishCpu.cpu),
              `p95 <= ${fmtInt(TARGET_PUBLISH_P95_MS)} ms`,
              publishOk ? "pass" : "FAIL",
            ],
          ],
        },
        {
          title: "Throughput (autocannon)",
          headers: LOAD_HEADERS,
          rows: throughput,
        },
        {
          title: "Server rendering",
          headers: [...LOAD_HEADERS, "target", "result"],
          rows: rendering,
        },
        {
          title: `CPU profile of the app serving the search page (${RENDER_CONNECTIONS} connections, 5 s, ${fmtInt(profiled.result.requests.total)} requests; ${app.webProcesses > 1 ? `one of its ${app.webProcesses} web processes, ` : ""}${fmtInt(profiled.top.busyMs)} ms busy)`,
          headers: ["self time (share of busy)", "function", "where"],
          rows: rowsOf(profiled.top),
        },
        {
          title: `CPU profile of the app serving the loader JSON (${opts.clients} connections, 5 s, ${fmtInt(profiledData.result.requests.total)} requests; ${app.webProcesses > 1 ? `one of its ${app.webProcesses} web processes, ` : ""}${fmtInt(profiledData.top.busyMs)} ms busy)`,
          headers: ["self time (share of busy)", "function", "where"],
          rows: rowsOf(profiledData.top),
        },
      ],
      notes: [
        `CPU per request: CPU time of the app process, of Meilisearch, of the whole PostgreSQL cluster and of the bench (load generating) process, divided by the requests; ${cores} cores in all.`,
        "Errors: HTTP errors, answers without results because the app's 2 s Meilisearch timeout struck (the page then says the search is unavailable), " +
          `and operations without an answer after ${OP_TIMEOUT_MS / 1000} s (the client then moves on): ` +
          `app ${hung(appN)}, Meilisearch ${hung(meiliN)}, Meilisearch without the facet cache ${hung(uncachedN)} at ${opts.clients} clients. ` +
          "The app's Meilisearch client sends its requests over node:http (kept-alive sockets), not fetch: fetch cost the app more CPU per search than Meilisearch spent on it, and a fetch aborted by the timeout while a gzip answer was streaming never settled (Node's bundled undici).",
        "Found: from `createAd` resolving (both events committed) to the app's loader JSON listing the ad (searched by a word of its title); the app's search processor, woken by NOTIFY, reads the ad and waits for Meilisearch's task. The CPU per ad includes the polling searches.",
        "Hits: Meilisearch also matches the profession's names in five languages and typos; the ILIKE only the literal word in title or description, so the counts differ.",
        `Facet cache: the ${searches.length} searches repeat, so after the first of each its facet counts come from the service's cache (until the indexer announces a change) and a search is one Meilisearch query; ` +
          `"facet cache off" is the same service never caching, each search then the main query with its counts plus one count query per facet with a selection (here 3): Meilisearch CPU ` +
          `${fmtMs(uncachedN.spent.meiliMs / Math.max(1, iN.count))} ms per search at ${opts.clients} clients, against ${fmtMs(meiliN.spent.meiliMs / Math.max(1, mN.count))} ms with the cache.`,
        `Main query only: \`search(…, { facets: false })\` (what alerts and saved-search counts ask): Meilisearch CPU ${fmtMs(main1.spent.meiliMs / Math.max(1, q1.count))} ms per search. ` +
          "The radius is a `placePoint IN [...]` filter over the points that have online ads within it (computed in the app from rm_ads, no `_geo` in the index), and the excerpt is made in the app.",
      ],
    };
  } finally {
    const own = (processCpuMs(meili) - meiliAtStart || 0) + (nodeTreeCpuMs(app?.pid) || 0);
    childrenCpuMs += Number.isFinite(own) ? own : 0;
    await app?.stop();
    await sql.end({ timeout: 5 });
  }
}

if (
  process.argv[2] === "serve-app" &&
  process.argv[1] &&
  import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href
) {
  serveApp().catch((err: unknown) => {
    process.stderr.write(`bench app: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exit(1);
  });
}
