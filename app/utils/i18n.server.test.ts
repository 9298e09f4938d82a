import { createInstance } from "i18next";
import { describe, expect, it } from "vitest";
import { memoizeTranslations } from "./i18n.server";

const resources = {
  fr: {
    common: {
      hello: "Bonjour",
      named: "Bonjour {{name}}",
      jobs_one: "{{count}} offre",
      jobs_other: "{{count}} offres",
      nested: { title: "Titre" },
    },
    other: { word: "Mot" },
  },
  en: { common: { hello: "Hello", fallbackOnly: "Only in English" } },
};

async function pair() {
  const init = {
    lng: "fr",
    fallbackLng: "en",
    ns: ["common", "other"],
    defaultNS: "common",
    resources,
    interpolation: { escapeValue: false },
  };
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
      for (const [key, options] of calls)
        expect(kept.t(key, options as never), `${key} (round ${round})`).toEqual(plain.t(key, options as never));
    for (const lng of ["fr", "en"]) {
      const [a, b] = [plain.getFixedT(lng, "common", "nested"), kept.getFixedT(lng, "common", "nested")];
      expect(b("title")).toBe(a("title"));
      expect(kept.getFixedT(lng)("hello")).toBe(plain.getFixedT(lng)("hello"));
      expect(kept.getFixedT(lng)("hello")).toBe(lng === "fr" ? "Bonjour" : "Hello");
    }
  });

  it("gives components one fixed t per language, namespaces and prefix, translating as i18next's", async () => {
    const { plain, kept } = await pair();
    expect(kept.getFixedT("fr", ["other", "common"])).toBe(kept.getFixedT("fr", ["other", "common"]));
    expect(kept.getFixedT("fr", "other")).not.toBe(kept.getFixedT("en", "other"));
    for (const round of [1, 2])
      for (const [lng, ns, prefix] of [
        ["fr", "common"],
        ["en", "common"],
        ["fr", ["other", "common"]],
        ["fr", "common", "nested"],
      ] as const) {
        const [a, b] = [plain.getFixedT(lng, ns as never, prefix), kept.getFixedT(lng, ns as never, prefix)];
        for (const key of ["hello", "word", "other:word", "title", "fallbackOnly", "missing.key"])
          expect(b(key), `${lng} ${String(ns)} ${key} (round ${round})`).toEqual(a(key));
        expect(b("named", { name: "Ana" })).toEqual(a("named", { name: "Ana" }));
        expect(b("jobs", { count: round })).toEqual(a("jobs", { count: round }));
        expect(b(["missing", "hello"])).toEqual(a(["missing", "hello"]));
        expect(b("missing", "Par défaut")).toEqual(a("missing", "Par défaut"));
        expect(b("jobs", { count: "1" } as never)).toEqual(a("jobs", { count: "1" } as never));
        expect(b("named", { name: { first: "Ana" } })).toEqual(a("named", { name: { first: "Ana" } }));
      }
    // past the calls a fixed t keeps: the oldest go, answers stay right
    const [a, b] = [plain.getFixedT("fr"), kept.getFixedT("fr")];
    for (let n = 0; n < 2_100; n++) expect(b("jobs", { count: n })).toBe(a("jobs", { count: n }));
    expect(b("jobs", { count: 0 })).toBe("0 offre");
    expect(b("named", { name: "Ana" })).toBe("Bonjour Ana");
  });
});
