import fs from "node:fs";
import path from "node:path";
import type { Request, Response } from "express";
import { createInstance, type TFunction } from "i18next";
import type { ZodError } from "zod";
import { ConcurrencyError } from "../../event-store/types";
import { AppError, CHANGED_BY_SOMEONE_ELSE, ERROR_STATUS, type ErrorKind } from "../../lib/errors";
import { isOutage } from "../../lib/outage";
import { ROOT } from "../../lib/root";

/** The product's languages (fr by default, en the fallback: DESIGN section 9). */
export const API_LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
const LOCALES = path.join(ROOT, "public/locales");

export interface FieldError {
  field: string;
  key: string;
  message: string;
}

/** RFC 9457 problem details; `key` is the spec's error key (the pages' one), `errors` the fields'. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  key: string;
  errors?: FieldError[];
}

/** The problem's `type`: one per kind, relative to the API (documented in the OpenAPI document). */
export const problemType = (kind: ErrorKind | "server_error") => `/api/v1/problems/${kind}`;

const TITLES: Record<ErrorKind | "server_error", string> = {
  invalid: "Invalid request",
  unauthenticated: "Unauthenticated",
  forbidden: "Forbidden",
  not_found: "Not found",
  conflict: "Conflict",
  gone: "Gone",
  too_many_requests: "Too many requests",
  unavailable: "Service unavailable",
  server_error: "Internal server error",
};

let translators: Promise<Map<string, TFunction>> | null = null;
/** Every namespace of every language, read once: an error key may live in any (api first, then common). */
function loadTranslators() {
  translators ??= (async () => {
    const namespaces = fs.readdirSync(path.join(LOCALES, "en")).map((f) => f.replace(/\.json$/, ""));
    const ordered = ["api", "common", ...namespaces.filter((n) => n !== "api" && n !== "common")];
    const resources = Object.fromEntries(
      API_LANGUAGES.map((lng) => [
        lng,
        Object.fromEntries(
          ordered.map((ns) => {
            const file = path.join(LOCALES, lng, `${ns}.json`);
            return [ns, fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as object) : {}];
          }),
        ),
      ]),
    );
    const map = new Map<string, TFunction>();
    for (const lng of API_LANGUAGES) {
      const instance = createInstance();
      await instance.init({
        lng,
        fallbackLng: "en",
        ns: ordered,
        defaultNS: "api",
        fallbackNS: ordered.slice(1),
        resources,
        interpolation: { escapeValue: false },
      });
      map.set(lng, instance.t.bind(instance));
    }
    return map;
  })();
  return translators;
}

/** The request's language from Accept-Language among the five; French without one. */
export function languageOf(req: Request): (typeof API_LANGUAGES)[number] {
  if (!req.headers["accept-language"]) return "fr";
  return (req.acceptsLanguages(...API_LANGUAGES) || "fr") as (typeof API_LANGUAGES)[number];
}

/** A key in the request's language (the key itself when no namespace has it). */
export async function translate(req: Request, key: string): Promise<string> {
  const t = (await loadTranslators()).get(languageOf(req))!;
  return t(key, { defaultValue: key });
}

/** zod's own messages ("Required", "Expected number") are not keys: they read as the generic invalid value. */
const keyOfMessage = (message: string) => (/^[a-zA-Z_][\w.-]*$/.test(message) ? message : "api_invalid_value");

/** A zod refusal as the field errors of an `invalid` problem (the schema's messages are the spec's keys). */
export function zodAppError(error: ZodError, prefix = ""): AppError & { fields: { field: string; key: string }[] } {
  const fields = error.issues.map((i) => ({
    field: prefix + (i.path.join(".") || "body"),
    key: i.code === "invalid_type" && i.received === "undefined" ? "validation.required" : keyOfMessage(i.message),
  }));
  const first = fields[0]!;
  return Object.assign(new AppError("invalid", first.key, first.field), { fields });
}

/** Sends an AppError (or anything else, as a logged 500) as application/problem+json, translated. */
export async function sendProblem(req: Request, res: Response, thrown: unknown) {
  // a dependency away (database, storage, search): 503, as the pages answer (outage.ts)
  const error =
    thrown instanceof ConcurrencyError
      ? // still in conflict after the command re-decided: the pages' "changed by someone else"
        new AppError("conflict", CHANGED_BY_SOMEONE_ELSE)
      : !(thrown instanceof AppError) && isOutage(thrown)
        ? new AppError("unavailable", "api_unavailable")
        : thrown;
  let problem: Problem;
  if (
    (error as { status?: unknown } | null)?.status === 413 ||
    (error as { type?: unknown } | null)?.type === "entity.too.large"
  ) {
    // a body over the route's limit (body-limit.ts, express.json): nothing of it was used
    problem = {
      type: "/api/v1/problems/payload_too_large",
      title: "Payload too large",
      status: 413,
      detail: await translate(req, "api_body_too_large"),
      key: "api_body_too_large",
    };
  } else if ((error as { type?: unknown } | null)?.type === "entity.parse.failed") {
    return sendProblem(req, res, new AppError("invalid", "api_malformed_body", "body"));
  } else if (error instanceof AppError) {
    const fields =
      (error as AppError & { fields?: { field: string; key: string }[] }).fields ??
      (error.field ? [{ field: error.field, key: error.key }] : []);
    problem = {
      type: problemType(error.kind),
      title: TITLES[error.kind],
      status: ERROR_STATUS[error.kind],
      detail: await translate(req, error.key),
      key: error.key,
      ...(fields.length
        ? {
            errors: await Promise.all(
              fields.map(async (f) => ({ field: f.field, key: f.key, message: await translate(req, f.key) })),
            ),
          }
        : {}),
    };
  } else {
    req.log?.error({ err: error }, "api request failed");
    problem = {
      type: problemType("server_error"),
      title: TITLES.server_error,
      status: 500,
      detail: await translate(req, "failed_operation"),
      key: "failed_operation",
    };
  }
  if (res.headersSent) return;
  res
    .status(problem.status)
    .set({ "Content-Type": "application/problem+json; charset=utf-8", "Cache-Control": "no-store" })
    .send(JSON.stringify(problem));
}
