import { createCookie, json, unstable_parseMultipartFormData, type AppLoadContext, type UploadHandler } from "@remix-run/node";
import { boundaryOf, decodeFileName, escapeDispositions } from "./multipart.server";

/**
 * The registration draft's id, so a reload or a later visit resumes where the person stopped.
 * The id is a random uuid known only to this browser (a bearer id); the draft holds no secret
 * that the pages would show (the password is never sent back).
 */
const draftCookie = createCookie("register_draft", { path: "/register/user", httpOnly: true, sameSite: "lax", maxAge: 30 * 24 * 60 * 60 });

/** Same rule as the session cookie (server/infra/resolve.ts): secure behind TLS in production. */
const secure = ({ services: { env } }: AppLoadContext) => env.NODE_ENV === "production" && Boolean(env.DATABASE_URL) && env.COOKIE_SECURE;

export async function draftIdOf(request: Request): Promise<string | null> {
  const value: unknown = await draftCookie.parse(request.headers.get("Cookie"));
  return typeof value === "string" && value ? value : null;
}
export const keepDraft = (context: AppLoadContext, id: string) => draftCookie.serialize(id, { secure: secure(context) });
export const forgetDraft = (context: AppLoadContext) => draftCookie.serialize("", { secure: secure(context), maxAge: 0 });

/** Beyond this the request is not read further (its other fields are lost too). */
const HARD_LIMIT = 16 * 1024 * 1024;
const TEXT_LIMIT = 64 * 1024;
/** All text fields together: many small parts must not add up to megabytes kept in memory. */
const TEXT_TOTAL_LIMIT = 512 * 1024;
export class UploadTooLarge extends Error {}

/**
 * A multipart form with one file field. A file over `maxBytes` is read to its end but not kept
 * (`tooLarge`), so the form's other fields still arrive and are shown again with the error;
 * the file's bytes stay in memory only up to `maxBytes`. Empty file inputs and other file
 * fields give nothing.
 */
export async function parseUpload(request: Request, { field, maxBytes }: { field: string; maxBytes: number }) {
  if (Number(request.headers.get("Content-Length") ?? 0) > HARD_LIMIT) throw new UploadTooLarge();
  // these forms are multipart (they carry a file): anything else is the client's mistake, not a 500
  const boundary = boundaryOf(request.headers.get("Content-Type"));
  if (!boundary || !request.body) throw json({ error: "Expected a multipart/form-data body" }, { status: 415 });
  let tooLarge = false;
  let textBytes = 0;
  const handler: UploadHandler = async ({ name, filename, contentType, data }) => {
    const keep = filename === undefined ? TEXT_LIMIT : name === field ? maxBytes : 0;
    const chunks: Uint8Array<ArrayBuffer>[] = [];
    let size = 0;
    for await (const chunk of data) {
      size += chunk.byteLength;
      if (size > HARD_LIMIT) throw new UploadTooLarge();
      if (filename === undefined && (textBytes += chunk.byteLength) > TEXT_TOTAL_LIMIT) throw new UploadTooLarge();
      if (size <= keep) chunks.push(new Uint8Array(chunk));
    }
    if (filename === undefined) {
      if (size > TEXT_LIMIT) throw new UploadTooLarge();
      return new Blob(chunks).text();
    }
    if (name !== field || !filename || size === 0) return null;
    if (size > maxBytes) {
      tooLarge = true;
      return null;
    }
    return new File(chunks, decodeFileName(filename), { type: contentType });
  };
  // file names with `;` or `=` would break the parser (see multipart.server.ts)
  const body = escapeDispositions(request.body, boundary);
  const escaped = new Request(request.url, { method: request.method, headers: request.headers, body, duplex: "half" } as RequestInit);
  const formData = await unstable_parseMultipartFormData(escaped, handler);
  return { formData, tooLarge };
}
