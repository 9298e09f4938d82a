import type { DecideContext } from "../event-store/decider";
import type { ProcessorDefinition } from "../event-store/processor";
import type { EventStore } from "../event-store/store";
import type { Db, NewEvent, Projection, StoredEvent, StoredOf } from "../event-store/types";
import type { Storage } from "../infra/storage";
import type { JobDefinition } from "../jobs/registry";
import type { Logger } from "../lib/logger";
import type { LivePush } from "../realtime/routing";
import type { IndexSource } from "../search/indexes";
import type { Meilisearch } from "meilisearch";
import type { Throttle } from "./identity/throttle";
import type { idempotent } from "../lib/idempotency";

type Once = ReturnType<typeof idempotent>;
import type { EnqueueIn } from "./notifications/outbox";
import type { MailTemplate } from "./notifications/templates";

/** What the composition root hands every module: the event store, its database, clock and ids, and infrastructure. */
export interface ModuleDeps {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  /** enqueue a job inside a command's transaction (absent in seeds and CLIs: sweeps catch up) */
  enqueue?: EnqueueIn;
  /** absolute base of links sent by mail and written in feeds */
  publicUrl: string;
  storage: Storage;
  /** rate limits shared by every process (absent in seeds and CLIs) */
  throttle?: Throttle;
  /** runs a write once per idempotency key (a retried form gets the first result) */
  once: Once;
}

/** A command input a form sends with its idempotency key (DESIGN section 8). */
export interface Idempotent {
  idempotencyKey?: string | null;
}

/** Infrastructure a module's processors run with (created once per process). */
export interface ProcessorDeps {
  store: EventStore;
  search: Meilisearch;
  logger: Logger;
  /** enqueue a job inside the batch's transaction */
  enqueue?: EnqueueIn;
  /** absolute base of links sent by mail */
  publicUrl: string;
  /** every module's notices, for the notifications module's notifier */
  notices: readonly NoticeSource[];
}

/**
 * What a person is told when an event happens: an in-app notification (and a mail), raised by
 * the notifications module's notifier processor, exactly once per event. `kind` picks the
 * translated text (`notifications.kinds.<kind>`), `params` fill it; the mail template gets the
 * person's name besides `mail.params`.
 */
export interface Notice {
  userId: string;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  mail?: { template: MailTemplate; params: Record<string, string> };
  /** told even though the account is closed: the mail saying it was closed by a merge */
  toClosedAccount?: boolean;
}

/** A module's events that tell someone something, and what (pure: from the event alone). */
export interface NoticeSource<E extends NewEvent = NewEvent> {
  eventTypes: readonly E["type"][];
  notices(event: StoredOf<E>, site: { publicUrl: string }): Notice[];
}

/** A module's public API: its commands and queries, which must not share a name. */
export type ModuleApi<C, Q> = C & Q;
type Disjoint<C, Q> = keyof C & keyof Q extends never
  ? unknown
  : { "commands and queries share a name": keyof C & keyof Q };

/**
 * One module, declared once (DESIGN section 2, docs/architecture.md): the composition root,
 * the processors, the job registry, the realtime router and the search reindex iterate the
 * list of modules (server/modules/index.ts). `Ports` is what this module calls of the others,
 * stated by this module (an exported `<Module>Ports` type, each port the part of the other's API
 * it uses); every port is listed in `needs` (created before it) or `late` (created after it).
 */
export interface ModuleDefinition<Name extends string, C, Q, Ports, JobNeeds = unknown> {
  name: Name;
  /** ports to modules created before this one in the list */
  needs?: readonly (keyof Ports & string)[];
  /**
   * ports to modules created after this one (the two call each other: identity's sign-in asks the
   * agencies module, which is created with identity as its port): the module gets a stand-in that
   * reaches the other's API at call time; calling it while the module is created throws
   */
  late?: readonly (keyof Ports & string)[];
  /** read models kept in the append transaction (read-your-writes), in the order they run */
  projections?: readonly Projection[];
  /** async reactions to events: indexers, notifiers (with the same ports as create) */
  processors?: (deps: ProcessorDeps, api: ModuleApi<C, Q>, ports: Ports) => ProcessorDefinition[];
  /** what this module's events tell people (raised by the notifications module) */
  notices?: NoticeSource;
  /**
   * pg-boss jobs (zod payloads, idempotent handlers), made from this module's API and the part of
   * the composition root's JobDeps (server/jobs/deps.ts) they use, typed by the module
   */
  jobs?: (api: ModuleApi<C, Q>, deps: JobNeeds) => JobDefinition[];
  /** rooms (besides the person's and the tenant's) an event of this module is pushed to */
  realtime?: (event: StoredEvent) => string[];
  /** data pushed with each batch of events to rooms whose members may all read it (LiveMessage) */
  livePush?: (sql: Db) => LivePush;
  /** where each search index reads its documents for a full reindex */
  indexSources?: (sql: Db, api: ModuleApi<C, Q>) => IndexSource[];
  /** `ports`: the modules listed in `needs` and `late`, as `Ports` types them */
  create(deps: ModuleDeps, ports: Ports): { commands: C; queries: Q };
}

export type AnyModule = ModuleDefinition<string, any, any, any, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

/** Declares a module; commands and queries sharing a name is a type error (one would silently replace the other). */
export function defineModule<Name extends string, C, Q, Ports = unknown, JobNeeds = unknown>(
  module: ModuleDefinition<Name, C, Q, Ports, JobNeeds> & Disjoint<C, Q>,
): ModuleDefinition<Name, C, Q, Ports, JobNeeds> {
  return module;
}

/** The domain: one entry per module, named by the module. */
export type DomainOf<Ms extends readonly AnyModule[]> = {
  [M in Ms[number] as M["name"]]: ReturnType<M["create"]>["commands"] & ReturnType<M["create"]>["queries"];
};

type PortsOf<M> = M extends ModuleDefinition<string, any, any, infer P, any> ? P : never; // eslint-disable-line @typescript-eslint/no-explicit-any
/** The names of the modules whose `Ports` the list's APIs do not meet (never when all are met). */
type UnmetPorts<Ms extends readonly AnyModule[]> = {
  [M in Ms[number] as M["name"]]: DomainOf<Ms> extends PortsOf<M> ? never : M["name"];
}[Ms[number]["name"]];

/** A module's ports, from a domain where every module exists (processors). */
export function portsOf(m: AnyModule, domain: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries([...(m.needs ?? []), ...(m.late ?? [])].map((name) => [name, domain[name]]));
}

/** A late port: a stand-in whose properties are read from the module's API once it exists. */
function latePort(domain: Readonly<Record<string, unknown>>, name: string, holder: string): object {
  return new Proxy(
    {},
    {
      get(_, key) {
        const api = domain[name] as Record<PropertyKey, unknown> | undefined;
        if (!api) throw new Error(`module ${holder} called ${name} (a late port) before ${name} was created`);
        return api[key];
      },
    },
  );
}

/**
 * Creates the modules in list order, each with its ports: the APIs of the modules it `needs`,
 * created before it, and stand-ins for its `late` ones, created after it. A list out of that
 * order is reported at start; ports whose types the APIs do not meet are a type error here.
 */
export function createModules<Ms extends readonly AnyModule[]>(
  modules: Ms &
    ([UnmetPorts<Ms>] extends [never] ? unknown : { "ports not met by the list's modules": UnmetPorts<Ms> }),
  deps: ModuleDeps,
): DomainOf<Ms> {
  const names = modules.map((m) => m.name);
  const seen = new Set<string>();
  const domain: Record<string, unknown> = {};
  for (const m of modules) {
    if (seen.has(m.name)) throw new Error(`module ${m.name} is listed twice`);
    const missing = (m.needs ?? []).filter((n) => !seen.has(n));
    if (missing.length)
      throw new Error(`module ${m.name} needs ${missing.join(", ")} before it in the list of modules`);
    seen.add(m.name);
    const early = (m.late ?? []).filter((n) => seen.has(n) || !names.includes(n));
    if (early.length)
      throw new Error(
        `module ${m.name} binds ${early.join(", ")} late: they must come after it in the list of modules`,
      );
    const ports = Object.fromEntries([
      ...(m.needs ?? []).map((n) => [n, domain[n]]),
      ...(m.late ?? []).map((n) => [n, latePort(domain, n, m.name)]),
    ]);
    const { commands, queries } = m.create(deps, ports);
    domain[m.name] = { ...commands, ...queries };
  }
  return domain as DomainOf<Ms>;
}
