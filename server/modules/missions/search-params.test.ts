import { describe, expect, it } from "vitest";
import { adSearchToQuery, emptyAdSearch, isEmptySearch, parseAdSearch, type AdSearch } from "./search-params";

const parse = (query: string) => parseAdSearch(new URLSearchParams(query));

describe("parseAdSearch", () => {
  it("keeps a lowest fit of the known levels only, and a sort by fit", () => {
    expect(parse("fit=85&sort=fit")).toMatchObject({ minFit: 85, sort: "fit" });
    for (const odd of ["fit=60", "fit=abc", "fit=-50", "fit="]) expect(parse(odd).minFit, odd).toBeNull();
    expect(adSearchToQuery({ ...emptyAdSearch(), minFit: 50, sort: "fit" })).toBe("fit=50&sort=fit");
  });

  it("reads every field of the search form", () => {
    const s = parse(
      "q=+électricien+&sector=construction&profession=electrician&jobType=full_time&contract=temporary&contract=permanent" +
        "&rateMin=80&country=CH&region=CH-GE&region=ch-vd&availability=within14&salaryMin=4%27500&placeId=CH-1201-geneve&placeText=Gen%C3%A8ve&radius=20&sort=distance&fit=70&page=3",
    );
    expect(s).toEqual<AdSearch>({
      q: "électricien",
      sector: ["construction"],
      profession: ["electrician"],
      jobType: ["full_time"],
      contract: ["temporary", "permanent"],
      rateMin: 80,
      country: "CH",
      region: ["CH-GE", "CH-VD"],
      availability: "within14",
      salaryMin: 4500,
      placeId: "CH-1201-geneve",
      placeText: "Genève",
      radiusKm: 20,
      sort: "distance",
      minFit: 70,
      page: 3,
    });
  });

  it("gives the empty search for no query at all", () => {
    expect(parse("")).toEqual(emptyAdSearch());
    expect(isEmptySearch(parse(""))).toBe(true);
    expect(isEmptySearch(parse("sort=salary&page=4"))).toBe(true);
    expect(isEmptySearch(parse("q=x"))).toBe(false);
  });

  it("drops unknown and malformed values instead of failing", () => {
    const s = parse(
      "sector=nope&sector=construction&sector=construction&profession=%27%3B+drop+table--&jobType=&contract=TEMPORARY" +
        "&rateMin=abc&country=DE&region=%3Cscript%3E&region=CH-GE%22+OR+1%3D1&availability=tomorrow&salaryMin=-5" +
        "&placeId=..%2F..%2Fetc&radius=7&sort=random&page=-2",
    );
    expect(s).toEqual({ ...emptyAdSearch(), sector: ["construction"] });
  });

  it("bounds numbers: rate within 1–100 %, salary positive, the page within what the index can reach", () => {
    expect(parse("rateMin=0").rateMin).toBeNull();
    expect(parse("rateMin=150").rateMin).toBeNull();
    expect(parse("rateMin=49.6").rateMin).toBe(50);
    expect(parse("salaryMin=0").salaryMin).toBeNull();
    expect(parse("salaryMin=1e9").salaryMin).toBeNull();
    expect(parse("salaryMin=32,50").salaryMin).toBe(32.5);
    expect(parse("page=1.5").page).toBe(1);
    expect(parse("page=9999").page).toBe(50);
  });

  it("trims and cuts a very long text, and removes control characters", () => {
    const s = parse(new URLSearchParams({ q: `  ${"a".repeat(5000)}`, placeText: "Lyon\u0000\n" }).toString());
    expect(s.q).toHaveLength(200);
    expect(s.placeText).toBe("Lyon");
  });

  it("keeps SQL and HTML fragments as plain text to search for", () => {
    expect(parse(new URLSearchParams({ q: "'; drop table--" }).toString()).q).toBe("'; drop table--");
    expect(parse(new URLSearchParams({ q: "<script>alert(1)</script>" }).toString()).q).toBe(
      "<script>alert(1)</script>",
    );
  });

  it("sorts by date when a distance is asked without a place", () => {
    expect(parse("sort=distance").sort).toBe("date");
    expect(parse("sort=distance&placeText=Lyon").sort).toBe("distance");
  });
});

describe("adSearchToQuery", () => {
  it("leaves defaults out and repeats multi-valued keys", () => {
    expect(adSearchToQuery(emptyAdSearch())).toBe("");
    const s = {
      ...emptyAdSearch(),
      q: "chef d'équipe",
      contract: ["temporary", "permanent"],
      radiusKm: 50,
      placeId: "CH-1201-geneve",
      page: 2,
    };
    expect(adSearchToQuery(s)).toBe(
      "q=chef+d%27%C3%A9quipe&contract=temporary&contract=permanent&placeId=CH-1201-geneve&radius=50",
    );
    expect(adSearchToQuery(s, { withPage: true })).toBe(`${adSearchToQuery(s)}&page=2`);
  });

  it("round-trips: parsing the canonical query gives the same search, and the query is stable", () => {
    const queries = [
      "",
      "q=cuisinier&sort=relevance",
      "contract=permanent&contract=temporary&sector=hospitality&sector=construction&page=7",
      "rateMin=60&country=FR&region=FR-84&availability=more14&salaryMin=3200.5&placeText=Lyon&radius=100&sort=salary",
      "placeId=CH-1003-lausanne&sort=distance&radius=5&profession=cook&profession=waiter&jobType=on_call&jobType=part_time",
      "q=%3Cb%3E%27%3B--&region=CH-VD&region=CH-GE",
    ];
    for (const query of queries) {
      const s = parse(query);
      const canonical = adSearchToQuery(s, { withPage: true });
      expect(parse(canonical), query).toEqual(s);
      expect(adSearchToQuery(parse(canonical), { withPage: true }), query).toBe(canonical);
    }
    // the order of repeated values does not change the canonical URL
    expect(adSearchToQuery(parse("contract=permanent&contract=temporary"))).toBe(
      adSearchToQuery(parse("contract=temporary&contract=permanent")),
    );
  });
});
