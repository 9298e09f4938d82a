import { execFileSync } from "node:child_process";
import { createECDH, createPublicKey, randomBytes, randomUUID, verify, type ECDH } from "node:crypto";
import fs from "node:fs";
import https from "node:https";
import os from "node:os";
import path from "node:path";
import { decrypt } from "http_ece";

/**
 * A push service of our own (the third party browsers subscribe with, played locally): HTTPS on
 * 127.0.0.1 with a throwaway certificate that this process's default agent trusts (web-push only
 * speaks HTTPS), recording every request; an endpoint can be told to answer a status (410: the
 * browser dropped it). Devices are made here too, with their own key pair, so a test decrypts
 * what it receives as a browser would.
 */
export interface ReceivedPush {
  endpoint: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

export interface TestDevice {
  endpoint: string;
  p256dh: string;
  auth: string;
  ecdh: ECDH;
}

export async function startPushService() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-push-"));
  const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "ec",
      "-pkeyopt",
      "ec_paramgen_curve:prime256v1",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      key,
      "-out",
      cert,
    ],
    { stdio: "ignore" },
  );
  const pem = fs.readFileSync(cert);
  // web-push sends through the default agent: it trusts this certificate (and only in this process)
  https.globalAgent.options.ca = [pem];
  const received: ReceivedPush[] = [];
  const answers = new Map<string, number>();
  const server = https.createServer({ key: fs.readFileSync(key), cert: pem }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const endpoint = `${base}${req.url}`;
      received.push({ endpoint, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(answers.get(endpoint) ?? 201).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `https://127.0.0.1:${(server.address() as { port: number }).port}`;
  return {
    received,
    /** what this endpoint answers from now on (201 by default) */
    answer: (endpoint: string, status: number) => answers.set(endpoint, status),
    /** a browser's subscription to this service: its endpoint and keys */
    device(): TestDevice {
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      return {
        endpoint: `${base}/push/${randomUUID()}`,
        p256dh: ecdh.getPublicKey().toString("base64url"),
        auth: randomBytes(16).toString("base64url"),
        ecdh,
      };
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** The payload as the browser reads it (RFC 8291), or a throw when it is not for this device. */
export function decryptPush(push: ReceivedPush, device: TestDevice): unknown {
  const plain = decrypt(push.body, { version: "aes128gcm", privateKey: device.ecdh, authSecret: device.auth });
  return JSON.parse(plain.toString("utf8"));
}

/**
 * Checks the VAPID authorisation (RFC 8292) as a push service does: `vapid t=<JWT>, k=<key>`, the
 * key being ours, the JWT signed with its private half (ES256), for this service's origin, not
 * expired, naming who to contact. Returns the JWT's claims.
 */
export function verifyVapid(push: ReceivedPush, publicKey: string) {
  const header = String(push.headers.authorization ?? "");
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error(`not a VAPID authorization: ${header}`);
  const [, jwt, k] = match as unknown as [string, string, string];
  if (k !== publicKey) throw new Error("signed with another key");
  const [head, claims, signature] = jwt.split(".") as [string, string, string];
  const raw = Buffer.from(k, "base64url");
  const key = createPublicKey({
    key: {
      kty: "EC",
      crv: "P-256",
      x: raw.subarray(1, 33).toString("base64url"),
      y: raw.subarray(33, 65).toString("base64url"),
    },
    format: "jwk",
  });
  const ok = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  if (!ok) throw new Error("the VAPID signature does not verify");
  const parsed = JSON.parse(Buffer.from(claims, "base64url").toString()) as { aud: string; exp: number; sub: string };
  if (parsed.aud !== new URL(push.endpoint).origin) throw new Error(`audience ${parsed.aud}`);
  if (parsed.exp * 1000 <= Date.now()) throw new Error("expired");
  return parsed;
}
