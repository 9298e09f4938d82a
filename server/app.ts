import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";
import type { AppLoadContext, ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { Env } from "./env";
import type { Logger } from "./lib/logger";
import { logContext } from "./lib/logger";
import { createApiV1 } from "./api/v1";
import { bodyLimit, bodyLimitErrors } from "./lib/body-limit";
import { answerOutagesWith503 } from "./lib/outage";
import { remixHandler } from "./lib/remix-handler";
import { ROOT, SERVICE_WORKER_FILE } from "./lib/root";
import { scrubbingSerializers } from "./lib/log-scrub";
import { originCheck, type OriginPolicy } from "./lib/origin-check";
import { precompressedAssets } from "./lib/precompressed-assets";
import { loadLocalities } from "./modules/reference";
import { createRealtime, type Realtime } from "./realtime/io";
import { MODULES } from "./modules";
import { realtimeProcessor } from "./realtime/processor";
import { createServices, type Infra } from "./services";

const DEV = process.env.NODE_ENV === "development";
/** Where each module's events go besides the person's and the tenant's rooms. */
const REALTIME_ROUTES = MODULES.flatMap((m) => (m.realtime ? [m.realtime] : []));
/** What the modules push with their events (data for rooms that may read it). */
const LIVE_PUSHES = MODULES.flatMap((m) => (m.livePush ? [m.livePush] : []));
/** Where remix.config.js writes the server build and the browser assets (development apart). */
export const BUILD_PATH = path.join(ROOT, DEV ? "build/dev/index.js" : "build/server/index.js");
const ASSETS_DIR = path.join(ROOT, DEV ? "public/build-dev" : "public/build");

/** Where a server bound to `host` is reached: a wildcard bind as localhost, a specific address only at that address. */
export function localUrl(host: string, port: number) {
  return `http://${["0.0.0.0", "::", ""].includes(host) ? "localhost" : host.includes(":") ? `[${host}]` : host}:${port}`;
}

export interface StartOptions {
  env: Env;
  infra: Infra;
  logger: Logger;
  /** development: re-import the build when it changes */
  getBuild?: () => Promise<ServerBuild>;
  onEmit?: (position: number) => void;
}

/**
 * One process: services, then (web roles) Express + Remix + Socket.IO on one HTTP server.
 * Returns an ordered close: HTTP, sockets, processors and jobs, pools.
 */
export async function startApp({ env, infra, logger, getBuild, onEmit }: StartOptions) {
  const runtime = await createServices(env, infra, logger);
  const { services } = runtime;
  const web = env.ROLE !== "worker";
  let httpServer: http.Server | undefined;
  let realtime: Realtime | undefined;
  let assets: ReturnType<typeof precompressedAssets> | undefined;

  if (web) {
    const app = express();
    app.disable("x-powered-by");
    // behind a proxy (docker, load balancer) the client address comes from X-Forwarded-For
    if (env.TRUST_PROXY) app.set("trust proxy", env.TRUST_PROXY);
    httpServer = http.createServer(app);
    const originPolicy: OriginPolicy = { publicUrl: env.PUBLIC_URL, trustProxy: Boolean(env.TRUST_PROXY) };
    realtime = createRealtime(httpServer, {
      routes: REALTIME_ROUTES,
      databaseUrl: infra.databaseUrl,
      sessions: services.sessions,
      users: services.identity,
      store: services.store,
      logger,
      originPolicy,
      agencyCountry: (agencyId) => services.agencies.countryOf(agencyId),
    });

    app.use(
      pinoHttp({
        logger,
        genReqId: (req, res) => {
          const id = (req.headers["x-request-id"] as string | undefined)?.slice(0, 64) || randomUUID();
          res.setHeader("x-request-id", id);
          return id;
        },
        autoLogging: { ignore: (req) => req.url?.startsWith("/assets/") || req.url?.startsWith("/build/") || false },
        customLogLevel: (_req, res, err) => (err || res.statusCode >= 500 ? "error" : "info"),
        // no cookies, credentials or one-time tokens (set-password, verify-email links) in the log
        serializers: scrubbingSerializers,
      }),
    );
    app.use((req, res, next) => {
      res.locals.cspNonce = randomBytes(16).toString("base64");
      logContext.run({ requestId: String(req.id) }, next);
    });
    app.use(
      helmet({
        contentSecurityPolicy: {
          useDefaults: true,
          directives: {
            "default-src": ["'self'"],
            "script-src": ["'self'", (_req, res) => `'nonce-${(res as express.Response).locals.cspNonce}'`],
            "style-src": ["'self'", "'unsafe-inline'"],
            "img-src": ["'self'", "data:", "blob:"],
            "connect-src": env.NODE_ENV === "development" ? ["'self'", "ws:"] : ["'self'"],
            "upgrade-insecure-requests": infra.secureCookies ? [] : null,
          },
        },
        crossOriginEmbedderPolicy: false,
        // helmet's default (no-referrer) makes browsers send `Origin: null` with plain form posts,
        // which Remix rejects as cross-site: every form without JavaScript failed with a 500
        referrerPolicy: { policy: "same-origin" },
        strictTransportSecurity: infra.secureCookies,
      }),
    );
    // the JSON API (ADR 0049): bearer tokens only, never the session cookie, so neither the origin
    // check nor Remix's CSRF rules apply; its own body limits, JSON problems and no compression
    app.use("/api/v1", createApiV1(services, infra.sessionSecret).router);
    // before Remix reads anything: state-changing requests from other sites get 403 (documents
    // and `?_data` fetches alike), bodies over their form's size 413
    app.use(originCheck(originPolicy));
    app.use(bodyLimit());
    // the build's scripts and styles: brotli's best, made once (before the per-request compression)
    assets = DEV ? undefined : precompressedAssets(ASSETS_DIR, logger);
    if (assets) app.use("/build", assets.serve);
    // Compression was the largest share of a page's CPU: brotli's default 4 MB window was allocated
    // for every answer of a few KB (256 KB holds any page), and quality 3 and gzip level 3 cost
    // about 40 % less than the defaults for 4 % more bytes (the search page: 8.6 KB against 8.2).
    // Remix's answers come compressed already (remixHandler: whole, in one call, see
    // whole-compression.ts); this compresses the rest (public files, error pages of Express).
    app.use(
      compression({
        level: 3,
        brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
      }),
    );
    app.use("/build", express.static(ASSETS_DIR, { immutable: true, maxAge: "1y" }));
    // the service worker (issue 31): never kept by HTTP caches, so a new build reaches the phones
    if (!DEV)
      app.get("/sw.js", (_req, res) =>
        res.set({ "Cache-Control": "no-cache", "Service-Worker-Allowed": "/" }).sendFile(SERVICE_WORKER_FILE),
      );
    // public files all have an extension: pages (no extension) skip the file system lookup
    const publicFiles = express.static(path.join(ROOT, "public"), { maxAge: "1h" });
    app.use((req, res, next) => (path.extname(req.path) ? publicFiles(req, res, next) : next()));

    // imported once: given a function, Remix imports the build and derives its route tables on every request
    // every loader and action: a dependency away answers the 503 page (outage.ts), not a 500
    const guarded = new WeakMap<ServerBuild, ServerBuild>();
    const guard = (b: ServerBuild) => guarded.get(b) ?? guarded.set(b, answerOutagesWith503(b, logger)).get(b)!;
    const build = getBuild
      ? async () => guard(await getBuild())
      : guard((await import(pathToFileURL(BUILD_PATH).href)) as ServerBuild);
    app.all(
      "*",
      remixHandler({
        build,
        mode: env.NODE_ENV,
        getLoadContext: (req, res): AppLoadContext => ({
          services,
          requestId: String(req.id),
          cspNonce: res.locals.cspNonce as string,
          clientIp: req.ip ?? req.socket.remoteAddress ?? "unknown",
        }),
      }),
    );
    app.use(bodyLimitErrors);
    // the place index takes ~2 s to build: before listening, not inside someone's first search
    const placesStarted = Date.now();
    logger.info({ localities: loadLocalities(), ms: Date.now() - placesStarted }, "place index loaded");
    await new Promise<void>((resolve, reject) => {
      httpServer!.once("error", reject);
      httpServer!.listen(env.PORT, env.HOST, resolve);
    });
    // absolute links without PUBLIC_URL point here (never at a request's Host header)
    services.listeningAt(listeningUrl());
    void assets?.start();
  }

  // the modules' processors run in every role; each one's advisory lock makes one process the leader
  await runtime.start(
    realtime
      ? [
          realtimeProcessor(
            realtime.io,
            REALTIME_ROUTES,
            onEmit,
            LIVE_PUSHES.map((push) => push(services.sql)),
          ),
        ]
      : [],
  );

  function listeningUrl() {
    const address = httpServer?.address();
    return localUrl(env.HOST, address && typeof address === "object" ? address.port : env.PORT);
  }

  return {
    services,
    url: listeningUrl(),
    io: realtime?.io,
    async close() {
      assets?.stop();
      if (httpServer) {
        httpServer.closeIdleConnections?.();
        const closed = new Promise<void>((resolve) => httpServer!.close(() => resolve()));
        await realtime?.close();
        httpServer.closeAllConnections?.();
        await closed;
      }
      await runtime.stop();
    },
  };
}
