/**
 * What request logs must never carry: session cookies, credentials, and the one-time tokens of
 * links sent by mail (in the path) or of sign-in flows (in the query).
 */

/**
 * The pages whose last path segment is a secret token (a route file named `….$token.tsx`): a
 * link sent by mail, or a client's timesheet link, which anyone holding it may use. One rule for
 * every such page; tests/unit/log-scrub-routes.test.ts fails when a `$token` route is missing here.
 */
export const TOKEN_PAGES = [
  "set-password",
  "verify-email",
  "restore-email",
  "releves-heures/lien",
  "activites-generales/calendrier",
  "communication/desabonnement",
  "presentations/lien",
  "conservation/annulation",
] as const;
const SECRET_HEADERS = new Set(["cookie", "set-cookie", "authorization", "proxy-authorization", "x-api-key"]);
const TOKEN_PATH = new RegExp(`^(/(?:${TOKEN_PAGES.join("|")})/)[^/?#]+`);
const SECRET_PARAMS = new Set([
  "token",
  "code",
  "state",
  "password",
  "secret",
  "key",
  "session",
  "id_token",
  "access_token",
]);
export const REDACTED = "[redacted]";

/** A URL or path with its tokens replaced: `/set-password/[redacted]?code=[redacted]`. */
export function scrubUrl(url: string): string {
  const absolute = /^[a-z][a-z0-9+.-]*:\/\//i.test(url);
  let parsed: URL;
  try {
    parsed = new URL(url, "http://local.invalid");
  } catch {
    return REDACTED;
  }
  parsed.pathname = parsed.pathname.replace(TOKEN_PATH, `$1${REDACTED}`);
  for (const key of [...parsed.searchParams.keys()]) {
    if (SECRET_PARAMS.has(key.toLowerCase())) parsed.searchParams.set(key, REDACTED);
  }
  const path = parsed.pathname + parsed.search.replaceAll(encodeURIComponent(REDACTED), REDACTED);
  return absolute ? `${parsed.origin}${path}` : path;
}

export function scrubHeaders(headers: Record<string, unknown> | undefined): Record<string, unknown> | undefined {
  if (!headers) return headers;
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (SECRET_HEADERS.has(lower)) out[name] = REDACTED;
    else if ((lower === "referer" || lower === "location") && typeof value === "string") out[name] = scrubUrl(value);
    else out[name] = value;
  }
  return out;
}

interface SerializedReq {
  url?: string;
  headers?: Record<string, unknown>;
  query?: unknown;
  params?: unknown;
  [k: string]: unknown;
}

/** pino-http serializers (applied to the standard ones' output). */
export const scrubbingSerializers = {
  req(req: SerializedReq) {
    const { query: _query, params: _params, ...rest } = req;
    return {
      ...rest,
      url: typeof req.url === "string" ? scrubUrl(req.url) : req.url,
      headers: scrubHeaders(req.headers),
    };
  },
  res(res: { headers?: Record<string, unknown>; [k: string]: unknown }) {
    return { ...res, headers: scrubHeaders(res.headers) };
  },
};
