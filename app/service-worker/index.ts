/// <reference lib="webworker" />
/**
 * Missio's service worker (issue 31, ADR 0051), bundled by server/cli/build-service-worker.ts
 * into /sw.js with the build's precache list. Serwist precaches the shell (the scripts and styles
 * of the signed-in pages) and serves the build's files from the cache; the candidate's key pages
 * are fetched from the network first and kept, per person, for reading offline.
 *
 * One person's pages are never shown to another: they live in a cache named for the person the
 * pages last said was signed in, and every other person's cache is deleted as soon as a page says
 * someone else is (account switch), a page says nobody is (sign-out, the login page), or the
 * server answers a kept page with the login page (session ended).
 */
import {
  CacheFirst,
  ExpirationPlugin,
  NetworkFirst,
  Serwist,
  StaleWhileRevalidate,
  type PrecacheEntry,
  type RouteHandlerCallbackOptions,
} from "serwist";
import {
  CACHED_AT_HEADER,
  OFFLINE_FALLBACK,
  OFFLINE_PAGES,
  PAGE_CACHE_PREFIX,
  isOfflinePage,
  type ToServiceWorker,
} from "../utils/offline-pages";
import { installPush } from "./push";

declare const self: ServiceWorkerGlobalScope & { __SW_MANIFEST: (PrecacheEntry | string)[] };

const META_CACHE = "missio-meta";
const USER_KEY = "/__missio/user";
/** A page fetched ahead is not fetched again sooner than this. */
const WARM_AGAIN_MS = 10 * 60 * 1000;

let user: string | null | undefined; // undefined: not read from the meta cache yet

async function currentUser(): Promise<string | null> {
  if (user === undefined) {
    const kept = await (await caches.open(META_CACHE)).match(USER_KEY);
    user = kept ? await kept.text() : null;
  }
  return user;
}

/** Records who is signed in on this device; everyone else's pages go. */
async function setUser(id: string | null): Promise<void> {
  const meta = await caches.open(META_CACHE);
  if (id) await meta.put(USER_KEY, new Response(id));
  else await meta.delete(USER_KEY);
  user = id;
  const keep = id ? PAGE_CACHE_PREFIX + id : null;
  for (const name of await caches.keys())
    if (name.startsWith(PAGE_CACHE_PREFIX) && name !== keep) await caches.delete(name);
}

/** Whether an answer says the session has ended (the login page, or Remix's redirect to it). */
function signedOut(response: Response): boolean {
  const redirect = response.headers.get("x-remix-redirect");
  if (redirect) return redirect.startsWith("/login");
  return response.redirected && new URL(response.url).pathname === "/login";
}

const strategies = new Map<string, NetworkFirst>();
function pagesOf(id: string): NetworkFirst {
  let strategy = strategies.get(id);
  if (!strategy) {
    strategy = new NetworkFirst({
      cacheName: PAGE_CACHE_PREFIX + id,
      // a slow connection (a building site) shows the kept page rather than nothing
      networkTimeoutSeconds: 6,
      plugins: [
        {
          async fetchDidSucceed({ response }) {
            if (signedOut(response)) await setUser(null);
            return response;
          },
          // only whole pages of this person are kept, stamped with when they were fetched
          async cacheWillUpdate({ response }) {
            if (!response.ok || response.redirected || response.status !== 200 || user !== id) return null;
            const headers = new Headers(response.headers);
            headers.set(CACHED_AT_HEADER, new Date().toISOString());
            return new Response(await response.blob(), { status: 200, statusText: response.statusText, headers });
          },
        },
      ],
    });
    strategies.set(id, strategy);
  }
  return strategy;
}

async function keyPage({ request, event }: RouteHandlerCallbackOptions): Promise<Response> {
  const id = await currentUser();
  if (!id) return fetch(request);
  try {
    return await pagesOf(id).handle({ request, event });
  } catch (error) {
    // a page's data never kept (a link followed offline): Remix loads the whole page instead,
    // which is kept, or is the offline page
    const url = new URL(request.url);
    if (url.searchParams.has("_data")) {
      url.searchParams.delete("_data");
      return new Response(null, {
        status: 204,
        headers: { "X-Remix-Redirect": url.pathname + url.search, "X-Remix-Reload-Document": "true" },
      });
    }
    // a page never kept: the offline page (kept for this person), else the browser's own error
    if (request.mode === "navigate") {
      const fallback = await (await caches.open(PAGE_CACHE_PREFIX + id)).match(OFFLINE_FALLBACK);
      if (fallback) return fallback;
    }
    throw error;
  }
}

/** Fetches the person's key pages ahead (the sheets the timesheet list shows too), not too often. */
async function warm(urls: string[], event: ExtendableEvent): Promise<void> {
  const id = await currentUser();
  if (!id) return;
  const cache = await caches.open(PAGE_CACHE_PREFIX + id);
  for (const url of urls) {
    const path = new URL(url, self.location.origin);
    if (path.origin !== self.location.origin || !isOfflinePage(path.pathname)) continue;
    const kept = await cache.match(path.href);
    const at = kept?.headers.get(CACHED_AT_HEADER);
    if (at && Date.now() - Date.parse(at) < WARM_AGAIN_MS) continue;
    try {
      await pagesOf(id).handle({ request: new Request(path.href, { credentials: "same-origin" }), event });
    } catch {
      return; // offline: the next page load asks again
    }
  }
}

/**
 * Remix discovers the routes of the links on a page (`/__manifest?p=...&version=...`): every
 * answer of a build's version is merged into one kept list, so that offline, a link between kept
 * pages finds its route whatever the links asked for. Unknown offline: Remix loads the whole page.
 */
async function routeManifest(request: Request): Promise<Response> {
  const version = new URL(request.url).searchParams.get("version") ?? "";
  const key = `/__missio/manifest/${encodeURIComponent(version)}`;
  const meta = await caches.open(META_CACHE);
  try {
    const response = await fetch(request);
    if (response.status === 200) {
      const kept = (await (await meta.match(key))?.json().catch(() => ({}))) as Record<string, unknown> | undefined;
      const patch = (await response.clone().json()) as Record<string, unknown>;
      await meta.put(key, Response.json({ ...kept, ...patch }));
    }
    return response;
  } catch {
    return (
      (await meta.match(key)) ?? new Response(null, { status: 204, headers: { "X-Remix-Reload-Document": "true" } })
    );
  }
}

/** Asks once, ahead, for the routes of the kept pages (a week's sheet stands for all of them). */
async function warmRouteManifest(version: string): Promise<void> {
  if (!version || (await (await caches.open(META_CACHE)).match(`/__missio/manifest/${encodeURIComponent(version)}`)))
    return;
  const url = new URL("/__manifest", self.location.origin);
  for (const page of [...OFFLINE_PAGES, `/fiches-horaires/${"0".repeat(8)}-0000-0000-0000-${"0".repeat(12)}`])
    url.searchParams.append("p", page);
  url.searchParams.set("version", version);
  await routeManifest(new Request(url)).catch(() => undefined);
}

const serwist = new Serwist({
  precacheEntries: self.__SW_MANIFEST,
  precacheOptions: { cleanupOutdatedCaches: true },
  skipWaiting: true,
  clientsClaim: true,
  disableDevLogs: true,
  runtimeCaching: [
    {
      matcher: ({ request, url, sameOrigin }) => sameOrigin && request.method === "GET" && isOfflinePage(url.pathname),
      handler: keyPage,
    },
    {
      // the build's files are named by their content: a kept one is always right
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/build/"),
      handler: new CacheFirst({
        cacheName: "missio-build",
        plugins: [new ExpirationPlugin({ maxEntries: 300, maxAgeSeconds: 30 * 24 * 3600 })],
      }),
    },
    {
      matcher: ({ url, sameOrigin }) =>
        sameOrigin && (url.pathname.startsWith("/locales/") || url.pathname.startsWith("/icons/")),
      handler: new StaleWhileRevalidate({ cacheName: "missio-static" }),
    },
    {
      // Remix's route discovery: the pages kept offline navigate between themselves
      matcher: ({ url, sameOrigin }) => sameOrigin && url.pathname === "/__manifest",
      handler: ({ request }) => routeManifest(request),
    },
  ],
});

self.addEventListener("message", (event: ExtendableMessageEvent) => {
  const message = event.data as ToServiceWorker;
  if (message?.type === "user")
    event.waitUntil(
      (async () => {
        if ((await currentUser()) !== message.id) await setUser(message.id);
        await warmRouteManifest(message.manifestVersion);
        await warm(message.warm, event);
      })(),
    );
  else if (message?.type === "warm") event.waitUntil(warm(message.urls, event));
  else if (message?.type === "signed-out") event.waitUntil(setUser(null));
});

serwist.addEventListeners();
// notifications pushed to this device (ADR 0050)
installPush(self);
