import { describe, expect, it } from "vitest";
import type { LocationSearch } from "../../app/routes/_resources+/locations.search";
import { appHarness } from "../support/harness";

/** GET /locations/search (spec: "Place search needs at least 3 characters"), anonymously. */
const app = appHarness();

const search = async (params: Record<string, string>) => {
  const res = await fetch(`${app.url}/locations/search?${new URLSearchParams(params)}`, {
    redirect: "manual",
    headers: { Accept: "application/json" },
  });
  return {
    res,
    body: res.headers.get("content-type")?.includes("application/json") ? ((await res.json()) as LocationSearch) : null,
  };
};

describe("place search endpoint", () => {
  it("suggests Genève for 'gen' to anonymous visitors, cacheable for an hour", async () => {
    const { res, body } = await search({ q: "gen" });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("public, max-age=3600");
    expect(body!.localities.length).toBeGreaterThan(0);
    expect(body!.localities.length).toBeLessThanOrEqual(10);
    expect(body!.localities[0]).toMatchObject({
      id: "CH-1201-geneve",
      name: "Genève",
      postalCode: "1201",
      country: "CH",
      regionCode: "CH-GE",
    });
  }, 30_000);

  it("keeps to the country asked for", async () => {
    const french = await search({ q: "gen", country: "FR" });
    expect(french.body!.localities.length).toBeGreaterThan(0);
    expect(french.body!.localities.every((l) => l.country === "FR")).toBe(true);
    const swiss = await search({ q: "gen", country: "ch" });
    expect(swiss.body!.localities.every((l) => l.country === "CH")).toBe(true);
    // an unknown country is no filter
    const any = await search({ q: "gen", country: "XX" });
    expect(new Set(any.body!.localities.map((l) => l.country))).toEqual(new Set(["CH", "FR"]));
  });

  it("names the canton in the asker's language, as the search's canton filter does", async () => {
    const zurich = async (lng?: string) =>
      (await search({ q: "8001", ...(lng ? { lng } : {}) })).body!.localities.find((l) => l.regionCode === "CH-ZH")!
        .region;
    expect(await zurich("fr")).toBe("Zurich");
    expect(await zurich("de")).toBe("Zürich");
    expect(await zurich("it")).toBe("Zurigo");
    // French regions have one name
    expect((await search({ q: "69001", lng: "de" })).body!.localities[0]!.region).toBe("Auvergne-Rhône-Alpes");
  });

  it("finds a place by postal code", async () => {
    const { body } = await search({ q: "1003" });
    expect(body!.localities[0]).toMatchObject({ name: "Lausanne", postalCode: "1003" });
  });

  it.each([
    ["a script tag", "<script>alert(1)</script>"],
    ["SQL", "'; DROP TABLE users; --"],
    ["2 characters", "ge"],
    ["nothing", ""],
    ["5,000 characters", "x".repeat(5000)],
  ])("answers an empty list for %s", async (_kind, q) => {
    const { res, body } = await search({ q });
    expect(res.status).toBe(200);
    expect(body).toEqual({ localities: [] });
  });

  it("answers an empty list without a query", async () => {
    const res = await fetch(`${app.url}/locations/search`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ localities: [] });
  });
});
