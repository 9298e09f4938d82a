import busboy from "busboy";
import type { Request } from "express";
import { AppError } from "../../lib/errors";

/** Text fields of a multipart body: a few short values (a message, answers). */
const TEXT_LIMIT = 64 * 1024;

export interface Multipart {
  fields: Record<string, string>;
  /** the one file of the expected field, if sent */
  file: { name: string; bytes: Uint8Array } | null;
}

/**
 * A multipart body (an upload) read from the request: its text fields and the file of `field`,
 * at most `maxBytes` (more: `tooLargeKey` on that field, as the pages answer). Other files are
 * read and dropped. The body's size as a whole is bounded before (body-limit.ts).
 */
export function readMultipart(
  req: Request,
  { field, maxBytes, tooLargeKey }: { field: string; maxBytes: number; tooLargeKey: string },
): Promise<Multipart> {
  const contentType = req.headers["content-type"] ?? "";
  if (!/^multipart\/form-data\b/i.test(contentType)) throw new AppError("invalid", "api_multipart_expected", "body");
  let parser: busboy.Busboy;
  try {
    parser = busboy({ headers: req.headers, defParamCharset: "utf8", limits: { fieldSize: TEXT_LIMIT, files: 5 } });
  } catch {
    throw new AppError("invalid", "api_multipart_expected", "body");
  }
  return new Promise<Multipart>((resolve, reject) => {
    const fields: Record<string, string> = {};
    let file: Multipart["file"] = null;
    let failure: AppError | null = null;
    let open = 1;
    const settle = () => {
      if (--open > 0) return;
      if (failure) reject(failure);
      else resolve({ fields, file });
    };
    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) failure ??= new AppError("invalid", "validation.too_long", name);
      else fields[name] = value;
    });
    parser.on("file", (name, stream, info) => {
      open++;
      const chunks: Buffer[] = [];
      let size = 0;
      stream.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (name === field && size <= maxBytes) chunks.push(chunk);
      });
      stream.on("end", () => {
        if (name === field && size > maxBytes) failure ??= new AppError("invalid", tooLargeKey, field);
        else if (name === field && size > 0)
          file = { name: info.filename || "file", bytes: new Uint8Array(Buffer.concat(chunks)) };
        settle();
      });
    });
    parser.on("close", settle);
    parser.on("error", () => reject(new AppError("invalid", "api_multipart_expected", "body")));
    req.on("error", reject);
    req.pipe(parser);
  });
}
