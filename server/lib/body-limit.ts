import type { NextFunction, Request, Response } from "express";
import { TOKEN_PAGES } from "./log-scrub";

const KiB = 1024;
const MiB = 1024 * KiB;

/**
 * The largest body each form may send, checked before anything parses it. The sign-in forms and
 * those of the token pages (account recovery, a client's timesheet link) are a few fields; the
 * forms with an upload (cover image, CV: 2 MB by spec section 9) get room for a file well over its limit, so that the form itself answers
 * "file too large" with the other fields kept (app/utils/registration.server.ts reads at most
 * 16 MB and refuses more); every other form fits in 512 KiB.
 */
export const BODY_LIMITS: { path: RegExp; bytes: number }[] = [
  {
    path: /^\/(login|forgot-password|logout|preferences|register\/email-check|auth\/[^/]+(\/callback)?)\/?$/,
    bytes: 16 * KiB,
  },
  { path: new RegExp(`^/(${TOKEN_PAGES.join("|")})/[^/]+/?$`), bytes: 16 * KiB },
  { path: /^\/(creer-une-annonce|mes-annonces\/[^/]+\/modifier|register\/user)\/?$/, bytes: 17 * MiB },
  // documents (candidates' and agencies'), a timesheet's signed report: 2 MB files, the same room
  { path: /^\/(mes-documents|profil\/my-documents|documents|releves-heures)\/?$/, bytes: 17 * MiB },
];
export const DEFAULT_BODY_LIMIT = 512 * KiB;

export function bodyLimitFor(path: string): number {
  return BODY_LIMITS.find((l) => l.path.test(path))?.bytes ?? DEFAULT_BODY_LIMIT;
}

export class PayloadTooLarge extends Error {
  readonly status = 413;
  constructor(readonly limit: number) {
    super(`request body over ${limit} bytes`);
  }
}

function refuse(req: Request, res: Response, limit: number) {
  req.log?.warn({ limit, contentLength: req.headers["content-length"] ?? null }, "request body too large");
  if (res.headersSent) return;
  // nothing is parsed or kept; Node discards whatever the client still sends (closing at once
  // would reset the connection before the client reads this answer)
  res
    .status(413)
    .set({ "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" })
    .end("Payload Too Large");
}

/**
 * Express middleware before Remix. A declared Content-Length over the limit is answered 413 at
 * once, without reading a byte. A body without a length (chunked) is counted as it is read: past
 * the limit the reader (Remix) gets an error instead of more bytes, and the client a 413.
 */
export function bodyLimit(limitFor: (path: string) => number = bodyLimitFor) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method === "GET" || req.method === "HEAD") return next();
    const limit = limitFor(req.path);
    const declared = req.headers["content-length"];
    if (declared !== undefined) {
      if (Number(declared) > limit) return refuse(req, res, limit);
      return next(); // Node's parser never delivers more than the declared length
    }
    let seen = 0;
    let over = false;
    const emit = req.emit.bind(req) as (event: string | symbol, ...args: unknown[]) => boolean;
    req.emit = function (event: string | symbol, ...args: unknown[]) {
      if (event === "data") {
        if (over) return false;
        seen += (args[0] as Buffer).length;
        if (seen > limit) {
          over = true;
          res.locals.bodyRefused = true;
          refuse(req, res, limit);
          // the reader fails instead of seeing a truncated body
          if (req.listenerCount("error") > 0) emit("error", new PayloadTooLarge(limit));
          return false;
        }
      }
      if (over && (event === "end" || event === "error")) return false;
      return emit(event, ...args);
    } as typeof req.emit;
    next();
  };
}

/** After the Remix handler: the reader of a refused body failed after the 413 went out; nothing more to send. */
export function bodyLimitErrors(err: unknown, _req: Request, res: Response, next: NextFunction) {
  if (res.locals.bodyRefused && res.headersSent) return;
  next(err);
}
