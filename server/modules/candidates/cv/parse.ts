/**
 * Suggestions from a CV's text (issue 11): name, contacts, address, experiences, training,
 * languages and skills, each with the exact text it came from and a confidence, for the person to
 * accept or reject one by one. Section headings and dates are read in French, German, Italian,
 * English and Portuguese: the headings, months, the words around a period ("de … à", "seit",
 * "today") and the level words are data, one file per language in ./words.
 *
 * Pure (no I/O, no clock): the same text always gives the same suggestions, in the same order,
 * with the same ids. Heuristic by nature: what it is unsure of gets a lower confidence, what it
 * cannot tell is left out rather than guessed.
 */
import { parsePhoneNumberFromString, type CountryCode } from "libphonenumber-js/min";
import { de } from "./words/de";
import { en } from "./words/en";
import { fr } from "./words/fr";
import { it } from "./words/it";
import { pt } from "./words/pt";
import type { CvSection, CvWords } from "./words/types";
import { BULLET, fold, joinWrapped, linesOf, stripBullet, sub, tidy, type Line } from "./lines";
import { avsNumbersOf, personalOf } from "./personal";

export { fold };

export const CV_FIELDS = [
  "firstName",
  "lastName",
  "email",
  "phone",
  "address",
  "experience",
  "training",
  "language",
  "skill",
  "certification",
  "linkedin",
  "birthDate",
  "nationality",
  "avsNumber",
  "licence",
] as const;
export type CvField = (typeof CV_FIELDS)[number];

/** As precise as the CV: "2019-03-15" (day), "2019-03" (month) or "2019" (year). */
export type CvDate = string;

export interface CvPeriod {
  start: CvDate | null;
  end: CvDate | null;
  /** "depuis", "seit", "dal", "since", "desde", "… – aujourd'hui": still going on */
  current: boolean;
}
export interface CvExperience extends CvPeriod {
  jobTitle: string;
  company: string | null;
  place: string | null;
}
export interface CvTraining extends CvPeriod {
  diploma: string | null;
  school: string | null;
  place: string | null;
}
export const CV_LANGUAGE_LEVELS = [
  "A1",
  "A2",
  "B1",
  "B2",
  "C1",
  "C2",
  "native",
  "fluent",
  "advanced",
  "good",
  "intermediate",
  "basic",
] as const;
export type CvLanguageLevel = (typeof CV_LANGUAGE_LEVELS)[number];
export interface CvLanguage {
  /** ISO 639-1 code */
  language: string;
  /** the name as the CV writes it */
  name: string;
  level: CvLanguageLevel | null;
}
export interface CvAddress {
  street: string | null;
  postalCode: string;
  city: string;
  country: "CH" | "FR" | null;
}

interface SuggestionBase {
  /** stable within one parse: `<field>-<n>` */
  id: string;
  /** the exact text of the CV the value was read from */
  source: string;
  /** 0 to 1 */
  confidence: number;
}
export type CvSuggestion = SuggestionBase &
  (
    | {
        field:
          | "firstName"
          | "lastName"
          | "email"
          | "phone"
          | "skill"
          | "certification"
          | "linkedin"
          | "birthDate"
          | "nationality"
          | "avsNumber"
          | "licence";
        /** birthDate: "1990-04-12"; nationality: an ISO country code; licence: a category of the profile (LICENCES) */
        value: string;
      }
    | { field: "address"; value: CvAddress }
    | { field: "experience"; value: CvExperience }
    | { field: "training"; value: CvTraining }
    | { field: "language"; value: CvLanguage }
  );
export type CvSuggestionValue = CvSuggestion["value"];

export type { CvSection };

/** The languages a CV is read in: their headings, months and words are data (./words). */
const LANGUAGES: CvWords[] = [fr, de, it, en, pt];

// ---- section headings ----------------------------------------------------------------------

const HEADING_OF = new Map<string, CvSection>(
  LANGUAGES.flatMap((l) =>
    Object.entries(l.headings).flatMap(([section, names]) => names.map((n) => [n, section as CvSection] as const)),
  ),
);
const MAX_HEADING_WORDS = 5;

const headingKey = (s: string) =>
  fold(stripBullet(s).replace(/^\d+[.)]\s*/, ""))
    .replace(/[:：.]+$/, "")
    .replace(/\s+/g, " ")
    .trim();

/** The section a line opens, and what follows the heading on the same line ("Langues : …"). */
export function headingOf(line: string): { section: CvSection; rest: number | null } | null {
  const whole = HEADING_OF.get(headingKey(line));
  if (whole) return { section: whole, rest: null };
  const colon = line.search(/[:：]/);
  if (colon > 0 && colon < 45) {
    const head = headingKey(line.slice(0, colon));
    const section = HEADING_OF.get(head);
    if (section && head.split(" ").length <= MAX_HEADING_WORDS) return { section, rest: colon + 1 };
  }
  return null;
}

// ---- dates ---------------------------------------------------------------------------------

const MONTH_NAMES: [number, string[]][] = LANGUAGES.flatMap((l) =>
  l.months.map((names, i): [number, string[]] => [i + 1, names]),
);
const MONTH_OF = new Map<string, number>(MONTH_NAMES.flatMap(([n, names]) => names.map((name) => [fold(name), n])));
const MONTH_ALT = [...new Set(MONTH_NAMES.flatMap(([, names]) => names))].sort((a, b) => b.length - a.length).join("|");

const YEAR = String.raw`(?:19|20)\d{2}`;
const DATE = [
  String.raw`(?:\d{1,2}(?:er|\.|º)?\s+)?(?:${MONTH_ALT})\.?(?:\s+de)?\s+${YEAR}`,
  String.raw`\d{1,2}[./-]\d{1,2}[./-]${YEAR}`,
  String.raw`\d{1,2}[./]${YEAR}`,
  String.raw`${YEAR}[./-]\d{1,2}(?![\d./-])`,
  YEAR,
].join("|");
const NOW = LANGUAGES.flatMap((l) => l.now).join("|");
// each word is followed by a space, so the order of the alternatives does not change what matches
const wordsOf = (key: "from" | "until" | "since") => [...new Set(LANGUAGES.flatMap((l) => l[key]))].join("|");
const SEP = String.raw`(?:\s*[-–—−]+\s*|\s+(?:${wordsOf("until")}|-)\s+)`;
const FROM = String.raw`(?:(?:${wordsOf("from")})\s+)?`;
const OPEN_WORDS = String.raw`(?:${wordsOf("since")})`;
const L = String.raw`(?<![\p{L}\d])`;
const R = String.raw`(?![\p{L}\d])`;
const RANGE_RE = new RegExp(`${L}${FROM}(${DATE})${SEP}(${DATE}|${NOW})${R}`, "iu");
const OPEN_RE = new RegExp(`${L}${OPEN_WORDS}\\s+(${DATE})${R}`, "iu");
const SINGLE_RE = new RegExp(`${L}(${DATE})${R}`, "iu");
const NOW_RE = new RegExp(`^(?:${NOW})$`, "iu");

/** "03/2019", "mars 2019", "März 2019", "2019-03" → "2019-03"; "15.03.2019" → "2019-03-15"; "2019" → "2019". */
export function parseCvDate(token: string): CvDate | null {
  const t = fold(token.trim());
  const year = t.match(/(?:19|20)\d{2}/g)?.at(-1);
  if (!year) return null;
  const two = (n: number) => String(n).padStart(2, "0");
  const pad = (m: number) => (m >= 1 && m <= 12 ? `${year}-${two(m)}` : year);
  // a day that exists in its month, else the month alone
  const withDay = (d: number, m: number) => {
    const iso = `${year}-${two(m)}-${two(d)}`;
    const date = new Date(`${iso}T00:00:00Z`);
    return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(iso) ? iso : pad(m);
  };
  const named = t
    .match(/\p{L}+/gu)
    ?.map((w) => MONTH_OF.get(w))
    .find((m) => m !== undefined);
  if (named) {
    const day = /^(\d{1,2})(?:er|\.|º)?\s/.exec(t);
    return day ? withDay(Number(day[1]), named) : pad(named);
  }
  let m: RegExpMatchArray | null;
  if ((m = t.match(/^(\d{1,2})[./-](\d{1,2})[./-]\d{4}$/))) return withDay(Number(m[1]), Number(m[2]));
  if ((m = t.match(/^(\d{1,2})[./]\d{4}$/))) return pad(Number(m[1]));
  if ((m = t.match(/^\d{4}[./-](\d{1,2})$/))) return pad(Number(m[1]));
  return year;
}

export interface FoundPeriod extends CvPeriod {
  /** where the period is written in the line */
  from: number;
  to: number;
}

/** The period a line gives: a range, an open one ("depuis 2020"), or one date (a diploma's year). */
export function findPeriod(line: string, { single = true } = {}): FoundPeriod | null {
  const range = RANGE_RE.exec(line);
  if (range) {
    const current = NOW_RE.test(range[2]!.trim());
    return {
      start: parseCvDate(range[1]!),
      end: current ? null : parseCvDate(range[2]!),
      current,
      from: range.index,
      to: range.index + range[0].length,
    };
  }
  const open = OPEN_RE.exec(line);
  if (open)
    return {
      start: parseCvDate(open[1]!),
      end: null,
      current: true,
      from: open.index,
      to: open.index + open[0].length,
    };
  if (!single) return null;
  const one = SINGLE_RE.exec(line);
  if (one)
    return { start: null, end: parseCvDate(one[1]!), current: false, from: one.index, to: one.index + one[0].length };
  return null;
}

// ---- contacts ------------------------------------------------------------------------------

const EMAIL_RE = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,}/;
const PHONE_RE = /(?:(?:\+|00)\s?\d{2,3}[\s.-]?(?:\(0\)\s?)?|\(?0\)?)\d{1,4}(?:[\s./-]?\d{2,4}){2,4}(?!\d)/g;
const SWISS_HINT = /\b(?:Suisse|Schweiz|Svizzera|Switzerland|Suíça|Suiça|CH-\d{4})\b|\+41|0041/i;

function phoneOf(found: string, home: CountryCode): { value: string; valid: boolean } | null {
  const digits = found.replace(/\D/g, "");
  if (digits.length < 9 || digits.length > 15) return null;
  const compact = found
    .replace(/\(0\)/, "")
    .replace(/[^\d+]/g, "")
    .replace(/^00/, "+");
  const countries: CountryCode[] = [home, ...(["FR", "CH", "DE", "IT", "PT"] as const).filter((c) => c !== home)];
  for (const country of countries) {
    const phone = parsePhoneNumberFromString(compact, country);
    if (phone?.isValid()) return { value: phone.number, valid: true };
  }
  return { value: compact, valid: false };
}

// ---- names and address ---------------------------------------------------------------------

const NOT_A_NAME = new Set([
  "curriculum vitae",
  "curriculum",
  "cv",
  "lebenslauf",
  "resume",
  "curriculo",
  "curriculum vitæ",
  "c.v.",
]);
const PARTICLES = new Set([
  "de",
  "du",
  "des",
  "del",
  "della",
  "di",
  "da",
  "dos",
  "das",
  "do",
  "van",
  "von",
  "der",
  "le",
  "la",
  "zu",
  "e",
  "y",
]);
const NAME_WORD = /^[\p{Lu}][\p{L}'’-]*$/u;
const isCaps = (w: string) => w.length > 1 && w === w.toUpperCase() && w !== w.toLowerCase();
const titleCase = (w: string) =>
  w.toLowerCase().replace(/(^|[\s'’-])(\p{L})/gu, (_, p: string, c: string) => p + c.toUpperCase());

const FIRST_LABEL = /^(?:prénom|prenom|vorname|nome|first name|given name|primeiro nome|prénoms)\s*[:：]\s*(.+)$/iu;
const LAST_LABEL =
  /^(?:nom de famille|nom|nachname|familienname|cognome|last name|surname|family name|apelido|sobrenome|apelidos)\s*[:：]\s*(.+)$/iu;
const FULL_LABEL = /^(?:name|nom et prénom|nom complet|full name|nome completo|vor- und nachname)\s*[:：]\s*(.+)$/iu;

function splitName(line: Line): { first: Line; last: Line } | null {
  const words = [...line.text.matchAll(/\S+/g)].map((m) => ({ w: m[0], at: m.index }));
  if (words.length < 2 || words.length > 5) return null;
  if (!words.every(({ w }) => NAME_WORD.test(w) || PARTICLES.has(w.toLowerCase()))) return null;
  const caps = words.map(({ w }) => isCaps(w));
  let split: number;
  if (caps[0] && !caps.every(Boolean)) {
    // "DUPONT Jean": the surname first, in capitals
    split = caps.indexOf(false);
    const last = sub(line, 0, words[split]!.at);
    const first = sub(line, words[split]!.at, line.text.length);
    return { first, last };
  }
  const capsAt = caps.indexOf(true);
  if (capsAt > 0 && caps.slice(capsAt).every(Boolean)) split = capsAt;
  else {
    // the surname starts at its particle ("Ana da Silva"), else it is the last word
    const particle = words.findIndex(({ w }, i) => i > 0 && PARTICLES.has(w.toLowerCase()));
    split = particle > 0 ? particle : words.length - 1;
  }
  return { first: sub(line, 0, words[split]!.at), last: sub(line, words[split]!.at, line.text.length) };
}

const nameValue = (s: string) =>
  s
    .split(/\s+/)
    .map((w) => (isCaps(w) ? titleCase(w) : w))
    .join(" ");

const STREET_WORDS = String.raw`rue|avenue|av\.|boulevard|bd|chemin|ch\.|route|rte|place|impasse|allée|allee|quai|cours|via|viale|corso|piazza|vicolo|street|road|lane|rua|avenida|travessa|largo|praça`;
const STREET = new RegExp(
  String.raw`\d+\s*[a-z]?,?\s+(?:${STREET_WORDS})${R}|\p{L}*(?:strasse|straße|str\.|weg|gasse|platz|ring|allee)\s+\d+|${L}(?:${STREET_WORDS})\s+[\p{L} '’.-]+,?\s+\d+`,
  "iu",
);
const POSTAL =
  /(?<![\p{L}\d])(?:(CH|F|FR|D|DE|I|IT|P|PT)[- ])?(\d{4,5}|\d{4}-\d{3})\s+(\p{Lu}[\p{L}'’.-]*(?:[ -]\p{L}[\p{L}'’.-]*){0,3})/u;

function addressOf(lines: Line[]): { value: CvAddress; lines: Line[]; confidence: number } | null {
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const m = POSTAL.exec(line.text);
    if (!m) continue;
    const [whole, prefix, postalCode, cityRaw] = m as unknown as [string, string | undefined, string, string];
    const year = /^(?:19|20)\d{2}$/.test(postalCode);
    // "Adresse : 12 rue …": the label is no part of the street
    const before = line.text
      .slice(0, m.index)
      .replace(/[,\s]+$/, "")
      .replace(/^[\p{L} .-]{2,20}[:：]\s*/u, "");
    const streetHere = before && STREET.test(before) ? before : null;
    const previous = lines[i - 1];
    const streetAbove =
      !streetHere && previous && STREET.test(previous.text) && !EMAIL_RE.test(previous.text) ? previous : null;
    // a 4-digit "postal code" looking like a year needs a street or a country to count
    if (year && !streetHere && !streetAbove && !prefix) continue;
    if (!streetHere && !streetAbove && !prefix && before && !/[,|]$/.test(line.text.slice(0, m.index).trim())) continue;
    const city = cityRaw
      .replace(/[,.;]+$/, "")
      .split(/\s+(?=[|•·])/)[0]!
      .trim();
    const upper = prefix?.toUpperCase();
    const country =
      upper === "CH" || (!upper && /^\d{4}$/.test(postalCode))
        ? "CH"
        : upper === "F" || upper === "FR" || (!upper && /^\d{5}$/.test(postalCode))
          ? "FR"
          : null;
    const street = streetHere ?? streetAbove?.text ?? null;
    const used = streetAbove
      ? [streetAbove, line]
      : [streetHere ? sub(line, 0, m.index + whole.length) : sub(line, m.index, m.index + whole.length)];
    return {
      value: { street: street ? tidy(street) : null, postalCode, city, country },
      lines: used,
      confidence: street ? 0.75 : 0.55,
    };
  }
  return null;
}

// ---- languages -----------------------------------------------------------------------------

const LANGUAGE_NAMES: [string, string[]][] = [
  [
    "de",
    [
      "suisse allemand",
      "suisse-allemand",
      "schweizerdeutsch",
      "swiss german",
      "allemand",
      "german",
      "deutsch",
      "tedesco",
      "alemao",
      "alemão",
    ],
  ],
  ["fr", ["français", "francais", "french", "französisch", "franzosisch", "francese", "francês", "frances"]],
  ["en", ["anglais", "english", "englisch", "inglese", "inglês", "ingles"]],
  ["it", ["italien", "italian", "italienisch", "italiano"]],
  ["pt", ["portugais", "portuguese", "portugiesisch", "portoghese", "português", "portugues"]],
  ["es", ["espagnol", "spanish", "spanisch", "spagnolo", "espanhol", "español", "espanol"]],
  ["ar", ["arabe", "arabic", "arabisch", "arabo"]],
  ["sq", ["albanais", "albanian", "albanisch", "albanese", "albanês", "albanes"]],
  ["sr", ["serbe", "serbian", "serbisch", "serbo", "sérvio"]],
  ["hr", ["croate", "croatian", "kroatisch", "croato", "croata"]],
  ["bs", ["bosniaque", "bosnian", "bosnisch", "bosniaco"]],
  ["tr", ["turc", "turkish", "türkisch", "turkisch", "turco"]],
  ["ru", ["russe", "russian", "russisch", "russo"]],
  ["zh", ["chinois", "chinese", "chinesisch", "cinese", "chinês", "mandarin"]],
  ["nl", ["néerlandais", "neerlandais", "dutch", "niederländisch", "olandese", "holandês"]],
  ["pl", ["polonais", "polish", "polnisch", "polacco", "polonês"]],
  ["ro", ["roumain", "romanian", "rumänisch", "rumeno", "romeno"]],
  ["rm", ["romanche", "romansh", "rätoromanisch", "romancio"]],
  ["ja", ["japonais", "japanese", "japanisch", "giapponese", "japonês"]],
  ["ta", ["tamoul", "tamil"]],
];
const LANGUAGE_RE = new RegExp(
  `${L}(${[...new Set(LANGUAGE_NAMES.flatMap(([, ns]) => ns.map(fold)))].sort((a, b) => b.length - a.length).join("|")})${R}`,
  "u",
);
const LANGUAGE_OF = new Map<string, string>(LANGUAGE_NAMES.flatMap(([code, ns]) => ns.map((n) => [fold(n), code])));

// in this order: native is looked for first ("C2, langue maternelle"), then the CEFR grid, then the rest
const LEVEL_WORDS: [CvLanguageLevel, string[]][] = (
  ["native", "fluent", "advanced", "good", "intermediate", "basic"] as const
).map((level) => [level, LANGUAGES.flatMap((l) => l.levels[level])]);
const LEVEL_RES = LEVEL_WORDS.map(
  ([level, words]) =>
    [
      level,
      new RegExp(
        `${L}(?:${words
          .map(fold)
          .sort((a, b) => b.length - a.length)
          .join("|")})${R}`,
        "u",
      ),
    ] as const,
);
const CEFR_RE = /(?<![\p{L}\d])([ABC][12])(?![\p{L}\d])/iu;

function levelOf(item: string): CvLanguageLevel | null {
  const folded = fold(item);
  // "C2 (langue maternelle)": native says more than the grid
  if (LEVEL_RES[0]![1].test(folded)) return "native";
  const cefr = CEFR_RE.exec(item);
  if (cefr) return cefr[1]!.toUpperCase() as CvLanguageLevel;
  return LEVEL_RES.find(([, re]) => re.test(folded))?.[0] ?? null;
}

// ---- entries of the experience and training sections ----------------------------------------

const SCHOOL_WORDS = new RegExp(
  String.raw`${L}(?:école|ecole|université|universite|lycée|lycee|collège|college|iut|cfa|institut|haute école|hes|hep|epfl|eth|eidgenössische|hochschule|universität|universitat|fachhochschule|berufsschule|gymnasium|schule|kantonsschule|università|universita|istituto|liceo|scuola|politecnico|university|school|academy|academie|académie|universidade|escola|faculdade|instituto|liceu|centre de formation|gewerbeschule)${R}`,
  "iu",
);
const AT_WORDS = /\s+(?:chez|auprès de|aupres de|pour|bei|presso|at|@|em|na|no|junto a)\s+/iu;
const PARTS = /\s+[–—|•·]\s+|\s+-\s+|\s*,\s+|\s*\|\s*|\s*;\s*/u;

function splitEntry(text: string, section: "experience" | "training"): string[] {
  // "Vendeuse chez Migros"; not in training, where "Licenciatura em Turismo" is one diploma
  const at = section === "experience" ? AT_WORDS.exec(text) : null;
  if (at) {
    const head = text.slice(0, at.index);
    const tail = text.slice(at.index + at[0].length);
    return [head, ...tail.split(PARTS)].map(tidy).filter(Boolean);
  }
  // "Serveuse (Café du Lac, Lausanne)"
  const paren = /^(.+?)\s*\((.+)\)$/.exec(text);
  if (paren) return [paren[1]!, ...paren[2]!.split(PARTS)].map(tidy).filter(Boolean);
  return text.split(PARTS).map(tidy).filter(Boolean);
}

interface Entry {
  period: CvPeriod;
  parts: string[];
  lines: Line[];
}

/**
 * The dated entries of a section. Three layouts are read: the dates on the line of the title
 * ("03/2019 – aujourd'hui Serveuse, Café du Lac"), the title on the lines above the dates, or on
 * the line below them.
 */
function entriesOf(lines: Line[], section: "experience" | "training"): Entry[] {
  const dated = lines.map((l) => findPeriod(l.text, { single: section === "training" }));
  const firstDated = dated.findIndex(Boolean);
  if (firstDated === -1) return [];
  const restOf = (i: number) => {
    const p = dated[i]!;
    const line = lines[i]!;
    return tidy(stripBullet(line.text.slice(0, p.from) + " " + line.text.slice(p.to)));
  };
  const titleAbove = !restOf(firstDated) && firstDated > 0;
  const entries: Entry[] = [];
  let previousDated = -1;
  for (let i = 0; i < lines.length; i++) {
    const period = dated[i];
    if (!period) continue;
    const rest = restOf(i);
    const used: Line[] = [lines[i]!];
    const parts = rest ? splitEntry(rest, section) : [];
    if (titleAbove) {
      // up to two lines above the dates, not reaching back into the previous entry
      const above = lines.slice(Math.max(previousDated + 1, i - 2), i).filter((_, k, all) => k >= all.length - 2);
      if (!rest && above.length) {
        parts.push(...above.flatMap((l) => splitEntry(stripBullet(l.text), section)));
        used.unshift(...above);
      }
    } else if (parts.length < 2 && lines[i + 1] && !dated[i + 1]) {
      // the title (or the company) on the next line; a bulleted or sentence line is a description
      const next = lines[i + 1]!;
      if (next.text.length <= 90 && !/[.!?]$/.test(next.text) && !BULLET.test(next.text)) {
        parts.push(...splitEntry(stripBullet(next.text), section));
        used.push(next);
      }
    }
    previousDated = i;
    if (parts.length)
      entries.push({
        period: { start: period.start, end: period.end, current: period.current },
        parts: parts.slice(0, 4),
        lines: used,
      });
  }
  return entries;
}

const looksLikePlace = (s: string) =>
  /^(?:(?:CH|F|D)-)?\d{4,5}\s+\p{Lu}/u.test(s) ||
  /^\p{Lu}[\p{L}'’.-]+(?:[ -]\p{Lu}[\p{L}'’.-]+)?(?:\s*\([A-Z]{2}\))?$/u.test(s);

function experienceOf(entry: Entry): CvExperience {
  const [jobTitle, second = null, ...others] = entry.parts as [string, ...string[]];
  let company = second;
  let place = others.length ? others.join(", ") : null;
  // what follows the company is a place only when it reads like one
  if (place && !looksLikePlace(others.at(-1)!)) {
    company = [company, place].join(", ");
    place = null;
  }
  // "Serveuse, 1003 Lausanne": a postal code makes the second part a place
  if (company && !place && /^(?:(?:CH|F|D)-)?\d{4,5}\s/u.test(company)) {
    place = company;
    company = null;
  }
  return { jobTitle, company, place, ...entry.period };
}

function trainingOf(entry: Entry): CvTraining {
  const parts = [...entry.parts];
  const schoolAt = parts.findIndex((p) => SCHOOL_WORDS.test(p));
  let school: string | null = null;
  if (schoolAt >= 0) school = parts.splice(schoolAt, 1)[0]!;
  const diploma = parts.shift() ?? null;
  if (!school && parts.length) school = parts.shift()!;
  const place = parts.length && looksLikePlace(parts.at(-1)!) ? parts.pop()! : null;
  return { diploma, school, place, ...entry.period };
}

// ---- the parser ----------------------------------------------------------------------------

/** Items of a list section (skills, languages): split at commas, bullets and semicolons. */
function itemsOf(lines: Line[], { dropLabel }: { dropLabel: boolean }): Line[] {
  const items: Line[] = [];
  for (const line of lines) {
    // "Informatique : Word, Excel": the label before the colon is no skill ("Anglais : courant" is a language)
    const colon = dropLabel ? line.text.search(/[:：]/) : -1;
    const from = colon > 0 && colon <= 30 && !/\d/.test(line.text.slice(0, colon)) ? colon + 1 : 0;
    const body = line.text.slice(from);
    let at = 0;
    let depth = 0;
    for (let i = 0; i <= body.length; i++) {
      const c = body[i];
      if (c === "(") depth++;
      if (c === ")") depth = Math.max(0, depth - 1);
      if (i === body.length || (depth === 0 && /[,;•·▪■●|]/.test(c!))) {
        const part = sub(line, from + at, from + i);
        const bullet = BULLET.exec(part.text)?.[0].length ?? 0;
        const item = bullet ? sub(part, bullet, part.text.length) : part;
        if (item.text) items.push(item);
        at = i + 1;
      }
    }
  }
  return items;
}

const SKILL_GROUPS = new Set(LANGUAGES.flatMap((l) => l.skillGroups));
const SEPARATED = /[,;•·▪■●|]/;

/**
 * A group heading inside a skills section ("Langages de programmation" above "TypeScript, Java"):
 * a known group name alone on its line, or a line with no list of its own, no bullet and no
 * label, above a list or a bulleted line. It names the group; it is no skill.
 */
function isSkillGroup(line: Line, next: Line | undefined): boolean {
  const text = line.text.replace(/[:：]\s*$/, "");
  if (SEPARATED.test(text) || BULLET.test(line.text) || /[:：]./.test(text)) return false;
  if (SKILL_GROUPS.has(fold(text))) return true;
  return Boolean(next && (SEPARATED.test(next.text) || BULLET.test(next.text)) && text.split(/\s+/).length <= 5);
}

/** Experiences and training entries offered at most (a long document gives no endless list). */
export const MAX_ENTRIES = 30;

/**
 * The suggestions a CV's text gives. Contacts are looked for everywhere, the name in the lines
 * before the first section, the rest in their sections.
 */
export function parseCv(text: string): CvSuggestion[] {
  const lines = linesOf(text);
  const source = (ls: Line[]) => text.slice(ls[0]!.start, ls.at(-1)!.end);
  const out: CvSuggestion[] = [];
  const counters = new Map<CvField, number>();
  const add = (s: Omit<CvSuggestion, "id">) => {
    const n = (counters.get(s.field) ?? 0) + 1;
    counters.set(s.field, n);
    out.push({ ...s, id: `${s.field}-${n}` } as CvSuggestion);
  };

  // sections, a heading with its content on the same line included
  const sections: { section: CvSection | "header"; lines: Line[] }[] = [{ section: "header", lines: [] }];
  for (const line of lines) {
    const heading = headingOf(line.text);
    if (heading) {
      sections.push({ section: heading.section, lines: [] });
      if (heading.rest !== null) {
        const rest = sub(line, heading.rest, line.text.length);
        if (rest.text) sections.at(-1)!.lines.push(rest);
      }
    } else sections.at(-1)!.lines.push(line);
  }
  const header = sections[0]!.lines;
  // the personal details are read from every line; their lines are no entry or skill
  const personal = personalOf(lines);
  const personalLine = (l: Line) => personal.some((p) => p.at.start < l.end && l.start < p.at.end);
  const of = (section: CvSection) =>
    sections.filter((s) => s.section === section).flatMap((s) => s.lines.filter((l) => !personalLine(l)));
  // a list's wrapped lines are joined within each of its sections
  const listOf = (section: CvSection) =>
    sections
      .filter((s) => s.section === section)
      .flatMap((s) =>
        joinWrapped(
          s.lines.filter((l) => !personalLine(l)),
          text,
        ),
      );

  // name: labelled lines first, else the first line that reads like a name
  const labelled = (re: RegExp) => {
    for (const line of lines.slice(0, 40)) {
      const m = re.exec(line.text);
      if (m) return sub(line, m.index + m[0].length - m[1]!.length, line.text.length);
    }
    return null;
  };
  const first = labelled(FIRST_LABEL);
  const last = labelled(LAST_LABEL);
  const full = !first && !last ? labelled(FULL_LABEL) : null;
  const fullSplit = full ? splitName(full) : null;
  if (first || last) {
    if (first) add({ field: "firstName", value: nameValue(first.text), source: source([first]), confidence: 0.9 });
    if (last) add({ field: "lastName", value: nameValue(last.text), source: source([last]), confidence: 0.9 });
  } else if (fullSplit) {
    add({ field: "firstName", value: nameValue(fullSplit.first.text), source: source([full!]), confidence: 0.85 });
    add({ field: "lastName", value: nameValue(fullSplit.last.text), source: source([full!]), confidence: 0.85 });
  } else {
    const candidates = (header.length ? header : lines)
      .slice(0, 8)
      .filter((l) => !NOT_A_NAME.has(fold(l.text).replace(/[:.]+$/, "")));
    for (const line of candidates) {
      if (/[\d@]/.test(line.text) || line.text.length > 50) continue;
      const split = splitName(line);
      if (!split) continue;
      add({ field: "firstName", value: nameValue(split.first.text), source: source([line]), confidence: 0.7 });
      add({ field: "lastName", value: nameValue(split.last.text), source: source([line]), confidence: 0.7 });
      break;
    }
  }

  // contacts: the first address, the first phone that is a real number (else the first one found)
  const emailLine = lines.find((l) => EMAIL_RE.test(l.text));
  if (emailLine) {
    const m = EMAIL_RE.exec(emailLine.text)!;
    const at = sub(emailLine, m.index, m.index + m[0].length);
    add({ field: "email", value: m[0].toLowerCase(), source: source([at]), confidence: 0.95 });
  }
  const address = addressOf([...header, ...of("other")].filter((l) => !findPeriod(l.text, { single: false })));
  if (address)
    add({ field: "address", value: address.value, source: source(address.lines), confidence: address.confidence });
  // a number written the national way ("079 …") is read as from the CV's country
  const home: CountryCode =
    address?.value.country ??
    ((emailLine && /\.ch$/i.test(EMAIL_RE.exec(emailLine.text)![0])) ||
    SWISS_HINT.test(text) ||
    personal.some((p) => p.field === "avsNumber")
      ? "CH"
      : "FR");
  let phone: { value: string; valid: boolean; at: Line } | null = null;
  for (const line of lines) {
    if (phone?.valid) break;
    for (const m of line.text.matchAll(PHONE_RE)) {
      if (findPeriod(m[0], { single: false }) || avsNumbersOf(m[0]).length) continue;
      const found = phoneOf(m[0], home);
      if (found && (!phone || (found.valid && !phone.valid)))
        phone = { ...found, at: sub(line, m.index, m.index + m[0].length) };
      if (phone?.valid) break;
    }
  }
  if (phone)
    add({ field: "phone", value: phone.value, source: source([phone.at]), confidence: phone.valid ? 0.9 : 0.4 });

  for (const entry of entriesOf(of("experience"), "experience").slice(0, MAX_ENTRIES)) {
    const value = experienceOf(entry);
    add({ field: "experience", value, source: source(entry.lines), confidence: value.company ? 0.75 : 0.6 });
  }
  for (const entry of entriesOf(of("training"), "training").slice(0, MAX_ENTRIES)) {
    const value = trainingOf(entry);
    add({
      field: "training",
      value,
      source: source(entry.lines),
      confidence: value.school && value.diploma ? 0.75 : 0.6,
    });
  }

  const seenLanguages = new Set<string>();
  for (const item of itemsOf(listOf("languages"), { dropLabel: false })) {
    const m = LANGUAGE_RE.exec(fold(item.text));
    if (!m) continue;
    const language = LANGUAGE_OF.get(m[1]!)!;
    if (seenLanguages.has(language)) continue;
    seenLanguages.add(language);
    const name = item.text.slice(m.index, m.index + m[1]!.length);
    const level = levelOf(item.text);
    add({
      field: "language",
      value: { language, name, level },
      source: source([item]),
      confidence: level ? 0.85 : 0.7,
    });
  }

  // every skill the CV lists (no cap: the person sees them all), its group headings left out
  const seenSkills = new Set<string>();
  const skillLines = listOf("skills").filter((l, i, all) => !isSkillGroup(l, all[i + 1]));
  for (const item of itemsOf(skillLines, { dropLabel: true })) {
    const value = tidy(item.text);
    const key = fold(value);
    if (
      value.length < 2 ||
      value.length > 60 ||
      value.split(/\s+/).length > 8 ||
      seenSkills.has(key) ||
      !/\p{L}/u.test(value) ||
      SKILL_GROUPS.has(key.replace(/[:.]+$/, ""))
    )
      continue;
    seenSkills.add(key);
    add({ field: "skill", value, source: source([item]), confidence: 0.6 });
  }

  const seenCertifications = new Set<string>();
  for (const item of itemsOf(listOf("certifications"), { dropLabel: false })) {
    const value = tidy(item.text);
    if (value.length < 2 || value.length > 120 || !/\p{L}/u.test(value) || seenCertifications.has(fold(value)))
      continue;
    seenCertifications.add(fold(value));
    add({ field: "certification", value, source: source([item]), confidence: 0.7 });
  }

  for (const p of personal) add({ field: p.field, value: p.value, source: source([p.at]), confidence: p.confidence });
  return out;
}
