import type { Router } from "express";
import { describe, expect, it } from "vitest";
import type { Services } from "../../services";
import { createApiV1 } from ".";

/** The routes Express answers, as "method /path" in the document's form (`:id` as `{id}`). */
function routesOf(router: Router): string[] {
  return (router.stack as { route?: { path: string; methods: Record<string, boolean> } }[]).flatMap((layer) =>
    layer.route
      ? Object.keys(layer.route.methods).map((m) => `${m} ${layer.route!.path.replace(/:(\w+)/g, "{$1}")}`)
      : [],
  );
}

describe("the OpenAPI document of /api/v1 (the contract)", () => {
  // the services are only called by the handlers: building the router needs none of them
  const api = createApiV1({ sql: {} } as unknown as Services, "contract-test-secret-0123456789");
  const doc = api.document();
  const documented = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
    Object.keys(item as object).map((method) => `${method} ${path}`),
  );

  it("is OpenAPI 3.1 with every route of the router, and nothing the router does not answer", () => {
    expect(doc.openapi).toBe("3.1.0");
    const routed = routesOf(api.router);
    expect(routed.length).toBeGreaterThan(20);
    expect([...routed].sort()).toEqual([...documented].sort());
  });

  it("documents each operation's problems and secures every route but the public ones", () => {
    const open = new Set([
      "post /token",
      "post /token/revoke",
      "get /openapi.json",
      "get /docs",
      "get /jobs",
      "get /jobs/{id}",
      "get /places",
    ]);
    for (const [path, item] of Object.entries(doc.paths ?? {}))
      for (const [method, op] of Object.entries(
        item as Record<string, { security?: object[]; responses: Record<string, unknown> }>,
      )) {
        const secured = (op.security ?? []).some((s) => Object.keys(s).length > 0);
        const optional = (op.security ?? []).some((s) => Object.keys(s).length === 0);
        expect(secured && !optional, `${method} ${path}`).toBe(!open.has(`${method} ${path}`));
        if (!["/openapi.json", "/docs"].includes(path)) {
          expect(Object.keys(op.responses), `${method} ${path}`).toContain("400");
          expect(Object.keys(op.responses), `${method} ${path}`).toContain("429");
        }
      }
  });

  it("names its components (the zod schemas registered by name)", () => {
    const schemas = Object.keys(doc.components?.schemas ?? {});
    expect(schemas).toEqual(
      expect.arrayContaining(["Problem", "TokenResponse", "Application", "Timesheet", "JobDetails"]),
    );
  });
});
