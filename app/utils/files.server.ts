import { PREVIEWABLE } from "#server/modules/candidates/contract";
import { parseUpload, UploadTooLarge } from "./registration.server";

/**
 * A stored file as an answer. `inline` only for PDFs and images (the browser's own viewers), in
 * a sandbox (CSP) with nosniff, so a file can never run script in the site's origin; anything
 * else, and any file asked for download, comes as an attachment. Never cached.
 */
export function fileResponse(file: { name: string; mime: string; bytes: Uint8Array }, { inline = false } = {}) {
  const show = inline && PREVIEWABLE.includes(file.mime);
  const ascii = file.name.replace(/[^\x20-\x7e]/g, "_").replace(/["\\]/g, "_");
  return new Response(new Uint8Array(file.bytes), {
    headers: {
      "Content-Type": file.mime,
      "Content-Length": String(file.bytes.byteLength),
      "Content-Disposition": `${show ? "inline" : "attachment"}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "Content-Security-Policy":
        "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; object-src 'self'",
      "X-Content-Type-Options": "nosniff",
      "Cache-Control": "private, no-store",
    },
  });
}

export const notFound = () => new Response("Not found", { status: 404 });

/**
 * The documents' forms: multipart with a `file` (upload, replace, share) or plain (delete,
 * acknowledge). A file over `maxBytes` is flagged `tooLarge` with the other fields kept; a
 * body past the hard limit is `tooLarge` with no fields.
 */
export async function readDocumentForm(
  request: Request,
  maxBytes: number,
): Promise<{ formData: FormData; tooLarge: boolean }> {
  if (!/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? ""))
    return { formData: await request.formData(), tooLarge: false };
  try {
    return await parseUpload(request, { field: "file", maxBytes });
  } catch (error) {
    if (!(error instanceof UploadTooLarge)) throw error;
    return { formData: new FormData(), tooLarge: true };
  }
}

/** The uploaded file of a form as the commands take it, or null when none was chosen. */
export async function uploadOf(formData: FormData): Promise<{ name: string; bytes: Uint8Array } | null> {
  const file = formData.get("file");
  return file instanceof File && file.size > 0
    ? { name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) }
    : null;
}
