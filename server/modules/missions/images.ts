import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { AppError } from "../../lib/errors";
import type { IdGenerator } from "../../lib/ids";
import { IMAGE_EXTENSIONS, IMAGE_MIMES, MAX_IMAGE_BYTES } from "./rules";
import { type Actor } from "../identity/contract";
import { tenantFilter } from "../../lib/tenancy";
import { isUuid } from "../../lib/contract";
import { checkImage as checkImageOf, imageMimeIn } from "../../lib/images";

export type ImageMime = (typeof IMAGE_MIMES)[number];

/** A cover image's real type (spec section 9: png, jpg, jpeg, 2 MB); errors are on the form's `image` field. */
export const checkImage = async (name: string, bytes: Uint8Array) =>
  (await checkImageOf(name, bytes, {
    extensions: IMAGE_EXTENSIONS,
    mimes: IMAGE_MIMES,
    maxBytes: MAX_IMAGE_BYTES,
    field: "image",
  })) as ImageMime;

/** The type of stored bytes, when they are a cover image (files of other kinds share the storage). */
export const imageMimeOf = (bytes: Uint8Array) => imageMimeIn(bytes, IMAGE_MIMES);

/**
 * Every upload is recorded in a stream of its own, so that an image id coming back in a form
 * (the hidden field that keeps an upload across a form with errors) is accepted only from the
 * agency that uploaded it: a forged id cannot attach another tenant's file, nor any other file
 * of the storage (CVs and documents live there too).
 */
export const coverImageStream = (fileId: string) => `coverimage-${fileId.toLowerCase()}`;

export interface CoverImageUploaded {
  type: "CoverImageUploaded";
  data: { fileId: string; agencyId: string; mime: ImageMime; size: number; by: string };
}

export function coverImages({ store, storage, ids }: { store: EventStore; storage: Storage; ids: IdGenerator }) {
  /** The agency that uploaded this image, or null (unknown id, or a file that is not a cover image). */
  async function uploaderAgency(fileId: string): Promise<string | null> {
    if (!isUuid(fileId)) return null;
    const [first] = await store.readStream(coverImageStream(fileId));
    return first?.type === "CoverImageUploaded" ? String(first.data.agencyId) : null;
  }

  return {
    uploaderAgency,

    /**
     * Checks, stores, then records the upload; if recording fails the file is removed again.
     * Returns the new file id.
     */
    async upload(actor: Actor, upload: { name: string; bytes: Uint8Array }): Promise<string> {
      if (!actor.agencyId) throw new AppError("forbidden", "not_authorized");
      const mime = await checkImage(upload.name, upload.bytes);
      const fileId = ids.uuid();
      try {
        await storage.put(fileId, upload.bytes);
      } catch {
        throw new AppError("unavailable", "error_upload_image", "image");
      }
      const event: CoverImageUploaded = {
        type: "CoverImageUploaded",
        data: { fileId, agencyId: actor.agencyId, mime, size: upload.bytes.byteLength, by: actor.id },
      };
      try {
        await store.append(coverImageStream(fileId), 0, [event], { actor: actor.id, tenant: actor.agencyId });
      } catch (error) {
        await storage.remove(fileId);
        throw error;
      }
      return fileId;
    },

    /**
     * Who may see an image: everyone when an online ad shows it ("public"); otherwise people who
     * reach an ad showing it, or the agency that uploaded it (a form kept with errors) ("private");
     * nobody else (null), whatever the file is.
     */
    async reach(actor: Actor | null, fileId: string): Promise<"public" | "private" | null> {
      if (!isUuid(fileId)) return null;
      const sql = store.sql as Db;
      const id = fileId.toLowerCase();
      const [online] = await sql`select 1 from rm_ads where status = 'online' and fields->>'imageId' = ${id} limit 1`;
      if (online) return "public";
      if (!actor) return null;
      const [reached] =
        await sql`select 1 from rm_ads a where a.status <> 'deleted' and a.fields->>'imageId' = ${id} and ${tenantFilter(sql, actor, "a")} limit 1`;
      if (reached) return "private";
      const agency = actor.agencyId ? await uploaderAgency(id) : null;
      return agency && agency === actor.agencyId ? "private" : null;
    },

    /** The bytes and their type, read from the content; null for a missing file or one that is not an image. */
    async read(fileId: string): Promise<{ bytes: Buffer; mime: ImageMime } | null> {
      if (!isUuid(fileId)) return null;
      const bytes = await storage.get(fileId);
      if (!bytes) return null;
      const mime = await imageMimeOf(bytes);
      return mime ? { bytes, mime } : null;
    },
  };
}

export type CoverImages = ReturnType<typeof coverImages>;
