import zlib from "node:zlib";
import compressible from "compressible";
import type express from "express";
import Negotiator from "negotiator";

/** Below this, compressing saves less than it costs (the compression middleware's default). */
const THRESHOLD = 1024;
const NO_TRANSFORM = /(?:^|,)\s*no-transform\s*(?:,|$)/i;

/**
 * A whole answer's body as it is sent, compressed in one synchronous call when the client takes
 * brotli or gzip; sets Content-Encoding, Vary and Content-Length. Compared with the compression
 * middleware's stream (issue 14, measured per answer in process CPU):
 * - brotli told the body's size sizes its tables to it, and one call skips the thread pool: the
 *   search page's 85 KB of HTML 652 -> 150 µs, its loader's 19 KB of JSON 262 -> 52 µs;
 * - quality 1 rather than 3: 10-15 % more bytes (the search page 12.9 KB against 11.7) for half
 *   the CPU again; the build's scripts and styles keep brotli's best (precompressed-assets.ts);
 * - the answer keeps its length and leaves in one write, not chunked.
 * Negotiation, threshold, types and `no-transform` as the middleware decides them; the middleware
 * still compresses what this does not (it skips an answer already encoded).
 */
export function compressWhole(req: express.Request, res: express.Response, body: Buffer): Buffer {
  const type = res.getHeader("Content-Type");
  if (
    typeof type !== "string" ||
    !compressible(type) ||
    NO_TRANSFORM.test(String(res.getHeader("Cache-Control") ?? ""))
  )
    return body;
  res.vary("Accept-Encoding");
  if (body.length < THRESHOLD || req.method === "HEAD" || res.getHeader("Content-Encoding")) return body;
  const method = new Negotiator(req).encoding(["br", "gzip", "identity"], ["br", "gzip"]);
  if (method !== "br" && method !== "gzip") return body;
  const packed =
    method === "br"
      ? zlib.brotliCompressSync(body, {
          params: {
            [zlib.constants.BROTLI_PARAM_QUALITY]: 1,
            [zlib.constants.BROTLI_PARAM_LGWIN]: 18,
            [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
          },
        })
      : zlib.gzipSync(body, { level: 3 });
  res.setHeader("Content-Encoding", method);
  return packed;
}
