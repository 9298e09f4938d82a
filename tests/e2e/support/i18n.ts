import fs from "node:fs";
import path from "node:path";

export const LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];

const cache = new Map<string, Record<string, unknown>>();

/** A string of public/locales/{lng}/common.json by its dotted key, as the app shows it. */
export function tr(lng: Language, key: string): string {
  let dict = cache.get(lng);
  if (!dict) {
    dict = JSON.parse(fs.readFileSync(path.resolve("public/locales", lng, "common.json"), "utf8")) as Record<
      string,
      unknown
    >;
    cache.set(lng, dict);
  }
  const value = key
    .split(".")
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], dict);
  if (typeof value !== "string") throw new Error(`missing translation ${lng}:${key}`);
  return value;
}
