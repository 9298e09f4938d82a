import { randomUUID } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { isUuid } from "../lib/contract";

/**
 * Uploaded files (CVs, documents) on disk under `<dataDir>/files/<id>`. Ids are uuids chosen by
 * the server, never a user's file name, so a path cannot leave the folder. Writes go to a
 * temporary name first and are renamed into place: a file exists whole or not at all.
 */
export function createStorage(dataDir: string) {
  const root = path.join(dataDir, "files");
  const fileOf = (id: string) => {
    if (!isUuid(id)) throw new Error(`invalid file id ${JSON.stringify(id)}`);
    return path.join(root, id.toLowerCase());
  };

  return {
    root,
    async put(id: string, bytes: Uint8Array): Promise<void> {
      const target = fileOf(id);
      await fs.mkdir(root, { recursive: true });
      const temporary = path.join(root, `.${randomUUID()}.part`);
      try {
        await fs.writeFile(temporary, bytes, { flag: "wx" });
        await fs.rename(temporary, target);
      } catch (error) {
        await fs.rm(temporary, { force: true });
        throw error;
      }
    },
    /** The bytes, or null when there is no such file. */
    async get(id: string): Promise<Buffer | null> {
      try {
        return await fs.readFile(fileOf(id));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async exists(id: string): Promise<boolean> {
      return fs.access(fileOf(id)).then(
        () => true,
        () => false,
      );
    },
    /** Idempotent: removing a missing file is not an error. */
    async remove(id: string): Promise<void> {
      await fs.rm(fileOf(id), { force: true });
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;
