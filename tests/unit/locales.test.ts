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

  it("covers every key used in app/ (t calls, *Key props) and every error key thrown in server/", () => {
    const used = new Set<string>();
    const walk = (dir: string): string[] =>
      fs.readdirSync(dir, { withFileTypes: true }).flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
    const sources = [...walk(path.resolve("app")), ...walk(path.resolve("server"))].filter((f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f));
    const patterns = [/\bt\(\s*"([a-zA-Z_][\w.-]*)"/g, /\w+Key="([a-zA-Z_][\w.-]*)"/g, /new AppError\("[a-z_]+", "([a-zA-Z_][\w.-]*)"/g, /message: "(validation\.[\w.-]+)"/g, /"(validation\.[\w]+)"\)/g];
    for (const file of sources) {
      const text = fs.readFileSync(file, "utf8");
      for (const pattern of patterns) for (const m of text.matchAll(pattern)) used.add(m[1]!);
    }
    const fr = new Set(namespaces.flatMap((ns) => [...keysOf("fr", ns)]));
    expect([...used].filter((k) => !fr.has(k))).toEqual([]);
  });
});
