import type { IncomingMessage } from "node:http";
import type { NextFunction, Request, Response } from "express";

/** Methods that change nothing; every other one must come from the site itself. */
const SAFE_METHODS = new Set(["GET", "HEAD"]);

export interface OriginPolicy {
  /** PUBLIC_URL, when set: the address browsers use behind a proxy */
  publicUrl?: string;
  /** behind a trusted proxy the site's host is in X-Forwarded-Host */
  trustProxy?: boolean;
}

function originOf(value: string | undefined): string | null {
  if (!value || value === "null") return null;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:" ? url.origin : null;
  } catch {
    return null;
  }
}

function hostOf(req: IncomingMessage, trustProxy: boolean): string | undefined {
  const forwarded = trustProxy
    ? (req.headers["x-forwarded-host"] as string | undefined)?.split(",")[0]?.trim()
    : undefined;
  return forwarded || req.headers.host;
}

/** Whether `origin` (scheme://host[:port]) is this site: PUBLIC_URL's origin, or the host the request was sent to. */
export function isOwnOrigin(origin: string, req: IncomingMessage, policy: OriginPolicy): boolean {
  const own = originOf(policy.publicUrl);
  if (own && origin === own) return true;
  const host = hostOf(req, policy.trustProxy ?? false);
  return Boolean(host) && new URL(origin).host === host!.toLowerCase();
}

export type OriginVerdict = "same" | "cross" | "unknown";

/**
 * Where a request comes from: the Origin header, else (absent or `null`) the Referer's origin.
 * "unknown": neither says (a non-browser client; browsers send Origin with every POST).
 * `Origin: null` without a same-site Referer is a sandboxed or opaque context: cross.
 */
export function requestOrigin(req: IncomingMessage, policy: OriginPolicy): OriginVerdict {
  const originHeader = req.headers.origin;
  const origin = originOf(originHeader);
  if (origin) return isOwnOrigin(origin, req, policy) ? "same" : "cross";
  const referer = originOf(req.headers.referer);
  if (referer) return isOwnOrigin(referer, req, policy) ? "same" : "cross";
  if (originHeader !== undefined || req.headers.referer !== undefined) return "cross";
  return "unknown";
}

/**
 * Express middleware before Remix: a state-changing request (anything but GET/HEAD, documents
 * and `?_data` fetches alike) from another site is refused with 403 before any loader, action or
 * session runs (login CSRF, cross-site logout, actions of a signed-in victim).
 */
export function originCheck(policy: OriginPolicy) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const verdict = requestOrigin(req, policy);
    if (verdict === "same") {
      // `Origin: null` with a same-site Referer (a strict referrer policy, a privacy setting):
      // proven same-site here, so Remix's own check must not take the null for another site
      if (req.headers.origin === "null") delete req.headers.origin;
      return next();
    }
    if (verdict === "unknown") return next();
    req.log?.warn({ origin: req.headers.origin ?? null }, "cross-site request refused");
    res
      .status(403)
      .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
      .end("Forbidden: cross-site request");
  };
}

/** The Socket.IO handshake: a browser on another site may not open a socket with the victim's cookie. */
export function allowSocketOrigin(policy: OriginPolicy) {
  return (req: IncomingMessage, callback: (err: string | null | undefined, success: boolean) => void) => {
    const origin = req.headers.origin;
    if (origin === undefined) return callback(null, true); // same-origin polling GETs carry none; non-browser clients
    const parsed = originOf(origin);
    callback(null, Boolean(parsed && isOwnOrigin(parsed, req, policy)));
  };
}
