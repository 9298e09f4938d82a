import { Readable } from "node:stream";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import { createCookie, json, type AppLoadContext } from "@remix-run/node";
import busboy from "busboy";

/**
 * The registration draft's id, so a reload or a later visit resumes where the person stopped.
 * The id is a random uuid known only to this browser (a bearer id); the draft holds no secret
 * that the pages would show (the password is never sent back).
 */
const draftCookie = createCookie("register_draft", {
  path: "/register/user",
  httpOnly: true,
  sameSite: "lax",
  maxAge: 30 * 24 * 60 * 60,
});

/** Same rule as the session cookie (server/infra/resolve.ts): secure behind TLS in production. */
const secure = ({ services: { env } }: AppLoadContext) =>
  env.NODE_ENV === "production" && Boolean(env.DATABASE_URL) && env.COOKIE_SECURE;

export async function draftIdOf(request: Request): Promise<string | null> {
  const value: unknown = await draftCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}
export const keepDraft = (context: AppLoadContext, id: string) =>
  draftCookie.serialize(id, { secure: secure(context) });
export const forgetDraft = (context: AppLoadContext) =>
  draftCookie.serialize("", { secure: secure(context), maxAge: 0 });

/** Beyond this the request is not read further (its other fields are lost too). */
const HARD_LIMIT = 16 * 1024 * 1024;
const TEXT_LIMIT = 64 * 1024;
/** All text fields together: many small parts must not add up to megabytes kept in memory. */
const TEXT_TOTAL_LIMIT = 512 * 1024;
export class UploadTooLarge extends Error {}

/**
 * A multipart form with one file field, read with busboy (which reads quoted file names with
 * `;` or `=` and UTF-8 names as browsers send them). A file over `maxBytes` is read to its end
 * but not kept (`tooLarge`), so the form's other fields still arrive and are shown again with the
 * error; the file's bytes stay in memory only up to `maxBytes`. Empty file inputs and other file
 * fields give nothing. A body that is not multipart is the client's mistake: 415, not a 500.
 *
 * A part whose header cannot be read (a NUL byte in its file name, which no browser sends:
 * busboy's "Malformed part header") is skipped by busboy, which goes on with the parts after it.
 * It stands in the file field as a file without a name (unreadableFile): every form's own check
 * refuses it on that field with the field's message, the other fields kept, as any bad name.
 */
export async function parseUpload(request: Request, { field, maxBytes }: { field: string; maxBytes: number }) {
  if (Number(request.headers.get("Content-Length") ?? 0) > HARD_LIMIT) throw new UploadTooLarge();
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType) || !request.body) throw notMultipart();
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defParamCharset: "utf8",
      limits: { fieldSize: TEXT_LIMIT },
    });
  } catch {
    throw notMultipart(); // no boundary
  }
  const formData = new FormData();
  let tooLarge = false;
  let textBytes = 0;
  const body = Readable.fromWeb(request.body as NodeReadableStream<Uint8Array>);
  await new Promise<void>((resolve, reject) => {
    // done when the parser has closed and every file part has been read to its end
    let open = 1;
    const settled = () => --open === 0 && resolve();
    let failed = false;
    const fail = (error: Error) => {
      // the rest is read and dropped, not parsed: cutting the connection would reset it before
      // the client reads the answer
      failed = true;
      body.resume();
      reject(error);
    };
    parser.on("field", (name, value, info) => {
      textBytes += Buffer.byteLength(value);
      if (info.valueTruncated || textBytes > TEXT_TOTAL_LIMIT) return fail(new UploadTooLarge());
      formData.append(name, value);
    });
    parser.on("file", (name, stream, info) => {
      open++;
      const keep = name === field ? maxBytes : 0;
      const chunks: Uint8Array<ArrayBuffer>[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.byteLength;
        if (size > HARD_LIMIT) return fail(new UploadTooLarge());
        if (size <= keep) chunks.push(new Uint8Array(chunk));
      });
      stream.on("end", () => {
        if (name !== field || !info.filename || size === 0) return;
        if (size > maxBytes) tooLarge = true;
        else formData.append(name, new File(chunks, info.filename, { type: info.mimeType }));
      });
      stream.on("close", settled);
    });
    parser.on("close", settled);
    parser.on("error", (error: Error) => {
      if (error.message !== "Malformed part header") return fail(error);
      if (!formData.has(field)) formData.append(field, unreadableFile());
    });
    body.on("error", (error: Error) => fail(error));
    // fed by hand, not piped: a pipe stops feeding at the parser's first error, and busboy goes on
    // after an unreadable part header
    body.on("data", (chunk: Buffer) => void (!failed && !parser.write(chunk) && body.pause()));
    parser.on("drain", () => body.resume());
    body.on("end", () => void (!failed && parser.end()));
  });
  return { formData, tooLarge };
}

/** A file part whose header was unreadable: no name (so no type), one byte (so it counts as chosen). */
const unreadableFile = () => new File([new Uint8Array(1)], "", { type: "application/octet-stream" });

const notMultipart = () => json({ error: "Expected a multipart/form-data body" }, { status: 415 });
