import { extendZodWithOpenApi, OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";

// .openapi() on zod schemas (names of components, examples); adds a method, changes nothing else
extendZodWithOpenApi(z);

export const FieldErrorSchema = z.object({
  field: z.string(),
  key: z.string().describe("the error key (the same as the pages')"),
  message: z.string().describe("the key translated by Accept-Language"),
});

export const ProblemSchema = z
  .object({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    key: z.string(),
    errors: z.array(FieldErrorSchema).optional(),
  })
  .describe("RFC 9457 problem details, with the field errors of refused input")
  .openapi("Problem");

/** Every route registers its schemas in its API's registry (route.ts): the document is generated from them, never written by hand. */
export function newRegistry() {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", "bearer", {
    type: "http",
    scheme: "bearer",
    bearerFormat: "JWT",
    description: "an access token from POST /api/v1/token (15 minutes)",
  });
  return registry;
}

export type OpenApiDocument = ReturnType<OpenApiGeneratorV31["generateDocument"]>;

/** The OpenAPI 3.1 document of every route registered (made once the routes are defined). */
export function documentOf(registry: OpenAPIRegistry): OpenApiDocument {
  return new OpenApiGeneratorV31(registry.definitions).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Missio API",
      version: "1.0.0",
      description:
        "The candidate's and the agency's API: the same commands, rules and authorisation as the pages. " +
        "Access tokens last 15 minutes; refresh tokens rotate on each use, and a used one presented again revokes its whole family.",
    },
    servers: [{ url: "/api/v1" }],
  });
}
