import { beforeAll, describe, expect, it } from "vitest";
import { apiClient } from "../support/api-client";
import { pdfBytes } from "../support/documents";
import { accessTokens, appHarness, DEMO_PASSWORD } from "../support/harness";

/**
 * Who reaches what through /api/v1 (issue 31): every route of the document without a token, with
 * a forged one and with an expired one (401); candidates' routes with staff tokens and agency
 * routes with candidates' (403); another candidate's ids and another agency's (404, as the pages
 * answer); problem details with translated field errors; idempotent retries; bounded bodies.
 */
const app = appHarness();
const api = apiClient(() => app.url);
const SECRET = "test-app-secret-0123456789abcdef"; // startTestApp's session secret
const tokens: Record<string, string> = {};
const FOREIGN = "00000000-0000-4000-8000-00000000dead";

/** A path of the document with its placeholders filled. */
const fill = (template: string, id = FOREIGN) =>
  template.replace("{day}", "2026-01-05").replace(/\{id\}/, /^\/jobs\//.test(template) ? "1" : id);

const PUBLIC = new Set(["post /token", "post /token/revoke", "get /openapi.json", "get /docs", "get /places"]);
const OPTIONAL = new Set(["get /jobs", "get /jobs/{id}"]);

beforeAll(async () => {
  for (const [who, email] of [
    ["lea", "candidate@demo.test"],
    ["hugo", "candidate.fr@demo.test"],
    ["ge", "consultant.ge@demo.test"],
    ["lyon", "consultant.lyon@demo.test"],
    ["manager", "manager@demo.test"],
  ] as const)
    tokens[who] = (await api.signIn(email, DEMO_PASSWORD)).access_token;
});

describe("every route", () => {
  it("refuses a missing, forged or expired token (401), public routes aside", async () => {
    const forged = await accessTokens("another-secret-0123456789abcdef").sign({ userId: FOREIGN, familyId: FOREIGN });
    const lea = (await app.services.identity.credentialsByEmail("candidate@demo.test"))!;
    const [family] = await app.services.identity.apiTokens.familiesOf(lea.id);
    const expired = await accessTokens(SECRET, () => new Date(Date.now() - 16 * 60 * 1000)).sign({
      userId: lea.id,
      familyId: family!.id,
    });
    // the expired token is genuine: the same, made now, is accepted
    const fresh = await accessTokens(SECRET).sign({ userId: lea.id, familyId: family!.id });
    expect((await api.call("get", "/me", { token: fresh })).status).toBe(200);

    const operations = (await api.operations()).filter((op) => !PUBLIC.has(op));
    expect(operations.length).toBeGreaterThan(20);
    for (const op of operations) {
      const [method, template] = op.split(" ") as ["get" | "post" | "put" | "delete", string];
      const path = fill(template);
      if (!OPTIONAL.has(op)) {
        const none = await api.call(method, path);
        expect(none.status, `${op} without a token`).toBe(401);
        expect(none.body.key).toBe("api_token_missing");
      }
      for (const token of [forged, expired, "not.a.jwt"]) {
        const res = await api.call(method, path, { token });
        expect(res.status, `${op} with a bad token`).toBe(401);
        expect(res.body.key).toBe("api_token_invalid");
      }
    }
  });

  it("keeps candidates' routes to candidates and agency routes to agency staff (403)", async () => {
    for (const op of await api.operations()) {
      const [method, template] = op.split(" ") as ["get" | "post" | "put" | "delete", string];
      if (PUBLIC.has(op) || OPTIONAL.has(op)) continue;
      if (template.startsWith("/agency/")) {
        for (const who of ["lea", "manager"]) {
          const res = await api.call(method, fill(template), { token: tokens[who] });
          expect(res.status, `${op} as ${who}`).toBe(403);
        }
      } else if (
        !["/me", "/me/tokens", "/me/tokens/{id}", "/me/notifications", "/me/notifications/read"].includes(template)
      ) {
        const res = await api.call(method, fill(template), {
          token: tokens.ge,
          json: method === "get" ? undefined : {},
        });
        expect(res.status, `${op} as agency staff`).toBe(403);
      }
    }
  });
});

describe("another's ids", () => {
  it("reads another candidate's application, timesheet and proposal as not found, and changes none", async () => {
    const application = (await api.call("get", "/me/applications?list=retained", { token: tokens.lea })).body[0];
    const sheet = (await api.call("get", "/me/timesheets", { token: tokens.lea })).body[0];
    const proposal = (await api.call("get", "/me/proposals", { token: tokens.lea })).body[0];
    expect(application && sheet && proposal).toBeTruthy();
    const h = { token: tokens.hugo };
    expect((await api.call("get", `/me/applications/${application.id}`, h)).status).toBe(404);
    expect((await api.call("get", `/me/timesheets/${sheet.id}`, h)).status).toBe(404);
    const day = await api.call("put", `/me/timesheets/${sheet.id}/days/${sheet.week}`, { ...h, json: { breakMin: 0 } });
    expect(day.status).toBe(404);
    expect(day.body.key).toBe("timesheet_not_found");
    expect(
      (await api.call("post", `/me/timesheets/${sheet.id}/submit`, { ...h, json: { version: sheet.version } })).status,
    ).toBe(404);
    for (const answer of ["accept", "decline"])
      expect((await api.call("post", `/me/proposals/${proposal.id}/${answer}`, h)).status).toBe(404);
    // Léa's sheet is as it was
    const after = await api.call("get", `/me/timesheets/${sheet.id}`, { token: tokens.lea });
    expect(after.body.version).toBe(sheet.version);
  });

  it("answers ids that are no ids with a 4xx problem, never a failure", async () => {
    for (const op of await api.operations()) {
      const [method, template] = op.split(" ") as ["get" | "post" | "put" | "delete", string];
      if (!/\{(id|day|section)\}/.test(template)) continue;
      const token = template.startsWith("/agency/") ? tokens.ge : tokens.hugo;
      const path = template.replace(/\{\w+\}/g, "nope");
      const res = await api.call(method, path, {
        token,
        json: method === "get" || method === "delete" ? undefined : {},
      });
      expect(res.status, op).toBeGreaterThanOrEqual(400);
      expect(res.status, op).toBeLessThan(500);
    }
  });

  it("keeps each agency's ads, applications, planning and timesheets to itself", async () => {
    const geSheets = (await api.call("get", "/agency/timesheets", { token: tokens.ge })).body;
    const lyonSheets = (await api.call("get", "/agency/timesheets", { token: tokens.lyon })).body;
    expect(geSheets.length).toBeGreaterThan(0);
    expect(lyonSheets.length).toBeGreaterThan(0);
    expect((await api.call("get", `/agency/timesheets/${geSheets[0].id}`, { token: tokens.ge })).status).toBe(200);
    expect((await api.call("get", `/agency/timesheets/${geSheets[0].id}`, { token: tokens.lyon })).status).toBe(404);
    const ids = (rows: { id: string | number }[]) => new Set(rows.map((r) => r.id));
    const geSheetIds = ids(geSheets);
    expect(lyonSheets.some((s: { id: string }) => geSheetIds.has(s.id))).toBe(false);

    for (const path of ["/agency/ads", "/agency/applications"]) {
      const ge = (await api.call("get", path, { token: tokens.ge })).body.items;
      const lyon = (await api.call("get", path, { token: tokens.lyon })).body.items;
      expect(ge.length, path).toBeGreaterThan(0);
      const geIds = ids(ge);
      expect(
        lyon.some((r: { id: string }) => geIds.has(r.id)),
        path,
      ).toBe(false);
    }
    const geApplication = (await api.call("get", "/agency/applications", { token: tokens.ge })).body.items[0];
    const details = await api.call("get", `/agency/applications/${geApplication.id}`, { token: tokens.ge });
    expect(details.status).toBe(200);
    expect(details.body.history.map((h: { kind: string }) => h.kind)).toContain("submitted");
    expect((await api.call("get", `/agency/applications/${geApplication.id}`, { token: tokens.lyon })).status).toBe(
      404,
    );
    const today = new Date().toISOString().slice(0, 10);
    const from = new Date(Date.now() - 40 * 86_400_000).toISOString().slice(0, 10);
    const geShifts = (await api.call("get", `/agency/planning?from=${from}&to=${today}`, { token: tokens.ge })).body;
    const lyonShifts = (await api.call("get", `/agency/planning?from=${from}&to=${today}`, { token: tokens.lyon }))
      .body;
    const geShiftIds = ids(geShifts);
    expect(lyonShifts.some((s: { id: string }) => geShiftIds.has(s.id))).toBe(false);
    const tooLong = await api.call("get", `/agency/planning?from=2026-01-01&to=2026-06-01`, { token: tokens.ge });
    expect(tooLong.status).toBe(400);
  });
});

describe("refusals", () => {
  it("are problem details with each field's error, translated by Accept-Language", async () => {
    const res = await api.call("put", `/me/timesheets/${FOREIGN}/days/2026-01-05`, {
      token: tokens.hugo,
      json: { start1: "25:00", end1: "26:00", breakMin: -5 },
      headers: { "accept-language": "de-CH,de;q=0.9" },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toContain("application/problem+json");
    expect(res.body).toMatchObject({ type: "/api/v1/problems/invalid", status: 400 });
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { field: "start1", key: "timesheet_time_invalid", message: "Geben Sie eine Zeit als HH:MM ein." },
        expect.objectContaining({ field: "breakMin", key: "timesheet_minutes_invalid" }),
      ]),
    );
    // French without a language
    const fr = await api.call("get", "/me/applications/nope", { token: tokens.hugo });
    expect(fr.status).toBe(404);
    expect(fr.body.detail).not.toBe(fr.body.key);
  });

  it("bounds bodies, refuses malformed JSON and answers unknown addresses as problems", async () => {
    const big = await api.call("post", "/me/notifications/read", {
      token: tokens.hugo,
      json: { ids: ["x".repeat(100 * 1024)] },
    });
    expect(big.status).toBe(413);
    expect(big.body.key).toBe("api_body_too_large");
    const res = await fetch(`${app.url}/api/v1/me/notifications/read`, {
      method: "POST",
      headers: { authorization: `Bearer ${tokens.hugo}`, "content-type": "application/json" },
      body: "{nope",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).key).toBe("api_malformed_body");
    // an upload a little over its 2 MB: the file's field error; far over: refused unread
    const file = (bytes: number) => {
      const form = new FormData();
      form.append("category", "cv");
      const pdf = Buffer.concat([pdfBytes("big"), Buffer.alloc(bytes)]);
      form.append("file", new Blob([new Uint8Array(pdf)], { type: "application/pdf" }), "big.pdf");
      return form;
    };
    const over = await api.call("post", "/me/documents", { token: tokens.hugo, multipart: file(3 * 1024 * 1024) });
    expect(over.status).toBe(400);
    expect(over.body.errors).toEqual([expect.objectContaining({ field: "file", key: "document_too_large" })]);
    const far = await api.call("post", "/me/documents", { token: tokens.hugo, multipart: file(5 * 1024 * 1024) });
    expect(far.status).toBe(413);
    const unknown = await fetch(`${app.url}/api/v1/nowhere`);
    expect(unknown.status).toBe(404);
    expect(unknown.headers.get("content-type")).toContain("application/problem+json");
  });
});

describe("idempotency keys", () => {
  const upload = (name: string) => {
    const form = new FormData();
    form.append("category", "cv");
    form.append("file", new Blob([new Uint8Array(pdfBytes(name))], { type: "application/pdf" }), name);
    return form;
  };

  it("answer a retried write with the first result, once, and refuse another person's key", async () => {
    const before = (await api.call("get", "/me/documents", { token: tokens.hugo })).body.length;
    const headers = { "idempotency-key": "retry-0001-documents" };
    const first = await api.call("post", "/me/documents", { token: tokens.hugo, multipart: upload("a.pdf"), headers });
    const second = await api.call("post", "/me/documents", { token: tokens.hugo, multipart: upload("a.pdf"), headers });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    expect(second.body.id).toBe(first.body.id);
    expect((await api.call("get", "/me/documents", { token: tokens.hugo })).body.length).toBe(before + 1);
    // without the key the same upload is a second document
    const third = await api.call("post", "/me/documents", { token: tokens.hugo, multipart: upload("a.pdf") });
    expect(third.body.id).not.toBe(first.body.id);
    // another candidate cannot remove it; its owner can, once
    expect((await api.call("delete", `/me/documents/${third.body.id}`, { token: tokens.lea })).status).toBe(404);
    expect((await api.call("delete", `/me/documents/${third.body.id}`, { token: tokens.hugo })).status).toBe(200);
    expect((await api.call("delete", `/me/documents/${third.body.id}`, { token: tokens.hugo })).status).toBe(404);
    expect((await api.call("get", "/me/documents", { token: tokens.hugo })).body.length).toBe(before + 1);
    // someone else's use of the key is no retry of theirs
    const other = await api.call("post", "/me/documents", { token: tokens.lea, multipart: upload("b.pdf"), headers });
    expect(other.status).toBe(409);
    const short = await api.call("post", "/me/documents", {
      token: tokens.hugo,
      multipart: upload("c.pdf"),
      headers: { "idempotency-key": "x" },
    });
    expect(short.status).toBe(400);
    expect(short.body.errors[0].field).toBe("Idempotency-Key");
  });

  it("make a retried application one application (the second answer is the first's, not candidature_exist)", async () => {
    const jobs = (await api.call("get", "/jobs?country=FR", { token: tokens.hugo })).body.hits as { id: number }[];
    let target: { id: number; questions: string[] } | null = null;
    for (const hit of jobs) {
      const ad = (await api.call("get", `/jobs/${hit.id}`, { token: tokens.hugo })).body;
      if (!ad.myApplication) {
        target = ad;
        break;
      }
    }
    expect(target).not.toBeNull();
    const form = () => {
      const f = new FormData();
      target!.questions.forEach((_, i) => f.append(`q${i}`, "yes"));
      return f;
    };
    const headers = { "idempotency-key": "retry-0002-application" };
    const a = await api.call("post", `/jobs/${target!.id}/applications`, {
      token: tokens.hugo,
      multipart: form(),
      headers,
    });
    const b = await api.call("post", `/jobs/${target!.id}/applications`, {
      token: tokens.hugo,
      multipart: form(),
      headers,
    });
    expect(a.status, JSON.stringify(a.body)).toBe(201);
    expect(b.status).toBe(201);
    expect(b.body.id).toBe(a.body.id);
    const again = await api.call("post", `/jobs/${target!.id}/applications`, { token: tokens.hugo, multipart: form() });
    expect(again.status).toBe(409);
    expect(again.body.key).toBe("candidature_exist");
  });
});
