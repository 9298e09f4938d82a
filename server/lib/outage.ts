import type { ServerBuild } from "@remix-run/node";
import { AppError } from "./errors";
import type { Logger } from "./logger";

/**
 * Errors that say a dependency is away rather than that the request or the code is wrong:
 * postgres.js's own connection errors, the socket's, and PostgreSQL's refusals of a connection
 * (class 08; 57P01–57P03 shutdown or starting up; 53300 too many connections; a database closed to
 * connections). An AppError of kind "unavailable" (file storage, search) is one too.
 */
const OUTAGE_CODES = new Set([
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECTION_CLOSED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "57P01",
  "57P02",
  "57P03",
  "53300",
]);

export function isOutage(error: unknown): boolean {
  for (
    let e = error, depth = 0;
    e && typeof e === "object" && depth < 5;
    e = (e as { cause?: unknown }).cause, depth++
  ) {
    if (e instanceof AppError) return e.kind === "unavailable";
    const code = String((e as { code?: unknown }).code ?? "");
    if (OUTAGE_CODES.has(code) || code.startsWith("08")) return true;
    // 55000 is a broad class: only the refusal of a database closed to connections counts
    if (code === "55000" && /not currently accepting connections/.test(String((e as Error).message))) return true;
  }
  return false;
}

/** What a page, or a `?_data` request, answers while a dependency is away: the error page, 503. */
const unavailable = () =>
  new Response(null, { status: 503, statusText: "Service Unavailable", headers: { "Retry-After": "30" } });

/**
 * One rule for every route: a loader or action that fails because a dependency is away throws a
 * 503 response instead, which the error boundaries show as "temporarily unavailable" in the
 * person's language (app/components/error-page.tsx), rather than an unexpected error (500). One
 * log line per minute while it lasts, not one per request.
 */
export function answerOutagesWith503(build: ServerBuild, logger: Logger): ServerBuild {
  let logged = 0;
  type Handler = NonNullable<ServerBuild["routes"][string]["module"]["loader"]>;
  const guard =
    (handler: Handler): Handler =>
    async (args) => {
      try {
        return await handler(args);
      } catch (error) {
        if (!isOutage(error)) throw error;
        if (Date.now() - logged > 60_000) {
          logged = Date.now();
          logger.warn({ err: error }, "a dependency is away: pages answer 503");
        }
        throw unavailable();
      }
    };
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => [
      id,
      {
        ...route,
        module: {
          ...route.module,
          ...(route.module.loader ? { loader: guard(route.module.loader) } : {}),
          ...(route.module.action ? { action: guard(route.module.action as Handler) } : {}),
        },
      },
    ]),
  );
  return { ...build, routes } as ServerBuild;
}
