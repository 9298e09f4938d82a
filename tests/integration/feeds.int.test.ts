import { describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { FEED_SCHEMAS, validateJson, validateXml } from "../support/feed-validation";
import { appHarness } from "../support/harness";

/**
 * The job boards' feeds over HTTP with the real app and the demo data (ads in both countries,
 * posted to boards by country): each validates against its format's schema and holds exactly
 * the online ads posted to that board.
 */

const app = appHarness({}, 120_000);

const get = (path: string) => fetch(`${app.url}${path}`, { redirect: "manual" });

/** What the board should get: the online ads whose job boards hold its code. */
async function onlineIdsOf(code: string) {
  const rows = await app.services.sql<
    { id: number }[]
  >`select id::int as id from rm_ads where status = 'online' and ${code} = any(job_boards) order by id`;
  return rows.map((r) => r.id);
}

async function countriesOf(ids: number[]) {
  const rows = await app.services.sql<
    { country: string }[]
  >`select distinct country from rm_ads where id = any(${ids}::bigint[]) order by country`;
  return rows.map((r) => r.country);
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** The text of every `name` element of an XML document. */
function texts(xml: string, name: string) {
  const root = create({ skipWhitespaceOnlyText: false }, xml).root().node as unknown as Element;
  return Array.from(root.getElementsByTagName(name)).map((el) => el.textContent ?? "");
}

interface JsonFeed {
  source: { code: string; name: string };
  count: number;
  jobs: {
    identifier: { value: string };
    url: string;
    applyUrl: string;
    jobLocation: { address: { addressCountry: string } };
  }[];
}

describe("the demo data", () => {
  it("has online ads in both countries, and ads that are not posted to every board", async () => {
    const [row] = await app.services.sql<
      { total: number }[]
    >`select count(*)::int as total from rm_ads where status = 'online'`;
    const total = row?.total ?? 0;
    for (const code of ["S02", "S03", "S05"]) {
      const ids = await onlineIdsOf(code);
      expect(ids.length, code).toBeGreaterThan(0);
      expect(ids.length, code).toBeLessThan(total);
    }
    expect(await countriesOf(await onlineIdsOf("S02"))).toEqual(["CH", "FR"]);
  });
});

describe("/partners/export/{s}/xml", () => {
  it("gives Indeed (S02) Indeed's XML with its online ads of both countries", async () => {
    const res = await get("/partners/export/S02/xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(await validateXml(xml, FEED_SCHEMAS.indeed)).toEqual([]);

    const ids = texts(xml, "referencenumber").map(Number);
    expect(sorted(ids)).toEqual(await onlineIdsOf("S02"));
    expect(texts(xml, "country").sort()).toEqual(expect.arrayContaining(["CH", "FR"]));
    for (const url of texts(xml, "url")) expect(url).toMatch(/\/annonce\/\d+\/S02$/);
    for (const url of texts(xml, "applyurl")) expect(url).toMatch(/\/job\/[a-z0-9-]+\/S02\/apply$/);
    expect(texts(xml, "applyurl")).toHaveLength(ids.length);
  });

  it("gives jobs.ch (S03) JobCloud's XML with its online ads, none of them French", async () => {
    const res = await get("/partners/export/S03/xml");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/xml; charset=utf-8");
    const xml = await res.text();
    expect(await validateXml(xml, FEED_SCHEMAS.jobcloud)).toEqual([]);

    const ids = texts(xml, "INSERATID").map(Number);
    expect(sorted(ids)).toEqual(await onlineIdsOf("S03"));
    expect(await countriesOf(ids)).toEqual(["CH"]);
    expect(new Set(texts(xml, "LAND"))).toEqual(new Set(["CH"]));
    expect(new Set(texts(xml, "GEHALT_WAEHRUNG"))).toEqual(new Set(["CHF"]));
    for (const url of texts(xml, "URL")) expect(url).toMatch(/\/annonce\/\d+\/S03$/);
    for (const url of texts(xml, "BEWERBEN_URL")) expect(url).toMatch(/\/job\/[a-z0-9-]+\/S03\/apply$/);
  });
});

describe("/partners/export/{s}/json", () => {
  it.each([
    ["S02", ["CH", "FR"]],
    ["S05", ["FR"]],
  ])("gives %s schema.org JobPostings of its online ads (%j)", async (code, countries) => {
    const res = await get(`/partners/export/${code}/json`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/json; charset=utf-8");
    const feed = (await res.json()) as JsonFeed;
    expect(validateJson(feed, FEED_SCHEMAS.json)).toEqual([]);

    expect(feed.source.code).toBe(code);
    const ids = feed.jobs.map((j) => Number(j.identifier.value));
    expect(sorted(ids)).toEqual(await onlineIdsOf(code));
    expect(feed.count).toBe(ids.length);
    expect([...new Set(feed.jobs.map((j) => j.jobLocation.address.addressCountry))].sort()).toEqual(countries);
    expect(await countriesOf(ids)).toEqual(countries);
    for (const j of feed.jobs) {
      expect(j.url).toMatch(new RegExp(`^${app.url}/annonce/${j.identifier.value}/${code}$`));
      expect(j.applyUrl).toMatch(new RegExp(`/job/[a-z0-9-]+/${code}/apply$`));
    }
  });
});

describe("what is not a feed", () => {
  it.each([
    "/partners/export/S99/xml",
    "/partners/export/S02/csv",
    "/partners/export/abc/xml",
    "/partners/export/s02/xml",
  ])("%s is not found", async (path) => {
    const res = await get(path);
    expect(res.status).toBe(404);
    await res.body?.cancel();
  });
});
