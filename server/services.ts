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
import { keptMails, type EnqueueIn } from "./modules/notifications/outbox";
import type { Jobs } from "./jobs/boss";
import { startJobs } from "./jobs/boss";
import { systemClock, type Clock } from "./lib/clock";
import { systemIds, type IdGenerator } from "./lib/ids";
import type { Logger } from "./lib/logger";
import { agencyCommands } from "./modules/agencies/commands";
import { inviteMember, signUpAgency, type AgencySignUp, type Invitation } from "./modules/agencies/membership";
import { agenciesProjection } from "./modules/agencies/projections";
import { agencyQueries } from "./modules/agencies/queries";
import { candidateCommands } from "./modules/candidates/commands";
import { candidatesProjection, registrationsProjection } from "./modules/candidates/projections";
import { candidateQueries } from "./modules/candidates/queries";
import { createAuthenticator } from "./modules/identity/authenticator";
import { identityCommands } from "./modules/identity/commands";
import { usersProjection } from "./modules/identity/projections";
import { identityQueries } from "./modules/identity/queries";
import { createSessions } from "./modules/identity/sessions";
import { createSocialLogin, socialProvidersFromEnv, type SocialLogin } from "./modules/identity/social-login";
import { createThrottle, type Throttle } from "./modules/identity/throttle";
import { missionCommands } from "./modules/missions/commands";
import { adsProjection, ordersProjection } from "./modules/missions/projections";
import { adsIndexSource } from "./modules/missions/indexer";
import { missionQueries } from "./modules/missions/queries";
import { bestLocality, localityById, REGIONS, searchLocalities } from "./modules/reference/localities";
import { searchAlerts } from "./modules/engagement/alerts";
import { engagementCommands } from "./modules/engagement/commands";
import { engagementProjection } from "./modules/engagement/projections";
import { engagementQueries } from "./modules/engagement/queries";
import { inAppNotifications } from "./modules/notifications/in-app";
import { notificationsProjection } from "./modules/notifications/projections";
import { adSearch, type AdSearchService } from "./modules/missions/search";
import { createSearchClient } from "./search/client";
import { bootstrapIndexes, type IndexSource } from "./search/indexes";

/** Read models kept in the append transaction (read-your-writes), in the order they run. */
export const INLINE_PROJECTIONS: Projection[] = [usersProjection, agenciesProjection, registrationsProjection, candidatesProjection, adsProjection, ordersProjection, engagementProjection, notificationsProjection];

/**
 * Where each search index reads its documents for a full reindex. The ads and candidates
 * modules register theirs when they arrive; until then the indexes exist with their settings.
 */
export function indexSources(sql: Db): IndexSource[] {
  return [adsIndexSource(sql, missionQueries(sql))];
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
}

/** The modules' commands and queries over one event store. */
export function createDomain(
  sql: Db,
  { clock = systemClock, ids = systemIds, enqueue, publicUrl = "http://localhost:3000", storage = createStorage(path.resolve(".data")) }: DomainOptions = {},
) {
  const store = createEventStore({ sql, inlineProjections: INLINE_PROJECTIONS });
  const ctx = { clock, ids };
  const users = identityQueries(sql);
  const identity = { ...identityCommands({ store, ctx, enqueue, publicUrl }), ...users };
  const agencies = { ...agencyCommands({ store, ctx, enqueue, publicUrl }), ...agencyQueries(sql) };
  return {
    store,
    storage,
    authenticator: createAuthenticator(users),
    identity,
    agencies: {
      ...agencies,
      signUp: (input: AgencySignUp) => signUpAgency({ agencies, identity }, input),
      invite: (input: Invitation) => inviteMember({ agencies, identity }, input),
    },
    candidates: { ...candidateCommands({ store, ctx, storage, identity }), ...candidateQueries(sql) },
    missions: { ...missionCommands({ store, ctx }), ...missionQueries(sql) },
    reference: { searchLocalities, localityById, bestLocality, regions: REGIONS },
    notifications: { keptMails: () => keptMails(sql), ...inAppNotifications({ store, ctx }) },
    engagement: { ...engagementCommands({ store, ctx }), ...engagementQueries(sql), ...searchAlerts({ store, ctx, enqueue, publicUrl }) },
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
  sessions: ReturnType<typeof createSessions>;
  jobs: Jobs;
  throttle: Throttle;
  /** social login (OpenID Connect); providers enabled by configuration */
  social: SocialLogin;
  /** null: no SMTP, mails are kept for /dev/mails */
  mailTransport: MailTransport;
  processors: ProcessorRunner[];
  health(): Promise<HealthReport>;
}

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
  const timeout = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error("health check timed out")), HEALTH_TIMEOUT_MS)));
  return Promise.race([Promise.resolve(p), timeout]).finally(() => clearTimeout(timer));
}
const upOrDown = (p: PromiseLike<unknown>) => withTimeout(p).then(() => "ok" as const, () => "down" as const);

/**
 * Composition root of everything but HTTP: pools, event store, search, jobs, processors.
 * Created once per process and handed to loaders through getLoadContext.
 */
export async function createServices(env: Env, infra: Infra, logger: Logger) {
  const sql = connect(infra.databaseUrl, logger);
  const jobs = await startJobs(infra.databaseUrl, logger, { work: env.ROLE !== "web" });
  const domain = createDomain(sql, { enqueue: jobs.sendIn, publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`, storage: createStorage(env.dataDir) });
  const search = createSearchClient(infra.meiliUrl, infra.meiliKey);
  await bootstrapIndexes(search).catch((err) => logger.warn({ err }, "search index bootstrap failed; search will catch up"));
  const sessions = createSessions(sql, infra.sessionSecret, infra.secureCookies);
  // one connection per processor holds its leadership lock (see ProcessorRunner)
  const lockPool = resilientPool({ connectionString: infra.databaseUrl, max: 8, idleTimeoutMillis: 0, application_name: "missio-locks" }, logger, "processor-locks");
  const throttlePool = resilientPool({ connectionString: infra.databaseUrl, max: 3, application_name: "missio-throttle" }, logger, "throttle");
  const processors: ProcessorRunner[] = [];

  const services: Services = {
    ...domain,
    env,
    logger,
    sql,
    search,
    adSearch: adSearch(search, { logger }),
    sessions,
    jobs,
    mailTransport: createMailTransport(env.SMTP_URL, env.MAIL_FROM),
    throttle: createThrottle(throttlePool),
    social: createSocialLogin({ providers: socialProvidersFromEnv(env), secret: infra.sessionSecret, secure: infra.secureCookies, publicUrl: env.PUBLIC_URL, logger }),
    processors,
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
      return { ok: database === "ok" && searchOk === "ok" && jobsOk === "ok", database, search: searchOk, jobs: jobsOk, processors: processorsReport };
    },
  };

  let unlisten: (() => Promise<void>) | null = null;
  return {
    services,
    /** Start processors (each runs in the one process holding its lock) and job workers. */
    async start(defs: ProcessorDefinition[]) {
      for (const def of defs) processors.push(new ProcessorRunner(domain.store, def, logger, env.PROCESSOR_POLL_MS, lockPool));
      unlisten = await listenForEvents(sql, processors, logger);
      processors.forEach((p) => p.start());
      await jobs.work(services);
    },
    async stop() {
      await unlisten?.();
      await Promise.all(processors.map((p) => p.stop()));
      await jobs.stop().catch((err) => logger.warn({ err }, "job queue stop failed"));
      await throttlePool.end().catch(() => undefined);
      await lockPool.end().catch(() => undefined);
      await sql.end({ timeout: 5 });
    },
  };
}
