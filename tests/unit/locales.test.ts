import fs from "node:fs";
import path from "node:path";
import i18next from "i18next";
import { describe, expect, it } from "vitest";
import { LANGUAGES, NAMESPACES } from "../../app/i18n";

const root = path.resolve("public/locales");
const flatten = (o: Record<string, unknown>, prefix = ""): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === "object" ? flatten(v as Record<string, unknown>, `${prefix}${k}.`) : [`${prefix}${k}`],
  );
const keysOf = (lng: string, file: string) =>
  fs.existsSync(path.join(root, lng, file))
    ? new Set(flatten(JSON.parse(fs.readFileSync(path.join(root, lng, file), "utf8"))))
    : new Set<string>();
const namespaces = [...new Set(LANGUAGES.flatMap((l) => fs.readdirSync(path.join(root, l))))];

describe("translations", () => {
  it("lists every namespace file in NAMESPACES (the signed-in shell preloads them)", () => {
    expect([...NAMESPACES].sort()).toEqual(namespaces.map((f) => f.replace(/\.json$/, "")).sort());
  });

  it.each(namespaces)("%s has every key in all five languages, none empty", (file) => {
    const all = new Set(LANGUAGES.flatMap((l) => [...keysOf(l, file)]));
    for (const lng of LANGUAGES) {
      const have = keysOf(lng, file);
      expect(
        [...all].filter((k) => !have.has(k)),
        `${lng}/${file}`,
      ).toEqual([]);
    }
  });

  it("covers every key used in app/ (t calls, *Key props) and every error key thrown in server/", () => {
    const used = new Set<string>();
    const walk = (dir: string): string[] =>
      fs
        .readdirSync(dir, { withFileTypes: true })
        .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
    const sources = [...walk(path.resolve("app")), ...walk(path.resolve("server"))].filter(
      (f) => /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f),
    );
    const patterns = [
      /\bt\(\s*"([a-zA-Z_][\w.-]*)"/g,
      /\w+Key="([a-zA-Z_][\w.-]*)"/g,
      /new AppError\("[a-z_]+", "([a-zA-Z_][\w.-]*)"/g,
      /message: "(validation\.[\w.-]+)"/g,
      /"(validation\.[\w]+)"\)/g,
    ];
    for (const file of sources) {
      const text = fs.readFileSync(file, "utf8");
      for (const pattern of patterns) for (const m of text.matchAll(pattern)) used.add(m[1]!);
    }
    const fr = new Set(namespaces.flatMap((ns) => [...keysOf("fr", ns)]));
    expect([...used].filter((k) => !fr.has(k))).toEqual([]);
  });

  it('shows counts with plural forms, never with a "(s)" construct', () => {
    // "offre(s)", "Anzeige(n)", "rapporto/i", "alteração(ões)": a count's words come from key_one / key
    const construct = /\p{L}\((?:s|n|en|e|es|x|i|a|ões)\)|\p{L}\/(?:i|e|s)\b/u;
    const flat = (o: Record<string, unknown>, prefix = ""): [string, string][] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === "object"
          ? flat(v as Record<string, unknown>, `${prefix}${k}.`)
          : [[`${prefix}${k}`, String(v)] as [string, string]],
      );
    const found = LANGUAGES.flatMap((lng) =>
      namespaces.flatMap((file) => {
        const file_ = path.join(root, lng, file);
        return fs.existsSync(file_)
          ? flat(JSON.parse(fs.readFileSync(file_, "utf8")))
              .filter(([, v]) => v.includes("{{count") && construct.test(v))
              .map(([k, v]) => `${lng}/${file} ${k}: ${v}`)
          : [];
      }),
    );
    expect(found).toEqual([]);
  });
});

describe("plurals", () => {
  const resources = Object.fromEntries(
    LANGUAGES.map((lng) => [
      lng,
      Object.fromEntries(
        namespaces.map((f) => [f.replace(/\.json$/, ""), JSON.parse(fs.readFileSync(path.join(root, lng, f), "utf8"))]),
      ),
    ]),
  );
  const t = async (lng: string) => {
    const i = i18next.createInstance();
    await i.init({ lng, fallbackLng: "en", resources, interpolation: { escapeValue: false } });
    return i.t.bind(i);
  };

  it("uses the singular for 0 and 1 in French, and for 1 only in English and German", async () => {
    const fr = await t("fr");
    expect([0, 1, 2].map((count) => fr("search:count", { count, number: String(count) }))).toEqual([
      "0 offre",
      "1 offre",
      "2 offres",
    ]);
    expect(fr("engagement:searches.count", { count: 1, max: 5 })).toBe("1 recherche enregistrée sur 5");
    expect(fr("common:nav.unreadNotifications", { count: 3 })).toBe("3 notifications non lues");
    expect(fr("mail:searchAlert.body", { count: 1, name: "Léa", search: "x", ads: "", manage: "" })).toContain(
      "1 nouvelle offre correspond à votre recherche",
    );
    const en = await t("en");
    expect([0, 1, 2].map((count) => en("search:count", { count, number: String(count) }))).toEqual([
      "0 jobs",
      "1 job",
      "2 jobs",
    ]);
    const de = await t("de");
    expect(de("planning:presence.others", { count: 1 })).toBe("1 weitere Person hier");
    expect(de("planning:presence.others", { count: 2 })).toBe("2 weitere Personen hier");
  });

  it("uses the plural for 0 in European Portuguese (i18next's \"pt\" rules are Brazil's, whose 0 is singular)", async () => {
    const pt = await t("pt");
    expect([0, 1, 2].map((count) => pt("search:count", { count, number: String(count) }))).toEqual([
      "0 ofertas",
      "1 oferta",
      "2 ofertas",
    ]);
  });

  it("gives every counted text its own form for 0 (key_zero), which i18next reads first in every language", () => {
    const missing = LANGUAGES.flatMap((lng) =>
      namespaces.flatMap((file) => {
        const keys = keysOf(lng, file);
        return [...keys]
          .filter((k) => k.endsWith("_one") && !keys.has(k.replace(/_one$/, "_zero")))
          .map((k) => `${lng}/${file} ${k}`);
      }),
    );
    expect(missing).toEqual([]);
  });
});
