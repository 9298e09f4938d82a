import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from "node:crypto";
import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A small OpenID Connect provider for the tests, on 127.0.0.1: discovery, JWKS, an authorize
 * endpoint with a login form (type any email, tick "verified" or not), and a token endpoint
 * that checks the client secret, the redirect URI and PKCE (S256) and issues RS256-signed ID
 * tokens carrying the nonce. Enough protocol for a real client library to accept it, nothing
 * more: no consent, no refresh tokens, no userinfo.
 *
 * `linkedInQuirks` behaves as LinkedIn does: no PKCE announced and a code_verifier refused,
 * and no nonce in the ID token even when one was sent.
 */
export interface TestOidcProvider {
  issuer: string;
  port: number;
  clientId: string;
  clientSecret: string;
  /** exact redirect URIs the client may use (as a real provider's client registration) */
  redirectUris: Set<string>;
  /** requests received, by path (for assertions such as "the code was never redeemed") */
  hits: Record<string, number>;
  /** stop listening (the provider is "down"); `start` again on the same port and keys */
  stop(): Promise<void>;
  start(): Promise<void>;
}

interface Pending {
  redirectUri: string;
  state: string | null;
  nonce: string | null;
  codeChallenge: string | null;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  codeChallenge: string | null;
  nonce: string | null;
  email: string;
  emailVerified: boolean;
  expiresAt: number;
}

const b64url = (data: Buffer | string) => Buffer.from(data).toString("base64url");
const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function signJwt(payload: object, key: KeyObject, kid: string): string {
  const input = `${b64url(JSON.stringify({ alg: "RS256", typ: "JWT", kid }))}.${b64url(JSON.stringify(payload))}`;
  return `${input}.${b64url(sign("sha256", Buffer.from(input), key))}`;
}

async function readBody(req: http.IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

function send(res: http.ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  const text = typeof body === "string" ? body : JSON.stringify(body);
  res.writeHead(status, {
    "content-type": typeof body === "string" ? "text/html; charset=utf-8" : "application/json",
    "cache-control": "no-store",
    ...headers,
  });
  res.end(text);
}

export async function startOidcProvider({
  clientId = "missio-test",
  clientSecret = "missio-test-secret",
  port = 0,
  linkedInQuirks = false,
} = {}): Promise<TestOidcProvider> {
  const { privateKey, publicKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const kid = randomBytes(8).toString("hex");
  const jwk = { ...publicKey.export({ format: "jwk" }), kid, alg: "RS256", use: "sig" };
  const interactions = new Map<string, Pending>();
  const codes = new Map<string, Grant>();
  const hits: Record<string, number> = {};
  const redirectUris = new Set<string>();
  let issuer = "";

  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", issuer || "http://127.0.0.1");
    hits[url.pathname] = (hits[url.pathname] ?? 0) + 1;
    handle(req, res, url).catch((err: unknown) =>
      send(res, 500, { error: "server_error", error_description: String(err) }),
    );
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse, url: URL) {
    if (req.method === "GET" && url.pathname === "/.well-known/openid-configuration") {
      return send(res, 200, {
        issuer,
        authorization_endpoint: `${issuer}/authorize`,
        token_endpoint: `${issuer}/token`,
        jwks_uri: `${issuer}/jwks`,
        response_types_supported: ["code"],
        subject_types_supported: ["public"],
        id_token_signing_alg_values_supported: ["RS256"],
        ...(linkedInQuirks ? {} : { code_challenge_methods_supported: ["S256"] }),
        token_endpoint_auth_methods_supported: ["client_secret_post", "client_secret_basic"],
        scopes_supported: ["openid", "email"],
        claims_supported: ["sub", "email", "email_verified"],
      });
    }
    if (req.method === "GET" && url.pathname === "/jwks") return send(res, 200, { keys: [jwk] });

    if (req.method === "GET" && url.pathname === "/authorize") {
      const q = url.searchParams;
      const redirectUri = q.get("redirect_uri") ?? "";
      if (q.get("client_id") !== clientId || !redirectUris.has(redirectUri))
        return send(res, 400, "<p>unknown client or redirect_uri</p>");
      if (q.get("response_type") !== "code" || !q.get("scope")?.split(" ").includes("openid"))
        return send(res, 400, "<p>unsupported request</p>");
      const codeChallenge = linkedInQuirks ? null : q.get("code_challenge");
      if (!linkedInQuirks && (!codeChallenge || q.get("code_challenge_method") !== "S256"))
        return send(res, 400, "<p>PKCE (S256) is required</p>");
      const interaction = randomBytes(12).toString("hex");
      interactions.set(interaction, { redirectUri, state: q.get("state"), nonce: q.get("nonce"), codeChallenge });
      return send(
        res,
        200,
        `<!doctype html><html lang="en"><head><title>Test identity provider</title></head><body>
<h1>Test identity provider</h1>
<form method="post" action="/authorize">
  <input type="hidden" name="interaction" value="${escapeHtml(interaction)}">
  <label>Email <input type="email" name="email" required></label>
  <label><input type="checkbox" name="email_verified" value="true" checked> Email verified</label>
  <button type="submit" name="decision" value="allow">Sign in</button>
  <button type="submit" name="decision" value="deny" formnovalidate>Cancel</button>
</form></body></html>`,
      );
    }

    if (req.method === "POST" && url.pathname === "/authorize") {
      const form = await readBody(req);
      const pending = interactions.get(form.get("interaction") ?? "");
      if (!pending) return send(res, 400, "<p>unknown interaction</p>");
      interactions.delete(form.get("interaction")!);
      const back = new URL(pending.redirectUri);
      if (pending.state !== null) back.searchParams.set("state", pending.state);
      back.searchParams.set("iss", issuer);
      if (form.get("decision") === "deny") {
        back.searchParams.set("error", "access_denied");
      } else {
        const code = randomBytes(16).toString("base64url");
        codes.set(code, {
          clientId,
          redirectUri: pending.redirectUri,
          codeChallenge: pending.codeChallenge,
          nonce: linkedInQuirks ? null : pending.nonce,
          email: (form.get("email") ?? "").trim(),
          emailVerified: form.get("email_verified") === "true",
          expiresAt: Date.now() + 60_000,
        });
        back.searchParams.set("code", code);
      }
      res.writeHead(302, { location: back.href, "cache-control": "no-store" });
      return res.end();
    }

    if (req.method === "POST" && url.pathname === "/token") {
      const form = await readBody(req);
      let [id, secret] = [form.get("client_id"), form.get("client_secret")];
      const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? "");
      if (basic)
        [id, secret] = Buffer.from(basic[1]!, "base64").toString().split(":").map(decodeURIComponent) as [
          string,
          string,
        ];
      if (id !== clientId || secret !== clientSecret) return send(res, 401, { error: "invalid_client" });
      const grant = codes.get(form.get("code") ?? "");
      codes.delete(form.get("code") ?? ""); // one use, whatever happens
      const verifier = form.get("code_verifier") ?? "";
      if (
        form.get("grant_type") !== "authorization_code" ||
        !grant ||
        grant.expiresAt < Date.now() ||
        grant.redirectUri !== form.get("redirect_uri") ||
        (grant.codeChallenge === null
          ? form.has("code_verifier")
          : b64url(createHash("sha256").update(verifier).digest()) !== grant.codeChallenge)
      ) {
        return send(res, 400, { error: "invalid_grant" });
      }
      const now = Math.floor(Date.now() / 1000);
      const idToken = signJwt(
        {
          iss: issuer,
          sub: createHash("sha256").update(grant.email).digest("hex").slice(0, 24),
          aud: clientId,
          iat: now,
          exp: now + 300,
          auth_time: now,
          ...(grant.nonce ? { nonce: grant.nonce } : {}),
          email: grant.email,
          email_verified: grant.emailVerified,
        },
        privateKey,
        kid,
      );
      return send(res, 200, {
        access_token: randomBytes(16).toString("base64url"),
        token_type: "Bearer",
        expires_in: 300,
        scope: "openid email",
        id_token: idToken,
      });
    }
    send(res, 404, { error: "not_found" });
  }

  const listen = (p: number) =>
    new Promise<number>((resolve, reject) => {
      server.once("error", reject);
      server.listen(p, "127.0.0.1", () => {
        server.off("error", reject);
        resolve((server.address() as AddressInfo).port);
      });
    });

  const actualPort = await listen(port);
  issuer = `http://127.0.0.1:${actualPort}`;
  return {
    issuer,
    port: actualPort,
    clientId,
    clientSecret,
    redirectUris,
    hits,
    async stop() {
      if (!server.listening) return;
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async start() {
      if (!server.listening) await listen(actualPort);
    },
  };
}
