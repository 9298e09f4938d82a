import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createLogger } from "./logger";
import { precompressedAssets } from "./precompressed-assets";

let dir: string;
let server: http.Server;
let base: string;
const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `word${i % 97}`))};\n`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "assets-"));
  fs.mkdirSync(path.join(dir, "_shared"));
  fs.writeFileSync(path.join(dir, "_shared", "chunk-ABC.js"), script);
  fs.writeFileSync(path.join(dir, "logo.png"), Buffer.from([1, 2, 3]));
  fs.writeFileSync(path.join(os.tmpdir(), "secret.js"), "outside");
  const assets = precompressedAssets(dir, createLogger("silent"));
  const app = express();
  app.use("/build", assets.serve);
  app.use("/build", express.static(dir));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  await assets.start();
});
afterAll(() => {
  server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

function get(url: string, encoding: string) {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(base + url, { headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
}

describe("precompressed assets", () => {
  it("serves a script as brotli made once, with its type and a year of cache", async () => {
    const res = await get("/build/_shared/chunk-ABC.js", "gzip, deflate, br");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers["content-type"]).toMatch(/javascript/);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.brotliDecompressSync(res.body).toString()).toBe(script);
    expect(res.body.length).toBeLessThan(script.length / 10);
    expect(fs.existsSync(path.join(dir, "_shared", "chunk-ABC.js.br"))).toBe(true);
  });

  it("leaves browsers without brotli, and files it does not compress, to the usual serving", async () => {
    const plain = await get("/build/_shared/chunk-ABC.js", "gzip");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body.toString()).toBe(script);
    const image = await get("/build/logo.png", "br");
    expect(image.headers["content-encoding"]).toBeUndefined();
    expect([...image.body]).toEqual([1, 2, 3]);
  });

  it("never serves anything outside the build", async () => {
    for (const url of ["/build/../secret.js", "/build/%2e%2e/secret.js", "/build/_shared/%E0%A4%A.js"]) {
      const res = await get(url, "br");
      expect(res.headers["content-encoding"], url).toBeUndefined();
      expect(res.body.toString(), url).not.toBe("outside");
    }
  });
});
