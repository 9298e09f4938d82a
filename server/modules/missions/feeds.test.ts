import { describe, expect, it } from "vitest";
import { create } from "xmlbuilder2";
import { FEED_SCHEMAS, validateJson, validateXml } from "../../../tests/support/feed-validation";
import { sampleAdFields } from "../../../tests/support/missions";
import { jsonFeed, renderFeed, type FeedOptions } from "./feeds";
import type { PublicAd } from "./queries";
import { JOB_BOARDS, slugify } from "./rules";

/**
 * The boards' feeds against the published structure of each format (tests/fixtures/feeds):
 * Indeed's XML, JobCloud's XML (jobs.ch, jobup.ch) and schema.org JobPostings in JSON.
 */

type Board = (typeof JOB_BOARDS)[number];
const PUBLIC_URL = "https://missio.example";
const NOW = new Date("2025-03-10T06:00:00Z");
const board = (code: string) => JOB_BOARDS.find((b) => b.code === code)!;
const optsFor = (b: Board): FeedOptions => ({
  board: b,
  publicUrl: `${PUBLIC_URL}/`,
  now: NOW,
  professionName: (id, language) => `${id} (${language})`,
  jobcloudOrganisationId: 4711,
});
const xsdOf = (b: Board) => (b.xml === "jobcloud" ? FEED_SCHEMAS.jobcloud : FEED_SCHEMAS.indeed);

let nextId = 10_001;
/** An online ad as adsForBoard returns it, without a database. */
function publicAd(fields: Parameters<typeof sampleAdFields>[0] = {}, extra: Partial<PublicAd> = {}): PublicAd {
  const f = sampleAdFields(fields);
  return {
    id: nextId++,
    slug: slugify(`${f.title} ${f.place.name}`),
    agencyId: "00000000-0000-4000-8000-00000000a001",
    agencyName: "Agence Léman Intérim",
    branchId: null,
    branchName: null,
    clientName: "Bâtiments & Fils SA",
    contactName: "Anne Dupont",
    contactEmail: "anne.dupont@example.test",
    fields: f,
    descriptionText: f.description.replace(/<[^>]+>/g, " "),
    publishedAt: new Date("2025-03-04T08:30:00Z"),
    updatedAt: new Date("2025-03-05T09:00:00Z"),
    ...extra,
  };
}

/** A mix of what ads can be: both countries, every contract, with and without salary, dates, ids. */
const ADS: PublicAd[] = [
  publicAd(),
  publicAd(
    {
      at: "lausanne",
      title: "Assistante de direction",
      contract: "permanent",
      jobType: "part_time",
      activityRateMin: 50,
      activityRateMax: 60,
      salaryMin: 5200,
      salaryMax: 5200,
      salaryPeriod: "month",
      commitment: "to_agree",
      commitmentDate: null,
      internalId: "REF-42",
      language: "de",
    },
    { clientName: null },
  ),
  publicAd({
    at: "lyon",
    title: "Cariste (H/F)",
    contract: "fixed_term",
    jobType: "shift_work",
    salaryMin: 24_000,
    salaryMax: null,
    salaryPeriod: "year",
    language: "fr",
    qualification: "",
    slots: "",
  }),
  publicAd({
    at: "lyon",
    title: "Stagiaire logistique",
    contract: "internship",
    jobType: "on_call",
    salaryMin: null,
    salaryMax: null,
    commitment: "undetermined",
    commitmentDate: null,
  }),
  publicAd({
    title: "Apprenti maçon",
    contract: "apprenticeship",
    hideSalary: true,
    salaryMin: 900,
    salaryMax: 1200,
    salaryPeriod: "month",
    language: "it",
  }),
];

/**
 * A parsed XML document (xmlbuilder2's DOM, whitespace kept as a board's parser would keep it);
 * CDATA sections read back as text. Well-formedness is xmllint's to judge (validateXml).
 */
const parseXml = (xml: string) => create({ skipWhitespaceOnlyText: false }, xml).root().node as unknown as Element;
const all = (root: Element, name: string) => Array.from(root.getElementsByTagName(name));
const textOf = (parent: Element, name: string) => {
  const found = all(parent, name);
  return found.length ? found[0]!.textContent : null;
};
const xmlItems = (b: Board, xml: string) => all(parseXml(xml), b.xml === "jobcloud" ? "INSERAT" : "job");

describe.each(JOB_BOARDS.map((b) => [b.code, b] as const))("feeds of %s", (code, b) => {
  const opts = optsFor(b);

  it(`validates its XML (${b.xml}) against the board's schema`, async () => {
    const { body, contentType } = renderFeed("xml", ADS, opts);
    expect(contentType).toBe("application/xml; charset=utf-8");
    expect(await validateXml(body, xsdOf(b))).toEqual([]);
    expect(xmlItems(b, body)).toHaveLength(ADS.length);
  });

  it("validates its JSON against the JobPosting schema", () => {
    const { body, contentType } = renderFeed("json", ADS, opts);
    expect(contentType).toBe("application/json; charset=utf-8");
    const feed = JSON.parse(body) as { source: unknown; count: number; jobs: unknown[]; generatedAt: string };
    expect(validateJson(feed, FEED_SCHEMAS.json)).toEqual([]);
    expect(feed.source).toEqual({ code, name: b.name });
    expect(feed.count).toBe(ADS.length);
    expect(feed.jobs).toHaveLength(ADS.length);
    expect(feed.generatedAt).toBe(NOW.toISOString());
  });

  it("is still a valid feed without any ad", async () => {
    expect(await validateXml(renderFeed("xml", [], opts).body, xsdOf(b))).toEqual([]);
    const feed = JSON.parse(renderFeed("json", [], opts).body) as { count: number; jobs: unknown[] };
    expect(validateJson(feed, FEED_SCHEMAS.json)).toEqual([]);
    expect(feed).toMatchObject({ count: 0, jobs: [] });
  });

  it("carries the board's source code in every link", () => {
    const page = (ad: PublicAd) => `${PUBLIC_URL}/annonce/${ad.id}/${code}`;
    const apply = (ad: PublicAd) => `${PUBLIC_URL}/job/${ad.slug}/${code}/apply`;
    const [urlTag, applyTag, idTag] =
      b.xml === "jobcloud" ? ["URL", "BEWERBEN_URL", "INSERATID"] : ["url", "applyurl", "referencenumber"];
    const items = xmlItems(b, renderFeed("xml", ADS, opts).body);
    expect(items.map((i) => [textOf(i, idTag), textOf(i, urlTag), textOf(i, applyTag)])).toEqual(
      ADS.map((ad) => [String(ad.id), page(ad), apply(ad)]),
    );

    const jobs = jsonFeed(ADS, opts).jobs;
    expect(jobs.map((j) => [j.identifier.value, j.url, j.applyUrl])).toEqual(
      ADS.map((ad) => [String(ad.id), page(ad), apply(ad)]),
    );
    // no link of any format points elsewhere or to another source
    const links = [
      ...renderFeed("xml", ADS, opts).body.matchAll(/https?:\/\/[^\s<\]"]+/g),
      ...renderFeed("json", ADS, opts).body.matchAll(/https?:\/\/[^\s<\]"]+/g),
    ]
      .map((m) => m[0])
      .filter((u) => u.replace(/\/$/, "") !== PUBLIC_URL && u !== "https://schema.org");
    expect(links.length).toBeGreaterThan(0);
    for (const link of links)
      expect(link).toMatch(new RegExp(`^${PUBLIC_URL}/(annonce/\\d+/${code}|job/[a-z0-9-]+/${code}/apply)$`));
  });
});

describe("dialects", () => {
  it("gives the Swiss boards (jobs.ch, jobup.ch) JobCloud's XML and the others Indeed's", () => {
    expect(JOB_BOARDS.filter((b) => b.xml === "jobcloud").map((b) => b.code)).toEqual(["S03", "S04"]);
    for (const b of JOB_BOARDS) {
      const root = parseXml(renderFeed("xml", ADS, optsFor(b)).body);
      const swissOnly = b.countries.length === 1 && b.countries[0] === "CH";
      expect([b.code, root.nodeName]).toEqual([b.code, swissOnly ? "JOBS" : "source"]);
    }
  });

  it("fills JobCloud's fields from the ad", () => {
    const [ad] = ADS;
    const item = xmlItems(board("S03"), renderFeed("xml", [ad!], optsFor(board("S03"))).body)[0]!;
    const values = Object.fromEntries(Array.from(item.children).map((el) => [el.nodeName, el.textContent]));
    expect(values).toMatchObject({
      ORGANISATIONID: "4711",
      INSERATID: String(ad!.id),
      BERUF: "Électricien de chantier",
      ORT: "Genève",
      PLZ: "1201",
      REGION: "CH-GE",
      LAND: "CH",
      ANSTELLUNGSGRAD: "80",
      ANSTELLUNGSGRAD_BIS: "100",
      ANSTELLUNGSART: "2",
      GEHALT_MIN: "32",
      GEHALT_MAX: "38",
      GEHALT_WAEHRUNG: "CHF",
      GEHALT_PERIODE: "HOUR",
      GEHALT_SICHTBAR: "1",
      FIRMA: "Agence Léman Intérim",
    });
  });
});

describe("a hidden salary", () => {
  const hidden = publicAd({ hideSalary: true, salaryMin: 31, salaryMax: 39, salaryPeriod: "hour" });
  const shown = publicAd({ hideSalary: false, salaryMin: 31, salaryMax: 39, salaryPeriod: "hour" });

  it("is in no format, while a shown one is in all", async () => {
    for (const b of [board("S02"), board("S03")]) {
      const opts = optsFor(b);
      const hiddenXml = renderFeed("xml", [hidden], opts).body;
      const shownXml = renderFeed("xml", [shown], opts).body;
      expect(await validateXml(hiddenXml, xsdOf(b))).toEqual([]);
      for (const amount of ["31", "39"]) {
        expect(hiddenXml).not.toContain(amount);
        expect(shownXml).toContain(amount);
      }
      const item = xmlItems(b, hiddenXml)[0]!;
      if (b.xml === "jobcloud") {
        for (const tag of ["GEHALT_MIN", "GEHALT_MAX", "GEHALT_WAEHRUNG", "GEHALT_PERIODE"])
          expect(textOf(item, tag)).toBeNull();
        expect(textOf(item, "GEHALT_SICHTBAR")).toBe("0");
        expect(textOf(xmlItems(b, shownXml)[0]!, "GEHALT_SICHTBAR")).toBe("1");
      } else {
        expect(textOf(item, "salary")).toBeNull();
        expect(textOf(xmlItems(b, shownXml)[0]!, "salary")).toBe("31-39 CHF per hour");
      }
      const [hiddenJob] = jsonFeed([hidden], opts).jobs;
      const [shownJob] = jsonFeed([shown], opts).jobs;
      expect(hiddenJob).not.toHaveProperty("baseSalary");
      expect(JSON.stringify(hiddenJob)).not.toMatch(/"(minValue|maxValue)"/);
      expect(shownJob?.baseSalary).toEqual({
        "@type": "MonetaryAmount",
        currency: "CHF",
        value: { "@type": "QuantitativeValue", minValue: 31, maxValue: 39, unitText: "HOUR" },
      });
    }
  });
});

describe("text that looks like markup", () => {
  const title = 'Chef ]]> d\'équipe <script>alert("x")</script> & Co ]]';
  const description = '<p>Béton &amp; acier ]]> <b>x</b></p><script>alert(1)</script> & "]]>]]>" <![CDATA[ ]]';
  const ad = publicAd({ title, description }, { agencyName: "A & B <SA> ]]>" });

  it.each(JOB_BOARDS.filter((b) => b.code === "S02" || b.code === "S03").map((b) => [b.code, b] as const))(
    "round-trips through the XML of %s, which stays well-formed and valid",
    async (_code, b) => {
      const xml = renderFeed("xml", [ad], optsFor(b)).body;
      expect(await validateXml(xml, xsdOf(b))).toEqual([]);
      const root = parseXml(xml);
      expect(all(root, "script")).toHaveLength(0);
      expect(all(root, "b")).toHaveLength(0);
      const item = xmlItems(b, xml)[0]!;
      const [titleTag, textTag, companyTag] =
        b.xml === "jobcloud" ? ["BERUF", "TEXT", "FIRMA"] : ["title", "description", "company"];
      expect(textOf(item, titleTag)).toBe(title);
      expect(textOf(item, textTag)).toBe(description);
      expect(textOf(item, companyTag)).toBe("A & B <SA> ]]>");
    },
  );

  it("round-trips through the JSON feed", () => {
    const feed = JSON.parse(renderFeed("json", [ad], optsFor(board("S02"))).body) as ReturnType<typeof jsonFeed>;
    expect(validateJson(feed, FEED_SCHEMAS.json)).toEqual([]);
    expect(feed.jobs[0]).toMatchObject({ title, description, hiringOrganization: { name: "A & B <SA> ]]>" } });
  });

  it("keeps the XML well-formed when the text holds characters XML 1.0 does not allow", async () => {
    // a vertical tab is what Word pastes for a line break; NUL and other C0 controls never belong in XML
    const pasted = publicAd({ title: "Maçon\u000BCFC\u0001", description: "<p>Ligne 1\u000Bligne 2\u0000\u001F</p>" });
    for (const b of [board("S02"), board("S03")]) {
      const xml = renderFeed("xml", [pasted], optsFor(b)).body;
      expect(await validateXml(xml, xsdOf(b))).toEqual([]);
      const item = xmlItems(b, xml)[0]!;
      expect(textOf(item, b.xml === "jobcloud" ? "BERUF" : "title")).toBe("MaçonCFC");
      expect(textOf(item, b.xml === "jobcloud" ? "TEXT" : "description")).toBe("<p>Ligne 1ligne 2</p>");
    }
  });
});

describe("the schemas", () => {
  const indeedXml = renderFeed("xml", ADS, optsFor(board("S02"))).body;
  const jobcloudXml = renderFeed("xml", ADS, optsFor(board("S03"))).body;
  const json = () =>
    JSON.parse(renderFeed("json", ADS, optsFor(board("S02"))).body) as {
      source: { code: string };
      jobs: Record<string, unknown>[];
    };

  /** The first occurrence of `pattern` in the feed replaced: what a broken feed would be. */
  const broken = (xml: string, pattern: RegExp, by: string) => {
    expect(xml).toMatch(pattern);
    return xml.replace(pattern, by);
  };

  it.each([
    ["a job without its title", /<title>.*?<\/title>/, "", "Expected is one of ( title"],
    ["a job without its url", /<url>.*?<\/url>/, "", "Expected is one of ( url"],
    ["a job without its description", /<description>[\s\S]*?<\/description>/, "", "Expected is one of ( description"],
    ["a blank title", /<title>.*?<\/title>/, "<title>  </title>", "Element 'title'"],
    [
      "an element Indeed does not know",
      /<city>/,
      "<town>x</town><city>",
      "Element 'town': This element is not expected",
    ],
    ["an element twice", /<city>/, "<city>Genève</city><city>", "Element 'city': This element is not expected"],
    ["a date that is not RFC 822", /<date>.*?<\/date>/, "<date>2025-03-04</date>", "Element 'date'"],
    [
      "a link without the source code",
      /<url><!\[CDATA\[(.*?)\/S02\]\]><\/url>/,
      "<url><![CDATA[$1]]></url>",
      "Element 'url'",
    ],
    [
      "an apply link without the source code",
      /<applyurl><!\[CDATA\[(.*?)\/S02\/apply\]\]><\/applyurl>/,
      "<applyurl><![CDATA[$1/apply]]></applyurl>",
      "Element 'applyurl'",
    ],
    ["an unknown job type", /<jobtype>.*?<\/jobtype>/, "<jobtype>sometimes</jobtype>", "Element 'jobtype'"],
    [
      "a duplicate reference number",
      /<referencenumber>.*?<\/referencenumber>/g,
      "<referencenumber>1</referencenumber>",
      "Duplicate key-sequence",
    ],
    ["no lastBuildDate", /<lastBuildDate>.*?<\/lastBuildDate>/, "", "Expected is ( lastBuildDate )"],
    ["a job outside <source>", /<\/source>/, "</source><job/>", "Extra content at the end of the document"],
    ["an unescaped ampersand", /<publisher>Missio<\/publisher>/, "<publisher>Missio & co</publisher>", "parser error"],
  ])("refuse an Indeed feed with %s", async (_what, pattern, by, mentions) => {
    const errors = await validateXml(broken(indeedXml, pattern, by), FEED_SCHEMAS.indeed);
    expect(errors.join("\n")).toContain(mentions);
  });

  it.each([
    ["an ad without its title (BERUF)", /<BERUF>.*?<\/BERUF>/, "", "Expected is ( BERUF )"],
    ["an ad without its text", /<TEXT>[\s\S]*?<\/TEXT>/, "", "Expected is ( TEXT )"],
    ["an ad without ORGANISATIONID", /<ORGANISATIONID>.*?<\/ORGANISATIONID>/, "", "Expected is ( ORGANISATIONID )"],
    [
      "an ORGANISATIONID that is no integer",
      /<ORGANISATIONID>.*?<\/ORGANISATIONID>/,
      "<ORGANISATIONID>MISSIO</ORGANISATIONID>",
      "Element 'ORGANISATIONID'",
    ],
    [
      "an INSERATID over 64 characters",
      /<INSERATID>.*?<\/INSERATID>/,
      `<INSERATID>${"9".repeat(65)}</INSERATID>`,
      "Element 'INSERATID'",
    ],
    [
      "an activity rate over 100",
      /<ANSTELLUNGSGRAD>.*?<\/ANSTELLUNGSGRAD>/,
      "<ANSTELLUNGSGRAD>120</ANSTELLUNGSGRAD>",
      "Element 'ANSTELLUNGSGRAD'",
    ],
    [
      "GEHALT_SICHTBAR other than 0 or 1",
      /<GEHALT_SICHTBAR>.*?<\/GEHALT_SICHTBAR>/,
      "<GEHALT_SICHTBAR>true</GEHALT_SICHTBAR>",
      "Element 'GEHALT_SICHTBAR'",
    ],
    ["an unknown country", /<LAND>.*?<\/LAND>/, "<LAND>Schweiz</LAND>", "Element 'LAND'"],
    [
      "an unknown currency",
      /<GEHALT_WAEHRUNG>.*?<\/GEHALT_WAEHRUNG>/,
      "<GEHALT_WAEHRUNG>USD</GEHALT_WAEHRUNG>",
      "Element 'GEHALT_WAEHRUNG'",
    ],
    [
      "an element JobCloud does not know",
      /<ORT>/,
      "<STADT>x</STADT><ORT>",
      "Element 'STADT': This element is not expected",
    ],
    ["a date that is not ISO", /<ENDDATUM>.*?<\/ENDDATUM>/, "<ENDDATUM>31.12.2025</ENDDATUM>", "Element 'ENDDATUM'"],
    [
      "a link without the source code",
      /<URL><!\[CDATA\[(.*?)\/S03\]\]><\/URL>/,
      "<URL><![CDATA[$1]]></URL>",
      "Element 'URL'",
    ],
    ["ads outside INSERATE", /<INSERATE>/, "<INSERAT/><INSERATE>", "Expected is ( INSERATE )"],
  ])("refuse a JobCloud feed with %s", async (_what, pattern, by, mentions) => {
    const errors = await validateXml(broken(jobcloudXml, pattern, by), FEED_SCHEMAS.jobcloud);
    expect(errors.join("\n")).toContain(mentions);
  });

  it("tell the dialects apart", async () => {
    expect(await validateXml(indeedXml, FEED_SCHEMAS.jobcloud)).not.toEqual([]);
    expect(await validateXml(jobcloudXml, FEED_SCHEMAS.indeed)).not.toEqual([]);
  });

  it.each<[string, (feed: ReturnType<typeof json>) => void, string]>([
    ["a job without its title", (f) => delete f.jobs[0]!.title, "must have required property 'title'"],
    [
      "a job without its hiring organisation",
      (f) => delete f.jobs[0]!.hiringOrganization,
      "must have required property 'hiringOrganization'",
    ],
    ["a job without validThrough", (f) => delete f.jobs[0]!.validThrough, "must have required property 'validThrough'"],
    ["a wrong @context", (f) => (f.jobs[0]!["@context"] = "http://schema.org/"), "/jobs/0/@context"],
    [
      "a date that is not a date-time",
      (f) => (f.jobs[0]!.datePosted = "04.03.2025"),
      "/jobs/0/datePosted must match format",
    ],
    [
      "an employment type schema.org does not know",
      (f) => (f.jobs[0]!.employmentType = ["FULLTIME"]),
      "/jobs/0/employmentType/0",
    ],
    [
      "an employment type that is no array",
      (f) => (f.jobs[0]!.employmentType = "FULL_TIME"),
      "/jobs/0/employmentType must be array",
    ],
    [
      "a country outside CH and FR",
      (f) => ((f.jobs[0]!.jobLocation as { address: { addressCountry: string } }).address.addressCountry = "DE"),
      "/jobs/0/jobLocation/address/addressCountry",
    ],
    [
      "a salary in another currency",
      (f) => ((f.jobs[0]!.baseSalary as { currency: string }).currency = "USD"),
      "/jobs/0/baseSalary/currency",
    ],
    [
      "a salary per fortnight",
      (f) => ((f.jobs[0]!.baseSalary as { value: { unitText: string } }).value.unitText = "FORTNIGHT"),
      "/jobs/0/baseSalary/value/unitText",
    ],
    [
      "an apply link without the source code",
      (f) => (f.jobs[0]!.applyUrl = String(f.jobs[0]!.applyUrl).replace("/S02/apply", "/apply")),
      "/jobs/0/applyUrl must match pattern",
    ],
    [
      "a page link without the source code",
      (f) => (f.jobs[0]!.url = String(f.jobs[0]!.url).replace(/\/S02$/, "")),
      "/jobs/0/url must match pattern",
    ],
    ["a misspelt property", (f) => (f.jobs[0]!.employementType = ["FULL_TIME"]), "employementType"],
    ["a malformed source code", (f) => (f.source.code = "S2"), "/source/code must match pattern"],
  ])("refuse a JSON feed with %s", (_what, breakIt, mentions) => {
    const feed = json();
    expect(validateJson(feed, FEED_SCHEMAS.json)).toEqual([]);
    breakIt(feed);
    expect(validateJson(feed, FEED_SCHEMAS.json).join("\n")).toContain(mentions);
  });
});
