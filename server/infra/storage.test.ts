import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { createStorage } from "./storage";

const dir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-storage-"));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));
const ID = "3f2504e0-4f89-41d3-9a0c-0305e82c3301";

describe("file storage", () => {
  const storage = createStorage(dir);

  it("keeps a file under <dataDir>/files/<id>, reads it back and removes it (idempotently)", async () => {
    await storage.put(ID, Buffer.from("hello"));
    expect(fs.readFileSync(path.join(dir, "files", ID), "utf8")).toBe("hello");
    expect((await storage.get(ID))?.toString()).toBe("hello");
    expect(await storage.exists(ID)).toBe(true);
    await storage.remove(ID);
    await storage.remove(ID);
    expect(await storage.get(ID)).toBeNull();
    expect(fs.readdirSync(path.join(dir, "files"))).toEqual([]);
  });

  it("accepts only server-made ids, so no path can leave the folder", async () => {
    for (const id of ["../escape", "a/b", "", "3f2504e0-4f89-41d3-9a0c-0305e82c3301/../../x"]) {
      await expect(storage.put(id, Buffer.from("x")), id).rejects.toThrow("invalid file id");
    }
    expect(fs.existsSync(path.join(dir, "escape"))).toBe(false);
  });
});
