import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadEnv } from "../env";
import { vapidKeys } from "./vapid";

/** The VAPID pair (ADR 0050): made once and kept in DATA_DIR, or given by the environment. */
const dirs: string[] = [];
const dataDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "missio-vapid-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => dirs.splice(0).forEach((d) => fs.rmSync(d, { recursive: true, force: true })));
const env = (vars: Record<string, string>, dir: string) => loadEnv({ NODE_ENV: "test", DATA_DIR: dir, ...vars });

describe("the VAPID keys", () => {
  it("are made on first start, kept private in DATA_DIR and the same on the next", () => {
    const dir = dataDir();
    const first = vapidKeys(env({}, dir));
    expect(first.publicKey).toMatch(/^[A-Za-z0-9_-]{87}$/);
    expect(fs.statSync(path.join(dir, "vapid-keys.json")).mode & 0o777).toBe(0o600);
    expect(vapidKeys(env({}, dir))).toEqual(first);
    expect(fs.readdirSync(dir)).toEqual(["vapid-keys.json"]);
    expect(first.subject).toBe("mailto:no-reply@missio.local");
  });

  it("come from the environment when set, with their subject; one without the other is refused", () => {
    const dir = dataDir();
    const keys = vapidKeys(
      env({ VAPID_PUBLIC_KEY: "pub", VAPID_PRIVATE_KEY: "priv", VAPID_SUBJECT: "https://missio.example" }, dir),
    );
    expect(keys).toEqual({ publicKey: "pub", privateKey: "priv", subject: "https://missio.example" });
    expect(fs.readdirSync(dir)).toEqual([]);
    expect(() => env({ VAPID_PUBLIC_KEY: "pub" }, dir)).toThrow(/go together/);
    expect(() => env({ VAPID_SUBJECT: "push@missio.example" }, dir)).toThrow(/VAPID_SUBJECT/);
  });
});
