import { Ajv2020, type ValidateFunction } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { expect } from "vitest";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers are JSON the tests read freely, after the document validated them
export interface ApiAnswer<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

interface Operation {
  method: string;
  template: string;
  pattern: RegExp;
}

type Doc = { paths: Record<string, Record<string, unknown>>; components?: unknown };

/**
 * An HTTP client of /api/v1 for the integration tests that checks every answer against the
 * OpenAPI document the server serves (the contract): a JSON success against its operation's
 * schema, a problem against the Problem schema; an answer no operation of the document describes
 * fails the test. `covered` says which operations the tests reached.
 */
export function apiClient(baseUrl: () => string) {
  let doc: Doc | null = null;
  let ajv: Ajv2020 | null = null;
  let operations: Operation[] = [];
  const validators = new Map<string, ValidateFunction>();
  const covered = new Set<string>();

  async function load() {
    if (doc) return;
    const res = await fetch(`${baseUrl()}/api/v1/openapi.json`);
    expect(res.status).toBe(200);
    doc = (await res.json()) as Doc;
    ajv = new Ajv2020({ allErrors: true, strict: false });
    addFormats(ajv);
    ajv.addSchema({ $id: "api", ...doc } as object);
    operations = Object.entries(doc.paths).flatMap(([template, item]) =>
      Object.keys(item).map((method) => ({
        method,
        template,
        pattern: new RegExp(`^${template.replace(/\{\w+\}/g, "[^/]+")}$`),
      })),
    );
  }

  const pointer = (...parts: string[]) =>
    "api#/" + parts.map((p) => p.replace(/~/g, "~0").replace(/\//g, "~1")).join("/");

  function check(method: string, path: string, answer: ApiAnswer) {
    const bare = path.split("?")[0]!;
    const op = operations.find((o) => o.method === method && o.pattern.test(bare));
    expect(op, `${method.toUpperCase()} ${bare} is in the document`).toBeDefined();
    covered.add(`${op!.method} ${op!.template}`);
    const responses = (doc!.paths[op!.template]![op!.method] as { responses: Record<string, unknown> }).responses;
    expect(
      Object.keys(responses),
      `${method.toUpperCase()} ${op!.template} documents the status ${answer.status}`,
    ).toContain(String(answer.status));
    const type = (answer.headers.get("content-type") ?? "").split(";")[0]!;
    if (answer.status === 204 || !type.includes("json")) return;
    const ref = pointer(
      "paths",
      op!.template,
      op!.method,
      "responses",
      String(answer.status),
      "content",
      type,
      "schema",
    );
    let validate = validators.get(ref);
    if (!validate) {
      validate = ajv!.getSchema(ref)!;
      expect(validate, `a schema at ${ref}`).toBeDefined();
      validators.set(ref, validate);
    }
    const valid = validate(answer.body);
    expect(
      valid ? [] : validate.errors,
      `${method.toUpperCase()} ${bare} ${answer.status} matches the document`,
    ).toEqual([]);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- see ApiAnswer
  async function call<T = any>(
    method: "get" | "post" | "put" | "delete",
    path: string,
    {
      token,
      json,
      form,
      multipart,
      headers = {},
    }: {
      token?: string;
      json?: unknown;
      form?: Record<string, string>;
      multipart?: FormData;
      headers?: Record<string, string>;
    } = {},
  ): Promise<ApiAnswer<T>> {
    await load();
    const h: Record<string, string> = { ...headers };
    if (token) h.authorization = `Bearer ${token}`;
    let body: BodyInit | undefined;
    if (json !== undefined) {
      h["content-type"] = "application/json";
      body = JSON.stringify(json);
    } else if (form) body = new URLSearchParams(form);
    else if (multipart) body = multipart;
    const res = await fetch(`${baseUrl()}/api/v1${path}`, {
      method: method.toUpperCase(),
      headers: h,
      body,
      redirect: "manual",
    });
    const text = await res.text();
    const type = res.headers.get("content-type") ?? "";
    const answer = {
      status: res.status,
      body: type.includes("json") && text ? JSON.parse(text) : text,
      headers: res.headers,
    };
    check(method, path, answer);
    return answer as ApiAnswer<T>;
  }

  return {
    call,
    covered,
    /** The document's operations as "method /template". */
    async operations() {
      await load();
      return operations.map((o) => `${o.method} ${o.template}`);
    },
    /** Signs in with the password grant; the token pair. */
    async signIn(email: string, password: string, clientName = "tests") {
      const res = await call("post", "/token", {
        form: { grant_type: "password", email, password, client_name: clientName },
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      return res.body as { access_token: string; refresh_token: string; expires_in: number };
    },
  };
}
