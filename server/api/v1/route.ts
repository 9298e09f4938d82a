import type { RouteConfig } from "@asteasolutions/zod-to-openapi";
import express, { type Request, type Response } from "express";
import { z, type ZodTypeAny } from "zod";
import { AppError } from "../../lib/errors";
import { idempotent } from "../../lib/idempotency";
import type { SessionUser } from "../../modules/identity/contract";
import { isAgencyStaff, isCandidate } from "../../modules/identity/contract";
import type { Services } from "../../services";
import type { AccessTokens } from "./access-tokens";
import type { OpenAPIRegistry } from "@asteasolutions/zod-to-openapi";
import { ProblemSchema } from "./openapi";
import { sendProblem, zodAppError } from "./problem";

/**
 * Who may call a route: nobody in particular ("public"), anyone with a token or none
 * ("optional": a candidate's token hides the ads they set aside), any token holder ("any"), a
 * candidate, or agency staff (their own agency's data).
 */
export type Audience = "public" | "optional" | "any" | "candidate" | "agency";
type Method = "get" | "post" | "put" | "delete";

export interface RouteContext<P, Q, B> {
  req: Request;
  res: Response;
  services: Services;
  /** null on public routes (and optional ones called without a token) */
  user: SessionUser | null;
  /** the access token's family */
  familyId: string | null;
  params: P;
  query: Q;
  body: B;
}

export interface RouteDef<P extends ZodTypeAny, Q extends ZodTypeAny, B extends ZodTypeAny, R extends ZodTypeAny> {
  method: Method;
  /** OpenAPI form, under /api/v1: `/jobs/{id}` */
  path: string;
  summary: string;
  tag: string;
  audience: Audience;
  params?: P;
  query?: Q;
  /** a JSON body (or form-urlencoded: the token endpoint) */
  body?: B;
  /** a multipart body instead: its fields' schema (the document's), and how it is read (`handler` gets it as body) */
  multipart?: { schema: ZodTypeAny; read: (req: Request) => Promise<z.infer<B>> };
  /** the success answer */
  status?: 200 | 201 | 204;
  response: R;
  description?: string;
  /** statuses this route may answer besides those of its audience and method (the token endpoint's 401 and 403) */
  errors?: number[];
  /** also accepts application/x-www-form-urlencoded (OAuth clients send the token request so) */
  form?: boolean;
  handler: (ctx: RouteContext<z.infer<P>, z.infer<Q>, z.infer<B>>) => Promise<z.infer<R>>;
}

const bearerOf = (req: Request) => {
  const header = req.headers.authorization ?? "";
  const match = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/i.exec(header.trim());
  return match ? match[1]! : null;
};

const IDEMPOTENCY_HEADER = z.object({
  "idempotency-key": z
    .string()
    .min(8)
    .max(200)
    .optional()
    .describe("a write with a key already used by the same person answers the first result instead of writing again"),
});

/** Statuses every route may answer besides its success, by audience. */
function errorStatuses(def: { audience: Audience; method: Method; params?: unknown; errors?: number[] }) {
  const statuses = [400, 429, 500, 503, ...(def.errors ?? [])];
  if (def.audience !== "public") statuses.push(401);
  if (def.audience === "candidate" || def.audience === "agency") statuses.push(403);
  if (def.params) statuses.push(404);
  if (def.method !== "get") statuses.push(409, 413);
  return [...new Set(statuses)].sort();
}

/** One API being built: its router, its document's registry and its route table (the contract test compares them). */
export interface ApiBuilder {
  router: express.Router;
  registry: OpenAPIRegistry;
  routes: { method: Method; path: string }[];
  services: Services;
  tokens: AccessTokens;
}

/**
 * One route of the API: registered in the OpenAPI registry (the document is generated from these
 * very schemas) and on the router, with the same steps for all: bearer authentication (never the
 * session cookie), the family still live, the account still enabled, the audience's role, a rate
 * limit per token family (per address without one), input parsed by zod (field errors as problem
 * details), writes once per Idempotency-Key, and every refusal as problem+json.
 */
export function defineRoute<P extends ZodTypeAny, Q extends ZodTypeAny, B extends ZodTypeAny, R extends ZodTypeAny>(
  { router, registry, routes, services, tokens }: ApiBuilder,
  def: RouteDef<P, Q, B, R>,
) {
  const status = def.status ?? 200;
  const writes = def.method !== "get";
  const request: RouteConfig["request"] = {
    ...(def.params ? { params: def.params as unknown as z.AnyZodObject } : {}),
    ...(def.query ? { query: def.query as unknown as z.AnyZodObject } : {}),
    ...(writes ? { headers: IDEMPOTENCY_HEADER } : {}),
    ...(def.body && !def.multipart
      ? {
          body: {
            required: true,
            content: {
              "application/json": { schema: def.body },
              ...(def.form ? { "application/x-www-form-urlencoded": { schema: def.body } } : {}),
            },
          },
        }
      : {}),
    ...(def.multipart
      ? { body: { required: true, content: { "multipart/form-data": { schema: def.multipart.schema } } } }
      : {}),
  };
  const errors = Object.fromEntries(
    errorStatuses(def).map((s) => [
      s,
      { description: "problem details (RFC 9457)", content: { "application/problem+json": { schema: ProblemSchema } } },
    ]),
  );
  registry.registerPath({
    method: def.method,
    path: def.path,
    summary: def.summary,
    description: def.description,
    tags: [def.tag],
    security: def.audience === "public" ? [] : def.audience === "optional" ? [{}, { bearer: [] }] : [{ bearer: [] }],
    request,
    responses: {
      [status]:
        status === 204
          ? { description: "done" }
          : { description: "success", content: { "application/json": { schema: def.response } } },
      ...errors,
    },
  });
  routes.push({ method: def.method, path: def.path });

  const once = idempotent(services.sql);
  const expressPath = def.path.replace(/\{(\w+)\}/g, ":$1");
  const parsers =
    def.body && !def.multipart
      ? [express.json({ limit: "64kb" }), ...(def.form ? [express.urlencoded({ extended: false, limit: "16kb" })] : [])]
      : [];

  router[def.method](expressPath, ...parsers, async (req: Request, res: Response) => {
    try {
      const { user, familyId } = await authenticate({ services, tokens }, req, res, def.audience);
      const retryMs = await services.throttle.consumeApi(familyId ?? `ip:${req.ip ?? "unknown"}`);
      if (retryMs !== null) {
        res.set("Retry-After", String(Math.max(1, Math.ceil(retryMs / 1000))));
        throw new AppError("too_many_requests", "api_rate_limited");
      }
      const params = parse(def.params, req.params);
      const query = parse(def.query, req.query);
      const body = def.multipart
        ? await def.multipart.read(req)
        : def.body
          ? parse(def.body, req.body ?? {})
          : undefined;
      const run = () => def.handler({ req, res, services, user, familyId, params, query, body });
      const key = writes ? req.get("idempotency-key") : undefined;
      if (key !== undefined && (key.length < 8 || key.length > 200))
        throw new AppError("invalid", "api_idempotency_key_invalid", "Idempotency-Key");
      // the same key of the same person answers the first result (server/lib/idempotency.ts)
      const result = key && user ? await once(`api:${key}`, user.id, run) : await run();
      res.status(status).set("Cache-Control", "no-store");
      if (status === 204) res.end();
      else res.json(result);
    } catch (error) {
      await sendProblem(req, res, error);
    }
  });
}

/** The bearer token's person (null on public routes and anonymous optional calls), or the refusal. */
async function authenticate(
  { services, tokens }: Pick<ApiBuilder, "services" | "tokens">,
  req: Request,
  res: Response,
  audience: Audience,
) {
  if (audience === "public") return { user: null, familyId: null };
  const token = bearerOf(req);
  if (!token) {
    if (audience === "optional" && !req.headers.authorization) return { user: null, familyId: null };
    res.set("WWW-Authenticate", 'Bearer realm="missio"');
    throw new AppError("unauthenticated", "api_token_missing");
  }
  const claims = await tokens.verify(token);
  // an expired or forged token, a revoked family, an account disabled since: all the same 401
  const live = claims && (await services.identity.apiTokens.familyLive(claims.familyId, claims.userId));
  const user = live ? await services.identity.userById(claims.userId) : null;
  if (!claims || !user?.enabled) {
    res.set("WWW-Authenticate", 'Bearer realm="missio", error="invalid_token"');
    throw new AppError("unauthenticated", "api_token_invalid");
  }
  if (audience === "candidate" && !isCandidate(user)) throw new AppError("forbidden", "not_authorized");
  if (audience === "agency" && !(isAgencyStaff(user) && user.agencyId))
    throw new AppError("forbidden", "not_authorized");
  return { user, familyId: claims.familyId };
}

function parse<S extends ZodTypeAny | undefined>(schema: S, value: unknown) {
  if (!schema) return undefined;
  const parsed = schema.safeParse(value);
  if (!parsed.success) throw zodAppError(parsed.error);
  return parsed.data as S extends ZodTypeAny ? z.infer<S> : undefined;
}
