import express, { type NextFunction, type Request, type Response } from "express";
import { z } from "zod";
import { AppError } from "../../lib/errors";
import { bodyLimit } from "../../lib/body-limit";
import type { Services } from "../../services";
import { accessTokens } from "./access-tokens";
import { docsPage } from "./docs-page";
import { documentOf, newRegistry, type OpenApiDocument } from "./openapi";
import { sendProblem } from "./problem";
import type { ApiBuilder } from "./route";
import { agencyRoutes } from "./routes-agency";
import { candidateRoutes } from "./routes-candidate";
import { meRoutes } from "./routes-me";
import { profileRoutes } from "./routes-profile";
import { tokenRoutes } from "./routes-token";

const KiB = 1024;
/** Uploads: a 2 MB file with room over it, so that a file a little too large gets its field error; JSON bodies are small. */
const UPLOAD_PATH = /^\/(jobs\/\d+\/applications|me\/documents)\/?$/;
export const apiBodyLimit = (path: string) => (UPLOAD_PATH.test(path) ? 4096 * KiB : 64 * KiB);

/**
 * The public JSON API /api/v1 (ADR 0049): an Express router mounted before Remix, calling the
 * modules' commands and queries through `services` as the routes do. Bearer tokens only (the
 * session cookie is never read), so no origin check or CSRF token is needed.
 */
export function createApiV1(services: Services, sessionSecret: string) {
  const router = express.Router();
  // a declared length over the limit gets its problem at once; a chunked body is counted as it is read
  router.use((req: Request, res: Response, next: NextFunction) =>
    Number(req.headers["content-length"] ?? 0) > apiBodyLimit(req.path)
      ? sendProblem(req, res, Object.assign(new Error("body too large"), { status: 413 }))
      : next(),
  );
  router.use(bodyLimit(apiBodyLimit));
  const api: ApiBuilder = {
    router,
    registry: newRegistry(),
    routes: [],
    services,
    tokens: accessTokens(sessionSecret),
  };
  tokenRoutes(api);
  candidateRoutes(api);
  meRoutes(api);
  profileRoutes(api);
  agencyRoutes(api);

  // the document and its reference page describe themselves too
  for (const [path, summary, type] of [
    ["/openapi.json", "This document (OpenAPI 3.1, generated from the zod schemas)", "application/json"],
    ["/docs", "The reference page of this document", "text/html"],
  ] as const) {
    api.registry.registerPath({
      method: "get",
      path,
      summary,
      tags: ["reference"],
      security: [],
      responses: { 200: { description: summary, content: { [type]: { schema: z.string() } } } },
    });
    api.routes.push({ method: "get", path });
  }
  let doc: OpenApiDocument | null = null;
  const document = () => (doc ??= documentOf(api.registry));
  router.get("/openapi.json", (_req, res) => {
    res.set("Cache-Control", "no-cache").json(document());
  });
  router.get("/docs", (_req, res) => {
    res.set({ "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-cache" }).send(docsPage(document()));
  });

  // anything else under /api/v1 is an API answer too, not the site's 404 page
  router.use((req: Request, res: Response) => sendProblem(req, res, new AppError("not_found", "api_route_not_found")));
  router.use((err: unknown, req: Request, res: Response, _next: NextFunction) => sendProblem(req, res, err));
  return { router, document, routes: api.routes };
}
