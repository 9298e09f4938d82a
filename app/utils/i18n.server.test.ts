import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { memoizeTranslations } from "./i18n.server";

const resources = {
  fr: { common: { hello: "Bonjour", named: "Bonjour {{name}}", jobs_one: "{{count}} offre", jobs_other: "{{count}} offres", nested: { title: "Titre" } }, other: { word: "Mot" } },
  en: { common: { hello: "Hello", fallbackOnly: "Only in English" } },
};

async function pair() {
  const init = { lng: "fr", fallbackLng: "en", ns: ["common", "other"], defaultNS: "common", resources, interpolation: { escapeValue: false } };
  const plain = createInstance();
  await plain.init(init);
  const kept = createInstance();
  await kept.init(init);
  return { plain, kept: memoizeTranslations(kept) };
}

describe("memoizeTranslations", () => {
  it("translates every kind of call as i18next does, twice over", async () => {
    const { plain, kept } = await pair();
    const calls: [string, Record<string, unknown>?][] = [
      ["hello"],
      ["other:word"],
      ["named", { name: "Ana" }],
      ["named", { name: "Luc" }],
      ["jobs", { count: 1 }],
      ["jobs", { count: 3 }],
      ["nested.title"],
      ["fallbackOnly"],
      ["missing.key"],
      ["missing", { defaultValue: "Par défaut" }],
    ];
    for (const round of [1, 2])
      for (const [key, options] of calls) expect(kept.t(key, options as never), `${key} (round ${round})`).toEqual(plain.t(key, options as never));
    for (const lng of ["fr", "en"]) {
      const [a, b] = [plain.getFixedT(lng, "common", "nested"), kept.getFixedT(lng, "common", "nested")];
      expect(b("title")).toBe(a("title"));
      expect(kept.getFixedT(lng)("hello")).toBe(plain.getFixedT(lng)("hello"));
      expect(kept.getFixedT(lng)("hello")).toBe(lng === "fr" ? "Bonjour" : "Hello");
    }
  });
});
