import { fileTypeFromBuffer } from "file-type";
import sharp from "sharp";
import { AppError } from "./errors";

/** What an upload field accepts: the file name's extensions, the types read from the content, the size, and the form field errors go to. */
export interface ImageRules {
  extensions: readonly string[];
  mimes: readonly string[];
  maxBytes: number;
  field: string;
  /** the messages' keys: the wrong kind of file, a file too large */
  errors?: { type: string; tooLarge: string };
}
const IMAGE_ERRORS = { type: "validation.image_type", tooLarge: "validation.image_too_large" };

/**
 * An uploaded image's real type, read from its content (magic bytes), never trusted from the
 * browser or the name alone: a text file renamed photo.png is refused. Errors are on the field.
 */
export async function checkImage(name: string, bytes: Uint8Array, rules: ImageRules): Promise<string> {
  const errors = rules.errors ?? IMAGE_ERRORS;
  if (bytes.byteLength > rules.maxBytes) throw new AppError("invalid", errors.tooLarge, rules.field);
  const extension = name.toLowerCase().split(".").pop() ?? "";
  if (bytes.byteLength === 0 || !rules.extensions.includes(extension))
    throw new AppError("invalid", errors.type, rules.field);
  const detected = await fileTypeFromBuffer(bytes);
  if (!detected || !rules.mimes.includes(detected.mime)) throw new AppError("invalid", errors.type, rules.field);
  return detected.mime;
}

/** The type of stored bytes, when they are one of these image types (files of other kinds share the storage). */
export async function imageMimeIn<M extends string>(bytes: Uint8Array, mimes: readonly M[]): Promise<M | null> {
  const detected = await fileTypeFromBuffer(bytes);
  return detected && (mimes as readonly string[]).includes(detected.mime) ? (detected.mime as M) : null;
}

/**
 * A picture shown small (a logo) as a WebP of at most `size` pixels a side, turned upright:
 * kilobytes instead of the upload's megabytes. A file that only looks like an image is refused on the field.
 */
export async function shrinkImage(
  bytes: Uint8Array,
  size: number,
  refusal: { field: string; key: string },
): Promise<Buffer> {
  try {
    return await sharp(bytes, { limitInputPixels: 50_000_000 })
      .rotate()
      .resize(size, size, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: 85 })
      .toBuffer();
  } catch {
    throw new AppError("invalid", refusal.key, refusal.field);
  }
}
