import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../app/i18n";

const root = path.resolve("public/locales");
const flatten = (o: Record<string, unknown>, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === "object" ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`]));
const keysOf = (lng: string, file: string) =>
  fs.existsSync(path.join(root, lng, file)) ? new Set(flatten(JSON.parse(fs.readFileSync(path.join(root, lng, file), "utf8")))) : new Set<string>();
const namespaces = [...new Set(LANGUAGES.flatMap((l) => fs.readdirSync(path.join(root, l))))];

describe("translations", () => {
  it.each(namespaces)("%s has every key in all five languages, none empty", (file) => {
    const all = new Set(LANGUAGES.flatMap((l) => [...keysOf(l, file)]));
    for (const lng of LANGUAGES) {
      const have = keysOf(lng, file);
      expect([...all].filter((k) => !have.has(k)), `${lng}/${file}`).toEqual([]);
    }
  });

  it("covers every t() key used in app/", () => {
    const used = new Set<string>();
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
    for (const file of walk(path.resolve("app")).filter((f) => /\.tsx?$/.test(f))) {
      for (const m of fs.readFileSync(file, "utf8").matchAll(/\bt\(\s*"([a-zA-Z_][\w.-]*)"/g)) used.add(m[1]!);
    }
    const fr = keysOf("fr", "common.json");
    expect([...used].filter((k) => !fr.has(k))).toEqual([]);
  });
});
