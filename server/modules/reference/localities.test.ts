import { beforeAll, describe, expect, it } from "vitest";
import {
  bestLocality,
  loadLocalities,
  localityById,
  normalizePlaceName,
  REGIONS,
  searchLocalities,
} from "./localities";

beforeAll(() => {
  loadLocalities(); // builds the index once (about 2 s) rather than inside the first test
}, 30_000);

const names = (query: string, opts?: Parameters<typeof searchLocalities>[1]) =>
  searchLocalities(query, opts).map((l) => l.name);

describe("place search", () => {
  it("finds Genève from 'gen', in the canton of Geneva, at its coordinates", () => {
    const [first] = searchLocalities("gen");
    expect(first).toMatchObject({
      name: "Genève",
      country: "CH",
      region: "Genève",
      regionCode: "CH-GE",
      postalCode: "1201",
      id: "CH-1201-geneve",
    });
    expect(first!.lat).toBeCloseTo(46.2, 1);
    expect(first!.lng).toBeCloseTo(6.14, 1);
  });

  it("finds Lyon from 'lyo', with a 69xxx postal code, its region and department", () => {
    const lyon = searchLocalities("lyo")[0]!;
    expect(lyon).toMatchObject({
      name: "Lyon",
      country: "FR",
      region: "Auvergne-Rhône-Alpes",
      regionCode: "FR-84",
      department: "Rhône",
      departmentCode: "69",
    });
    expect(lyon.postalCode).toMatch(/^69\d{3}$/);
    expect(lyon.id).toBe(`FR-69123-${lyon.postalCode}`);
    expect(lyon.lat).toBeCloseTo(45.75, 1);
    // one line per commune in a name search, not one per postal code
    expect(names("lyo").filter((n) => n === "Lyon")).toHaveLength(1);
  });

  it("finds Lausanne by its postal code", () => {
    expect(searchLocalities("1003")[0]).toMatchObject({ name: "Lausanne", postalCode: "1003", regionCode: "CH-VD" });
  });

  it("lists every locality of a postal-code prefix, in code order", () => {
    const codes = searchLocalities("6900", { country: "FR", limit: 20 }).map((l) => l.postalCode);
    expect(codes.slice(0, 9)).toEqual([
      "69001",
      "69002",
      "69003",
      "69004",
      "69005",
      "69006",
      "69007",
      "69008",
      "69009",
    ]);
  });

  it.each(["saint etienne", "st-etienne", "St Etienne", "SAINT-ÉTIENNE", "st. étienne", "saint'etienne"])(
    "finds Saint-Étienne from %j",
    (query) => {
      expect(searchLocalities(query)[0]).toMatchObject({
        name: "Saint-Étienne",
        postalCode: "42000",
        regionCode: "FR-84",
      });
    },
  );

  it("matches the start of a later word too", () => {
    expect(names("etienne")).toContain("Saint-Étienne");
    expect(names("gallen", { country: "CH" })).toContain("St. Gallen");
  });

  it("ignores accents and case", () => {
    expect(searchLocalities("zurich")[0]).toMatchObject({ name: "Zürich", regionCode: "CH-ZH" });
    expect(searchLocalities("NEUCHATEL")[0]).toMatchObject({ name: "Neuchâtel", regionCode: "CH-NE" });
    expect(searchLocalities("geneve")[0]).toMatchObject({ name: "Genève" });
  });

  it("puts exact names before longer ones, and bigger places first", () => {
    expect(names("paris")[0]).toBe("Paris");
    expect(names("marseil")[0]).toBe("Marseille");
    const stEtienne = names("saint-etienne");
    expect(stEtienne.indexOf("Saint-Étienne")).toBeLessThan(stEtienne.indexOf("Saint-Étienne-du-Rouvray"));
  });

  it("reads 'st' as an unfinished word as well as 'saint'", () => {
    expect(names("stras")).toContain("Strasbourg");
    expect(names("st gal", { country: "CH" })[0]).toBe("St. Gallen");
  });

  it("needs 3 characters", () => {
    expect(searchLocalities("ge")).toEqual([]);
    expect(searchLocalities("  ly  ")).toEqual([]);
    expect(searchLocalities("l-y")).toEqual([]);
    expect(searchLocalities("")).toEqual([]);
  });

  it.each([
    ["SQL", "'; DROP TABLE users; --"],
    ["SQL", "' OR 1=1 --"],
    ["HTML", "<script>alert(1)</script>"],
    ["HTML", '"><img src=x onerror=alert(1)>'],
    ["5,000 characters", "a".repeat(5000)],
    ["5,000 characters", "Lyon ".repeat(1000)],
    ["symbols only", "!!!@@@###$$$%%%"],
    ["symbols only", "\u0000\u0001\u200b\ufeff…"],
    ["regex", ".*+?^${}()|[]\\"],
  ])("gives nothing for odd input (%s) without throwing", (_kind, query) => {
    expect(searchLocalities(query)).toEqual([]);
    expect(bestLocality(query)).toBeUndefined();
  });

  it("gives nothing for non-string input", () => {
    expect(searchLocalities(undefined as unknown as string)).toEqual([]);
    expect(searchLocalities(42 as unknown as string)).toEqual([]);
  });

  it("filters by country", () => {
    const swiss = searchLocalities("gen", { country: "CH" });
    const french = searchLocalities("gen", { country: "FR" });
    expect(swiss.length).toBeGreaterThan(0);
    expect(french.length).toBeGreaterThan(0);
    expect(swiss.every((l) => l.country === "CH")).toBe(true);
    expect(french.every((l) => l.country === "FR")).toBe(true);
    expect(french.map((l) => l.name)).not.toContain("Genève");
    expect(searchLocalities("1003", { country: "FR" }).map((l) => l.name)).not.toContain("Lausanne");
  });

  it("returns 10 results by default and never more than 20", () => {
    expect(searchLocalities("sai")).toHaveLength(10);
    expect(searchLocalities("sai", { limit: 3 })).toHaveLength(3);
    expect(searchLocalities("sai", { limit: 500 })).toHaveLength(20);
    expect(searchLocalities("sai", { limit: 0 })).toHaveLength(10);
  });

  it("gives every locality a region, a postal code or canton, and coordinates in its country", () => {
    const sample = [
      ...searchLocalities("sai", { limit: 20 }),
      ...searchLocalities("ber", { limit: 20 }),
      ...searchLocalities("vil", { limit: 20, country: "CH" }),
    ];
    const codes = new Set(REGIONS.map((r) => r.code));
    for (const l of sample) {
      expect(codes.has(l.regionCode), l.id).toBe(true);
      expect(Number.isFinite(l.lat) && Number.isFinite(l.lng), l.id).toBe(true);
      if (l.country === "CH") {
        expect(l.lat).toBeGreaterThan(45.8);
        expect(l.lat).toBeLessThan(47.9);
        expect(l.lng).toBeGreaterThan(5.9);
        expect(l.lng).toBeLessThan(10.5);
      } else expect(l.department, l.id).toBeTruthy();
    }
  });
});

describe("localities by id", () => {
  it("finds a locality by its stable id", () => {
    expect(localityById("FR-69123-69001")).toMatchObject({ name: "Lyon", postalCode: "69001" });
    expect(localityById("CH-1201-geneve")).toMatchObject({ name: "Genève", postalCode: "1201" });
  });

  it("returns the same id for the same place on every search", () => {
    for (const l of searchLocalities("lau", { limit: 20 })) expect(localityById(l.id)).toEqual(l);
  });

  it("gives undefined for unknown or odd ids", () => {
    expect(localityById("FR-00000-00000")).toBeUndefined();
    expect(localityById("")).toBeUndefined();
    expect(localityById("x".repeat(5000))).toBeUndefined();
  });
});

describe("the best locality for free text (forms without JavaScript)", () => {
  it.each([
    ["1201 Genève", "CH-1201-geneve"],
    ["Genève 1201", "CH-1201-geneve"],
    ["Genève (1201, Genève)", "CH-1201-geneve"],
    ["geneve", "CH-1201-geneve"],
    ["Lyon", "FR-69123-69001"],
    ["69003 Lyon", "FR-69123-69003"],
    ["Lyon (69003, Auvergne-Rhône-Alpes)", "FR-69123-69003"],
    ["1003", "CH-1003-lausanne"],
    ["Saint-Étienne", "FR-42218-42000"],
  ])("%j is %s", (text, id) => {
    expect(bestLocality(text)?.id).toBe(id);
  });

  it("does not guess from an unfinished name", () => {
    expect(bestLocality("Lyo")).toBeUndefined();
    expect(bestLocality("ge")).toBeUndefined();
  });

  it("keeps to the country asked for", () => {
    expect(bestLocality("Fribourg", "CH")).toMatchObject({ country: "CH", regionCode: "CH-FR" });
    expect(bestLocality("Fribourg", "FR")).toMatchObject({ country: "FR", regionCode: "FR-44" });
    expect(bestLocality("1201 Genève", "FR")).toBeUndefined();
  });
});

describe("regions", () => {
  it("has the 26 cantons with their names in the five languages", () => {
    const cantons = REGIONS.filter((r) => r.country === "CH");
    expect(cantons).toHaveLength(26);
    expect(cantons.find((r) => r.code === "CH-GE")).toMatchObject({
      name: "Genève",
      names: { de: "Genf", fr: "Genève", it: "Ginevra", en: "Geneva" },
    });
    expect(cantons.find((r) => r.code === "CH-ZH")?.name).toBe("Zürich");
    expect(cantons.find((r) => r.code === "CH-TI")?.name).toBe("Ticino");
  });

  it("has the French regions, metropolitan and overseas", () => {
    const french = REGIONS.filter((r) => r.country === "FR");
    expect(french).toHaveLength(18);
    expect(french.find((r) => r.code === "FR-84")?.name).toBe("Auvergne-Rhône-Alpes");
    expect(french.find((r) => r.code === "FR-11")?.name).toBe("Île-de-France");
  });

  it("has codes unique across both countries", () => {
    expect(new Set(REGIONS.map((r) => r.code)).size).toBe(REGIONS.length);
    expect(REGIONS.every((r) => r.code.startsWith(`${r.country}-`))).toBe(true);
  });
});

describe("name normalisation", () => {
  it.each([
    ["Saint-Étienne", "saint etienne"],
    ["St-Étienne", "saint etienne"],
    ["Ste-Croix", "sainte croix"],
    ["L'Haÿ-les-Roses", "l hay les roses"],
    ["Zürich", "zurich"],
    ["Œuilly", "oeuilly"],
  ])("%j → %j", (name, key) => {
    expect(normalizePlaceName(name)).toBe(key);
  });
});
