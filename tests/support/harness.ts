import type { Meilisearch } from "meilisearch";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { seedDemo } from "../../db/seed/demo";
import { ProcessorRunner, listenForEvents } from "../../server/event-store/processor";
import type { Clock } from "../../server/lib/clock";
import { createLogger, type Logger } from "../../server/lib/logger";
import { adsIndexer } from "../../server/modules/missions/indexer";
import { createDomain, type DomainOptions } from "../../server/services";
import { startOwnMeilisearch, type OwnMeilisearch } from "./own-meilisearch";
import { startTestApp } from "./test-app";
import { createTestDatabase } from "./test-db";

/**
 * One integration harness for a test file: its database (cloned from the migrated template), the
 * domain over it (`createDomain(sql, options)`), a clock the tests move, Meilisearch (the shared
 * one's config, or one of the file's own with the ads indexer following the domain's events), or
 * the whole app; `beforeAll`/`afterAll` (or `beforeEach`/`afterEach`) are registered for the
 * caller, teardown included.
 *
 *   const { db, domain, clock } = integrationHarness({ clock: "2026-11-22T10:00:00Z", seed: true });
 *
 * What it returns is ready from the harness's `beforeAll` on (hooks the file registers after the
 * call run after it): using it before throws.
 *
 * The server code the integration tests use is imported here and re-exported at the end, so test
 * files import from the harness rather than from server internals.
 */

export type Domain = ReturnType<typeof createDomain>;
export type TestDatabase = Awaited<ReturnType<typeof createTestDatabase>>;
export type { OwnMeilisearch };
export type TestApp = Awaited<ReturnType<typeof startTestApp>>;

/** A clock the tests set and move; the domain reads it on every command. */
export interface TestClock extends Clock {
  set(at: Date | string | number): void;
  advance(ms: number): void;
}

export function testClock(at: Date | string | number = Date.now()): TestClock {
  let current = new Date(at);
  return {
    now: () => new Date(current),
    set: (to) => void (current = new Date(to)),
    advance: (ms) => void (current = new Date(current.getTime() + ms)),
  };
}

export interface HarnessOptions {
  /** a clock starting there (or now, with `true`), given to the domain and returned as `clock` */
  clock?: Date | string | true;
  /** createDomain's other options (publicUrl, storage...) */
  domain?: Omit<DomainOptions, "clock">;
  /** the demo data (db/seed/demo.ts), through the domain */
  seed?: boolean;
  /** a Meilisearch of the file's own under that name, with the ads indexer running on the domain's events */
  ownSearch?: { name: string; logger?: Logger };
  /** a Meilisearch of the file's own, for an app the file starts itself (`meili`) */
  meili?: boolean;
  /** a fresh database (and domain) for each test instead of one for the file */
  perTest?: boolean;
  /** for the setup hook (seeding and starting Meilisearch take a while) */
  timeout?: number;
}

export interface Harness {
  db: TestDatabase;
  domain: Domain;
  clock: TestClock;
  /** with `meili`: the file's own Meilisearch, with our indexes and nothing in them */
  meili: { url: string; key: string };
  /** with `ownSearch`: the file's own Meilisearch (stop/start for outage tests), its client and the ads indexer */
  search: { meili: OwnMeilisearch; client: Meilisearch; runner: ProcessorRunner };
}

/**
 * An object that stands for one made later (in a hook): property reads go to it once it exists.
 * Methods of class instances are bound to the instance (private fields), plain objects' are not.
 */
function late<T extends object>(what: string, get: () => T | undefined): T {
  const target = () => {
    const value = get();
    if (value === undefined)
      throw new Error(`the harness's ${what} is used before its beforeAll ran (or after its teardown)`);
    return value;
  };
  return new Proxy({} as T, {
    get(_, prop) {
      const real = target();
      const value: unknown = Reflect.get(real, prop, real);
      const isInstance = Object.getPrototypeOf(real) !== Object.prototype;
      return typeof value === "function" && isInstance ? (value as (...args: unknown[]) => unknown).bind(real) : value;
    },
    has: (_, prop) => Reflect.has(target(), prop),
    ownKeys: () => Reflect.ownKeys(target()),
    getOwnPropertyDescriptor: (_, prop) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(target(), prop);
      return descriptor && { ...descriptor, configurable: true };
    },
  });
}

export function integrationHarness(options: HarnessOptions = {}): Harness {
  const { perTest = false, timeout = 60_000 } = options;
  const clock = testClock(options.clock === true || options.clock === undefined ? Date.now() : options.clock);
  let db: TestDatabase | undefined;
  let domain: Domain | undefined;
  let search: { meili: OwnMeilisearch; runner?: ProcessorRunner } | undefined;
  let meili: OwnMeilisearch | undefined;
  let unlisten: (() => Promise<void>) | undefined;

  async function setUp() {
    if (options.meili && !meili) meili = await startOwnMeilisearch("file");
    if (options.ownSearch && !search) {
      const meili = await startOwnMeilisearch(options.ownSearch.name);
      search = { meili };
    }
    db = await createTestDatabase();
    domain = createDomain(db.sql, { ...options.domain, ...(options.clock ? { clock } : {}) });
    if (search && options.ownSearch) {
      search.runner = new ProcessorRunner(
        domain.store,
        adsIndexer(search.meili.client, domain.missions),
        options.ownSearch.logger ?? createLogger("silent"),
        100,
      );
      unlisten = await listenForEvents(db.sql, [search.runner]);
      search.runner.start();
    }
    if (options.seed) await seedDemo(domain);
  }

  async function tearDown(last: boolean) {
    await unlisten?.();
    unlisten = undefined;
    await search?.runner?.stop();
    await db?.drop();
    db = undefined;
    domain = undefined;
    if (last) {
      await search?.meili.close();
      search = undefined;
      await meili?.close();
      meili = undefined;
    }
  }

  if (perTest) {
    beforeEach(setUp, timeout);
    afterEach(() => tearDown(false), timeout);
    afterAll(() => tearDown(true), timeout);
  } else {
    beforeAll(setUp, timeout);
    afterAll(() => tearDown(true), timeout);
  }

  return {
    db: late("database", () => db),
    domain: late("domain", () => domain),
    clock,
    meili: late("own Meilisearch (meili option)", () => meili),
    search: {
      meili: late("own Meilisearch (ownSearch option)", () => search?.meili),
      client: late("own Meilisearch's client (ownSearch option)", () => search?.meili.client),
      runner: late("ads indexer (ownSearch option)", () => search?.runner),
    },
  };
}

/**
 * The whole app in this process over a fresh database with the demo data, started before the
 * file's tests and closed after them. `env` may be a function, run in the hook (for values known
 * only then, such as the address of a provider another hook started).
 */
export function appHarness(
  env: Record<string, string> | (() => Record<string, string>) = {},
  timeout = 90_000,
): TestApp {
  let app: TestApp | undefined;
  beforeAll(async () => {
    app = await startTestApp(typeof env === "function" ? env() : env);
  }, timeout);
  afterAll(() => app?.close(), 30_000);
  return late("app", () => app);
}

// The server code the integration tests use, in one place.
export { seedDemo, DEMO_PASSWORD } from "../../db/seed/demo";
export { DEMO_TOWNS, GENERATED_ADS } from "../../db/seed/demo-ads";
export {
  ProcessorRunner,
  listenForEvents,
  processorLag,
  readCheckpoint,
  type ProcessorDefinition,
} from "../../server/event-store/processor";
export { rebuildProjections } from "../../server/event-store/rebuild";
export { eraseKey } from "../../server/event-store/data-keys";
export { EVENTS_CHANNEL, createEventStore, type EventStore } from "../../server/event-store/store";
export { ConcurrencyError, type Db, type Projection, type StoredEvent, type Tx } from "../../server/event-store/types";
export { Upcasters } from "../../server/event-store/upcasters";
export { startApp } from "../../server/app";
export { ROOT } from "../../server/lib/root";
export { loadEnv } from "../../server/env";
export { createStorage } from "../../server/infra/storage";
export type { OutgoingMail } from "../../server/infra/mailer";
export { fixedClock, type Clock } from "../../server/lib/clock";
export { AppError } from "../../server/lib/errors";
export { createLogger, logContext, type Logger } from "../../server/lib/logger";
export { createSearchClient } from "../../server/search/client";
export { reindex } from "../../server/search/indexes";
export { roomsFor, type LivePayload } from "../../server/realtime/routing";
export { startJobs, type Jobs } from "../../server/jobs/boss";
export { jobDefinitions } from "../../server/jobs/definitions";
export type { JobDeps } from "../../server/jobs/deps";
export { MAX_SAVED_SEARCHES } from "../../server/modules/engagement/events";
export { registrationStream } from "../../server/modules/candidates/registration/events";
export { RESET_TOKEN_MS } from "../../server/modules/identity/commands";
export { verifyPassword } from "../../server/modules/identity/passwords";
export { createSessions } from "../../server/modules/identity/sessions";
export { createThrottle } from "../../server/modules/identity/throttle";
export { SYSTEM_ACTOR, type Actor, type Role } from "../../server/modules/identity/contract";
export { addDays } from "../../server/modules/missions/commands";
export { localDay } from "../../server/modules/missions/decider";
export { adDocument, adsIndexer } from "../../server/modules/missions/indexer";
export { adColumns } from "../../server/modules/missions/projections";
export { missionQueries } from "../../server/modules/missions/queries";
export { adSlug, CONTRACTS, JOB_TYPES, type AdFields } from "../../server/modules/missions/rules";
export { adSearch, FACETS, searchClauses, type AdSearchResult } from "../../server/modules/missions/search";
export { announceAdsIndexChange, manualGeneration } from "../../server/modules/missions/search-changes";
export { engineDistanceM, pointKey, type Point } from "../../server/modules/missions/search-geo";
export {
  adSearchToQuery,
  emptyAdSearch,
  parseAdSearch,
  RADII_KM,
  SEARCH_PAGE_SIZE,
  SORTS,
  type AdSearch,
} from "../../server/modules/missions/search-params";
export { INDEX_SETTINGS, MAX_TOTAL_HITS } from "../../server/search/indexes";
export { composeAd, seededRandom, type Random } from "../../db/seed/ad-texts";
export { demoTowns } from "../../db/seed/demo-ads";
export { dispatchMail, MAX_MAIL_ATTEMPTS, queueMail } from "../../server/modules/notifications/outbox";
export { renderMail } from "../../server/modules/notifications/templates";
export { notifierProcessor } from "../../server/modules/notifications/notifier";
export { eraseNotifications } from "../../server/modules/notifications/erase";
export { queueNoticeMail } from "../../server/modules/notifications/notice-mail";
export { engagementNotices } from "../../server/modules/engagement/alerts";
export { bestLocality, localityById } from "../../server/modules/reference/localities";
export { PROFESSIONS, SECTORS } from "../../server/modules/reference/professions";
export { INLINE_PROJECTIONS, createDomain, indexSources, type Services } from "../../server/services";
export { extractText } from "../../server/modules/candidates/cv/text";
export { faqSearch } from "../../server/modules/support";
export { accessTokens } from "../../server/api/v1/access-tokens";
