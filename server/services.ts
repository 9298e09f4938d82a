import type { Meilisearch } from "meilisearch";
import path from "node:path";
import { ProcessorRunner, listenForEvents, processorLag, type ProcessorDefinition } from "./event-store/processor";
import { createEventStore, type EventStore } from "./event-store/store";
import type { Db, Projection } from "./event-store/types";
import type { Env } from "./env";
import { connect } from "./infra/database";
import { resilientPool } from "./infra/pg-pool";
import { createMailTransport, type MailTransport } from "./infra/mailer";
import { createStorage, type Storage } from "./infra/storage";
import { vapidKeys } from "./infra/vapid";
import type { EnqueueIn } from "./modules/notifications";
import type { Jobs } from "./jobs/boss";
import { startJobs } from "./jobs/boss";
import { jobDefinitions } from "./jobs/definitions";
import { systemClock, type Clock } from "./lib/clock";
import { systemIds, type IdGenerator } from "./lib/ids";
import type { Logger } from "./lib/logger";
import { idempotent } from "./lib/idempotency";
import { MODULES } from "./modules";
import {
  createSessions,
  createSocialLogin,
  createThrottle,
  DEFAULT_LIMITS,
  socialProvidersFromEnv,
  type SocialLogin,
  type Throttle,
} from "./modules/identity";
import { adSearch, type AdSearchService } from "./modules/missions";
import { candidateAdFits, type CandidateAdFits } from "./modules/matching/contract";
import { librarySearch, type LibrarySearchService } from "./modules/library";
import { faqSearch, type FaqSearchService } from "./modules/support";
import { createModules, portsOf } from "./modules/module";
import { createSearchClient } from "./search/client";
import { bootstrapIndexes, type IndexSource } from "./search/indexes";

/** Read models kept in the append transaction (read-your-writes): the modules', in their order. */
export const INLINE_PROJECTIONS: Projection[] = MODULES.flatMap((m): Projection[] => [...(m.projections ?? [])]);

/** Where each search index reads its documents for a full reindex: the modules' sources. */
export function indexSources(sql: Db): IndexSource[] {
  const domain = createDomain(sql);
  return MODULES.flatMap((m) => m.indexSources?.(sql, domain[m.name] as never) ?? []);
}

export interface Infra {
  databaseUrl: string;
  meiliUrl: string;
  meiliKey: string | undefined;
  sessionSecret: string;
  secureCookies: boolean;
}

export interface DomainOptions {
  clock?: Clock;
  ids?: IdGenerator;
  /** enqueue jobs inside command transactions (the app); seeds and CLIs go without */
  enqueue?: EnqueueIn;
  publicUrl?: string;
  /** uploaded files; the app's is under DATA_DIR (createServices), the default under ./.data */
  storage?: Storage;
  throttle?: Throttle;
}

/** The modules' commands and queries over one event store. */
export function createDomain(
  sql: Db,
  {
    clock = systemClock,
    ids = systemIds,
    enqueue,
    publicUrl = "http://localhost:3000",
    storage = createStorage(path.resolve(".data")),
    throttle,
  }: DomainOptions = {},
) {
  const store = createEventStore({ sql, inlineProjections: INLINE_PROJECTIONS });
  return {
    store,
    storage,
    ...createModules(MODULES, {
      sql,
      store,
      ctx: { clock, ids },
      enqueue,
      publicUrl,
      storage,
      throttle,
      once: idempotent(sql),
    }),
  };
}

export interface Services extends ReturnType<typeof createDomain> {
  env: Env;
  logger: Logger;
  sql: Db;
  store: EventStore;
  search: Meilisearch;
  /** the job search (/rechercher-un-emploi, saved searches, alerts) */
  adSearch: AdSearchService;
  /** a signed-in candidate's fit to ads (the job search's sort by fit, "jobs for you", alerts) */
  adFits: CandidateAdFits;
  /** the CV library's search (/cv-theque), scoped to the agency on the server */
  librarySearch: LibrarySearchService;
  /** the FAQ's search (/support), PostgreSQL when Meilisearch is away */
  faqSearch: FaqSearchService;
  sessions: ReturnType<typeof createSessions>;
  jobs: Jobs;
  throttle: Throttle;
  /** social login (OpenID Connect); providers enabled by configuration */
  social: SocialLogin;
  /** null: no SMTP, mails are kept for /dev/mails */
  mailTransport: MailTransport;
  /** the VAPID public key browsers subscribe to our pushes with (ADR 0050) */
  vapidPublicKey: string;
  processors: ProcessorRunner[];
  health(): Promise<HealthReport>;
  /** the site's address for absolute links: PUBLIC_URL, else where this process listens (never a request's Host) */
  publicUrl(): string;
  /** the address the HTTP server listens at, once it does */
  listeningAt(url: string): void;
}

/**
 * What loaders and actions get (AppLoadContext.services): the modules' APIs and the HTTP
 * adapters, not the database, event store, search client or queue behind them.
 */
export type AppServices = Omit<Services, "sql" | "store" | "search" | "jobs" | "processors" | "storage">;

export interface HealthReport {
  ok: boolean;
  database: "ok" | "down";
  search: "ok" | "down";
  jobs: "ok" | "down";
  processors: { name: string; behind: number; lagMs: number; running: boolean }[];
}

const HEALTH_TIMEOUT_MS = 3000;
function withTimeout<T>(p: PromiseLike<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>(
    (_, reject) => (timer = setTimeout(() => reject(new Error("health check timed out")), HEALTH_TIMEOUT_MS)),
  );
  return Promise.race([Promise.resolve(p), timeout]).finally(() => clearTimeout(timer));
}
const upOrDown = (p: PromiseLike<unknown>) =>
  withTimeout(p).then(
    () => "ok" as const,
    () => "down" as const,
  );

/**
 * Composition root of everything but HTTP: pools, event store, search, jobs, processors.
 * Created once per process and handed to loaders through getLoadContext.
 */
export async function createServices(env: Env, infra: Infra, logger: Logger) {
  const sql = connect(infra.databaseUrl, logger);
  const jobs = await startJobs(infra.databaseUrl, logger, { work: env.ROLE !== "web" });
  const throttlePool = resilientPool(
    { connectionString: infra.databaseUrl, max: 3, application_name: "missio-throttle" },
    logger,
    "throttle",
  );
  const throttle = createThrottle(throttlePool, { ...DEFAULT_LIMITS, apiPerToken: env.API_RATE_LIMIT });
  const publicUrl = env.PUBLIC_URL ?? `http://localhost:${env.PORT}`;
  const domain = createDomain(sql, { enqueue: jobs.sendIn, publicUrl, storage: createStorage(env.dataDir), throttle });
  const search = createSearchClient(infra.meiliUrl, infra.meiliKey);
  await bootstrapIndexes(search).catch((err) =>
    logger.warn({ err }, "search index bootstrap failed; search will catch up"),
  );
  const sessions = createSessions(sql, infra.sessionSecret, infra.secureCookies);
  const mailTransport = createMailTransport(env.SMTP_URL, env.MAIL_FROM);
  const vapid = vapidKeys(env);
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.VAPID_PUBLIC_KEY)
    // each host would make its own pair: pages would hand out a key the worker does not sign with
    logger.warn(
      "VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY unset with an external database: push works only if every process shares DATA_DIR",
    );
  // one connection per processor holds its leadership lock (see ProcessorRunner)
  const lockPool = resilientPool(
    { connectionString: infra.databaseUrl, max: 8, idleTimeoutMillis: 0, application_name: "missio-locks" },
    logger,
    "processor-locks",
  );
  const processors: ProcessorRunner[] = [];
  let listening: string | null = null;
  // its caches follow the index through the indexer's announcements, whichever process indexes
  const jobSearch = adSearch(search, { sql, logger });
  const adFits = candidateAdFits({
    myProfile: domain.candidates.myProfile,
    myDocuments: domain.candidates.myDocuments,
    localityById: domain.reference.localityById,
  });
  const cvSearch = librarySearch(search, { sql, logger, now: () => new Date() });
  await jobs.define(
    jobDefinitions(domain, {
      logger,
      sql,
      send: jobs.send,
      mailTransport,
      vapid,
      sessions,
      adSearch: jobSearch,
      adFits,
      librarySearch: cvSearch,
    }),
  );

  const services: Services = {
    ...domain,
    env,
    logger,
    sql,
    search,
    adSearch: jobSearch,
    adFits,
    librarySearch: cvSearch,
    faqSearch: faqSearch(search, { sql, logger }),
    sessions,
    jobs,
    mailTransport,
    vapidPublicKey: vapid.publicKey,
    throttle,
    social: createSocialLogin({
      providers: socialProvidersFromEnv(env),
      secret: infra.sessionSecret,
      secure: infra.secureCookies,
      publicUrl: env.PUBLIC_URL,
      logger,
    }),
    processors,
    publicUrl: () => (env.PUBLIC_URL ?? listening ?? publicUrl).replace(/\/+$/, ""),
    listeningAt: (url) => {
      listening = url;
    },
    async health() {
      // a dependency that does not answer within HEALTH_TIMEOUT_MS is down: /healthz answers 503 at once
      const [database, searchOk, jobsOk, lag] = await Promise.all([
        upOrDown(sql`select 1`),
        upOrDown(search.health()),
        upOrDown(sql`select 1 from pgboss.version`),
        withTimeout(processorLag(sql)).catch(() => []),
      ]);
      const processorsReport = lag.map((l) => ({
        name: l.name,
        behind: l.behind,
        lagMs: l.lag_ms,
        running: processors.some((p) => p.def.name === l.name && !p.lastError),
      }));
      return {
        ok: database === "ok" && searchOk === "ok" && jobsOk === "ok",
        database,
        search: searchOk,
        jobs: jobsOk,
        processors: processorsReport,
      };
    },
  };

  let unlisten: (() => Promise<void>) | null = null;
  return {
    services,
    /**
     * Start processors (each runs in the one process holding its lock): the given ones and the
     * modules' own; then the job workers.
     */
    async start(extra: ProcessorDefinition[]) {
      const notices = MODULES.flatMap((m) => (m.notices ? [m.notices] : []));
      const modules = MODULES.flatMap(
        (m) =>
          m.processors?.(
            { store: domain.store, search, logger, notices, enqueue: jobs.sendIn, publicUrl },
            domain[m.name] as never,
            portsOf(m, domain) as never,
          ) ?? [],
      );
      for (const def of [...extra, ...modules])
        processors.push(new ProcessorRunner(domain.store, def, logger, env.PROCESSOR_POLL_MS, lockPool));
      unlisten = await listenForEvents(sql, processors, logger);
      processors.forEach((p) => p.start());
      await jobs.work();
    },
    async stop() {
      await unlisten?.();
      await jobSearch.close();
      await Promise.all(processors.map((p) => p.stop()));
      await jobs.stop().catch((err) => logger.warn({ err }, "job queue stop failed"));
      await throttlePool.end().catch(() => undefined);
      await lockPool.end().catch(() => undefined);
      await sql.end({ timeout: 5 });
    },
  };
}
