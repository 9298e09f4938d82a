/**
 * The upload checks every module uses (a CV at registration or with an application, a candidate's
 * or an agency's document, a timesheet's file name): one place, so a file refused in one form is
 * refused in all. The limits themselves are the candidates module's contract (the forms show them).
 */
import { fileTypeFromBuffer } from "file-type";
import {
  DOCUMENT_TYPES,
  FILE_TYPES,
  MAX_UPLOAD_BYTES,
  type DocumentExtension,
  type DocumentMime,
  type FileExtension,
  type FileMime,
} from "../modules/candidates/contract";
import { AppError } from "./errors";

/**
 * A CV's real type, read from its content (magic bytes), never trusted from the browser or the
 * name alone: the name must end in one of DOCUMENT_TYPES' extensions (.pdf, .odt, .doc, .docx,
 * .png, .jpg, .jpeg) AND the content must be of that extension's type. A PNG renamed cv.pdf is refused.
 */
export async function checkDocument(name: string, bytes: Uint8Array): Promise<DocumentMime> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError("invalid", "cv_too_large", "cv");
  const extension = name.toLowerCase().split(".").pop() ?? "";
  if (bytes.byteLength === 0 || !Object.hasOwn(DOCUMENT_TYPES, extension))
    throw new AppError("invalid", "cv_invalid_type", "cv");
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || detected.mime !== DOCUMENT_TYPES[extension as DocumentExtension])
    throw new AppError("invalid", "cv_invalid_type", "cv");
  return detected.mime as DocumentMime;
}

/** A file name fit to show and store: its last path segment, no control characters, 200 chars. */
export function cleanFileName(name: string): string {
  const base = name.split(/[/\\]/).pop() ?? "";
  // eslint-disable-next-line no-control-regex
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  return (clean || "document").slice(-200);
}

/**
 * A candidate document or an agency's shared document: pdf, odt, doc, png, jpg or jpeg, at most
 * 2 MB, its content (magic bytes) of the type its extension says. A renamed executable, or a
 * PNG named .pdf, is refused; the messages state the limits.
 */
export async function checkFile(name: string, bytes: Uint8Array, field = "file"): Promise<FileMime> {
  if (bytes.byteLength > MAX_UPLOAD_BYTES) throw new AppError("invalid", "document_too_large", field);
  const extension = name.toLowerCase().split(".").pop() ?? "";
  if (bytes.byteLength === 0 || !Object.hasOwn(FILE_TYPES, extension))
    throw new AppError("invalid", "document_invalid_type", field);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || detected.mime !== FILE_TYPES[extension as FileExtension])
    throw new AppError("invalid", "document_content_mismatch", field);
  return detected.mime as FileMime;
}
