// the adapter's own request (not re-exported by its index)
import { createRemixRequest } from "@remix-run/express/dist/server.js";
import { createRequestHandler, writeReadableStreamToWritable, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import type express from "express";
import compressible from "compressible";
import { promisify } from "node:util";
import zlib from "node:zlib";

/** The compression of answers made per request (app.ts's middleware uses the same). */
export const COMPRESSION = {
  // brotli's default 4 MB window was allocated for every answer of a few KB (256 KB holds any
  // page); quality 3 and gzip level 3 cost about 40 % less than the defaults for 4 % more bytes
  brotli: { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 3, [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
  gzip: { level: 3 },
  /** smaller answers are sent as they are */
  threshold: 1024,
};

/**
 * Remix's Express adapter (@remix-run/express), answering with the whole body in one write.
 * Every answer of this app is whole before it is sent (pages are rendered whole, loaders return
 * JSON, files are bytes); the adapter wrote a body chunk by chunk and flushed the compression
 * after each one: three zlib calls and as many socket writes for a loader's JSON, about 0.15 ms
 * of the 2 ms of app CPU it costs (issue 14). Event streams, had we any, still stream.
 */
export function remixHandler({
  build,
  mode,
  getLoadContext,
}: {
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: string;
  getLoadContext: (req: express.Request, res: express.Response) => AppLoadContext;
}): express.RequestHandler {
  const handle = createRequestHandler(build, mode);
  return async (req, res, next) => {
    try {
      const response = await handle(createRemixRequest(req, res), getLoadContext(req, res));
      res.statusMessage = response.statusText;
      res.status(response.status);
      for (const [key, value] of response.headers.entries()) res.append(key, value);
      if (!response.body) res.end();
      else if (/text\/event-stream/i.test(response.headers.get("Content-Type") ?? "")) {
        res.flushHeaders();
        await writeReadableStreamToWritable(response.body, res);
      } else {
        const body = await compressed(req, res, Buffer.from(await response.arrayBuffer()));
        res.setHeader("Content-Length", body.length);
        res.end(body);
      }
    } catch (error) {
      next(error);
    }
  };
}

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The body compressed in one call, as the browser accepts, with the headers that say so (the
 * compression middleware then leaves it be): a compression stream per answer cost more than
 * compressing it. On the thread pool: on the main thread, which bounds the pages rendered per
 * second, it took 6 % of the search page's profile.
 */
async function compressed(req: express.Request, res: express.Response, body: Buffer): Promise<Buffer> {
  const type = res.getHeader("Content-Type");
  if (body.length < COMPRESSION.threshold || typeof type !== "string" || !compressible(type) || res.getHeader("Content-Encoding")) return body;
  if (/(?:^|,)\s*no-transform\s*(?:,|$)/i.test(String(res.getHeader("Cache-Control") ?? ""))) return body;
  res.vary("Accept-Encoding");
  // brotli whenever accepted (as the middleware): smaller, whatever order the browser lists
  const encoding = req.method === "HEAD" ? false : req.acceptsEncodings("br") || req.acceptsEncodings("gzip");
  if (encoding !== "br" && encoding !== "gzip") return body;
  res.setHeader("Content-Encoding", encoding);
  return encoding === "br" ? brotli(body, { ...COMPRESSION.brotli, params: { ...COMPRESSION.brotli.params, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } }) : gzip(body, COMPRESSION.gzip);
}
