import fs from "node:fs/promises";
import { strToU8, zipSync, type Zippable } from "fflate";
import { localeFile } from "../../lib/root";

const LANGUAGES = ["fr", "en", "de", "it", "pt"];

/** The README's lines in the person's language (public/locales/<lng>/export.json, `readme.*`), English if unknown. */
export async function readmeText(locale: string, params: { name: string; date: string }): Promise<string> {
  const lng = LANGUAGES.includes(locale) ? locale : "en";
  const { readme } = JSON.parse(await fs.readFile(localeFile(lng, "export"), "utf8")) as {
    readme: Record<string, string>;
  };
  const fill = (s: string) => s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => params[k as keyof typeof params] ?? "");
  const files = Object.entries(readme)
    .filter(([k]) => k.startsWith("file_"))
    .map(([k, v]) => `- ${k.slice(5).replace(/_/g, "-")}${k === "file_documents" ? "/" : ".json"}: ${v}`);
  return [fill(readme.title!), "", fill(readme.intro!), "", ...files, "", readme.footer!, ""].join("\n");
}

/** A file name safe in a ZIP and on every system, unique within its folder. */
export function uniqueNames(names: string[]): string[] {
  const seen = new Map<string, number>();
  return names.map((raw) => {
    const clean =
      raw
        // eslint-disable-next-line no-control-regex -- control characters are what is removed
        .replace(/[\\/:*?"<>|\x00-\x1f]/g, "_")
        .replace(/^\.+/, "_")
        .slice(0, 150) || "document";
    const n = seen.get(clean.toLowerCase()) ?? 0;
    seen.set(clean.toLowerCase(), n + 1);
    if (!n) return clean;
    const dot = clean.lastIndexOf(".");
    return dot > 0 ? `${clean.slice(0, dot)} (${n + 1})${clean.slice(dot)}` : `${clean} (${n + 1})`;
  });
}

/** The ZIP: README.txt, one JSON file per part, the documents in their original format. */
export function buildZip(
  readme: string,
  parts: Record<string, unknown>,
  documents: { name: string; bytes: Uint8Array }[],
): Uint8Array {
  const entries: Zippable = { "README.txt": strToU8(readme) };
  for (const [name, value] of Object.entries(parts)) entries[`${name}.json`] = strToU8(JSON.stringify(value, null, 2));
  const names = uniqueNames(documents.map((d) => d.name));
  // documents are mostly compressed already (PDF, JPEG): stored as they are
  if (documents.length)
    entries["documents"] = Object.fromEntries(documents.map((d, i) => [names[i]!, [d.bytes, { level: 0 }]]));
  return zipSync(entries, { level: 6 });
}
