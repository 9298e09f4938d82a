import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { json, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { remixHandler } from "./remix-handler";

// A build of resource routes only (no page to render): the handler's answers as browsers get them,
// behind the compression middleware as in server/app.ts.
const big = { words: Array.from({ length: 3000 }, (_, i) => `mot${i % 50}`) };
const resource = (loader: () => Response) => ({ id: "", parentId: "root", path: "", module: { loader } });
const routes: Record<string, { id: string; parentId?: string; path: string; module: object }> = {
  root: { id: "root", path: "", module: {} },
  big: resource(() =>
    json(big, {
      headers: [
        ["Set-Cookie", "a=1"],
        ["Set-Cookie", "b=2"],
      ],
    }),
  ),
  small: resource(() => json({ ok: true })),
  png: resource(() => new Response(new Uint8Array(4000), { headers: { "Content-Type": "image/png" } })),
  untouched: resource(() => json(big, { headers: { "Cache-Control": "no-transform" } })),
};
for (const [id, route] of Object.entries(routes)) if (id !== "root") Object.assign(route, { id, path: id });
const build = {
  mode: "production",
  entry: { module: { default: () => new Response("no pages here", { status: 500 }) } },
  routes,
  assets: { entry: { module: "", imports: [] }, routes: {}, url: "", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: {},
  isSpaMode: false,
} as unknown as ServerBuild;

let server: http.Server;
let base: string;
beforeAll(async () => {
  const app = express();
  app.use(compression());
  app.all("*", remixHandler({ build, mode: "production", getLoadContext: () => ({}) as never }));
  server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => void server.close());

function get(url: string, encoding: string, method = "GET") {
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .request(base + url, { method, headers: { "accept-encoding": encoding } }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject)
      .end();
  });
}

describe("Remix's answers", () => {
  it("come whole, compressed in brotli when the browser takes it, their headers kept", async () => {
    // brotli although the browser names gzip first, as the compression middleware prefers it
    const res = await get("/big", "gzip, deflate, br, zstd");
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/Accept-Encoding/);
    // compressed in one piece: sent with its length, not chunked
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(Number(res.headers["content-length"])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(JSON.stringify(big).length / 4);
    expect(JSON.parse(zlib.brotliDecompressSync(res.body).toString())).toEqual(big);
    expect(res.headers["set-cookie"]).toEqual(["a=1", "b=2"]);
  });

  it("in gzip for a browser without brotli, with their length for one that takes neither", async () => {
    const gzip = await get("/big", "gzip, deflate");
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(Number(gzip.headers["content-length"])).toBe(gzip.body.length);
    expect(JSON.parse(zlib.gunzipSync(gzip.body).toString())).toEqual(big);
    // brotli refused by its quality value
    expect((await get("/big", "br;q=0, gzip")).headers["content-encoding"]).toBe("gzip");
    const plain = await get("/big", "identity");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(Number(plain.headers["content-length"])).toBe(plain.body.length);
    expect(JSON.parse(plain.body.toString())).toEqual(big);
  });

  it("are sent with their length as they are when small, not text, or asked not to be transformed", async () => {
    for (const url of ["/small", "/png", "/untouched"]) {
      const res = await get(url, "gzip, deflate, br");
      expect(res.status).toBe(200);
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
    }
    expect(JSON.parse((await get("/small", "br")).body.toString())).toEqual({ ok: true });
    expect((await get("/png", "br")).body).toEqual(Buffer.alloc(4000));
  });

  it("answer a HEAD with the headers only", async () => {
    const res = await get("/big", "br", "HEAD");
    expect(res.status).toBe(200);
    expect(res.body.length).toBe(0);
  });
});
