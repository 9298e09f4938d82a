/**
 * The personal details a CV prints and the profile has fields for (issue 27): birth date,
 * nationality, AHV number, driving licences, and the LinkedIn address. Labelled values only
 * ("Geburtsdatum: 12.04.1990", "Nationalité : suisse", "Führerausweis Kat. B, BE"): an unlabelled
 * date or country is not guessed to be the person's. The AHV number is read wherever it is, its
 * EAN-13 check digit telling it from any other number.
 */
import { LICENCES, NATIONALITIES, normalizeAvs } from "../profile/rules";
import { fold, sub, type Line } from "./lines";

export type PersonalField = "birthDate" | "nationality" | "avsNumber" | "licence" | "linkedin";
export interface PersonalFind {
  field: PersonalField;
  value: string;
  /** the CV's text it was read from */
  at: Line;
  confidence: number;
}

const L = String.raw`(?<![\p{L}\d])`;
const R = String.raw`(?![\p{L}\d])`;

// ---- birth date ----------------------------------------------------------------------------

const BIRTH_LABEL = String.raw`date de naissance|n[ée]e? le|geburtsdatum|geboren(?: am)?|data di nascita|nat[oa] il|date of birth|birth date|born(?: on)?|data de nascimento|nascid[oa] (?:a|em)`;
const BIRTH_RE = new RegExp(
  `${L}(?:${BIRTH_LABEL})\\s*[:：]?\\s*(\\d{1,2})\\s*[./-]\\s*(\\d{1,2})\\s*[./-]\\s*((?:19|20)\\d{2})${R}`,
  "iu",
);

function birthDateOf(line: Line): PersonalFind | null {
  const m = BIRTH_RE.exec(line.text);
  if (!m) return null;
  const iso = `${m[3]}-${m[2]!.padStart(2, "0")}-${m[1]!.padStart(2, "0")}`;
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || !date.toISOString().startsWith(iso)) return null;
  return { field: "birthDate", value: iso, at: sub(line, m.index, m.index + m[0].length), confidence: 0.85 };
}

// ---- nationality ---------------------------------------------------------------------------

/** What people write after "Nationalité": the country's name, or the adjective (folded). */
const ADJECTIVES: Record<string, string[]> = {
  CH: ["suisse", "suissesse", "schweizer", "schweizerin", "schweizerisch", "svizzero", "svizzera", "swiss", "suico", "suica"],
  FR: ["francais", "francaise", "franzose", "franzosin", "franzosisch", "francese", "french", "frances", "francesa"],
  DE: ["allemand", "allemande", "deutsch", "deutsche", "deutscher", "tedesco", "tedesca", "german", "alemao", "alema"],
  IT: ["italien", "italienne", "italiener", "italienerin", "italienisch", "italiano", "italiana", "italian"],
  PT: ["portugais", "portugaise", "portugiese", "portugiesin", "portugiesisch", "portoghese", "portuguese", "portugues", "portuguesa"],
  ES: ["espagnol", "espagnole", "spanier", "spanierin", "spanisch", "spagnolo", "spagnola", "spanish", "espanhol", "espanhola", "espanol", "espanola"],
  AT: ["autrichien", "autrichienne", "osterreicher", "osterreicherin", "osterreichisch", "austriaco", "austriaca", "austrian"],
  BE: ["belge", "belgier", "belgierin", "belgisch", "belga", "belgian"],
  GB: ["britannique", "brite", "britin", "britisch", "britannico", "british", "britanico"],
}; // prettier-ignore
const NATIONALITY_OF = new Map<string, string>([
  ...["fr", "de", "it", "en", "pt"].flatMap((lng) => {
    const names = new Intl.DisplayNames([lng], { type: "region" });
    return NATIONALITIES.map((code): [string, string] => [fold(names.of(code) ?? code), code]);
  }),
  ...Object.entries(ADJECTIVES).flatMap(([code, words]) => words.map((w): [string, string] => [w, code])),
]);
const NATIONALITY_WORDS = [...NATIONALITY_OF.keys()].sort((a, b) => b.length - a.length);
const NATIONALITY_LABEL = new RegExp(
  `${L}(?:nationalites?|nationalitat|staatsangehorigkeit|staatsburgerschaft|nazionalita|cittadinanza|nationality|citizenship|nacionalidade)\\s*[:：]?\\s*`,
  "u",
);

function nationalityOf(line: Line): PersonalFind | null {
  const folded = fold(line.text);
  const label = NATIONALITY_LABEL.exec(folded);
  if (!label) return null;
  const rest = folded.slice(label.index + label[0].length);
  // the first nationality named (a second one is the person's to add)
  let found: { at: number; word: string } | null = null;
  for (const word of NATIONALITY_WORDS) {
    const at = new RegExp(`${L}${word.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}${R}`, "u").exec(rest)?.index;
    if (at !== undefined && (!found || at < found.at)) found = { at, word };
  }
  if (!found) return null;
  // offsets carry over when folding kept the length (accents removed letter by letter), else the whole line
  const from = label.index + label[0].length + found.at;
  const same = folded.length === line.text.length;
  return {
    field: "nationality",
    value: NATIONALITY_OF.get(found.word)!,
    at: same ? sub(line, label.index, from + found.word.length) : line,
    confidence: 0.8,
  };
}

// ---- AHV -----------------------------------------------------------------------------------

const AVS_RE = /(?<!\d)756[.\s]?\d{4}[.\s]?\d{4}[.\s]?\d{2}(?!\d)/g;

/** AHV numbers of a line, checked (a number failing its check digit is none). */
export function avsNumbersOf(text: string): { value: string; index: number; length: number }[] {
  return [...text.matchAll(AVS_RE)].flatMap((m) => {
    const value = normalizeAvs(m[0]);
    return value ? [{ value, index: m.index, length: m[0].length }] : [];
  });
}

// ---- driving licences ----------------------------------------------------------------------

const LICENCE_WORD = String.raw`permis(?:\s+de\s+conduire)?|f[üu]hrerausweis|fahrausweis|f[üu]hrerschein|patente(?:\s+di\s+guida)?|driving\s+licen[cs]e|driver['’]?s\s+licen[cs]e|carta\s+de\s+condu[çc][ãa]o`;
const CATEGORY = String.raw`(?:C1E|D1E|A1|B1|BE|C1|CE|D1|DE|A|B|C|D|F|G|M)`;
const CATEGORY_LIST = String.raw`${CATEGORY}${R}(?:\s*(?:,|/|\+|&|;|et|und|and|e|y)?\s*${CATEGORY}${R})*`;
const CATEGORY_WORD = String.raw`(?:kat(?:egorie|egorien)?|cat(?:[ée]gorie|egory|egories|egoria|egorias)?)s?\.?`;
const LICENCE_RE = new RegExp(
  `${L}(?:${LICENCE_WORD})${R}(?:\\s*${CATEGORY_WORD})?\\s*[:：]?\\s*(${CATEGORY_LIST})?`,
  "iu",
);
const ONLY_CATEGORIES = new RegExp(`^(?:${CATEGORY_WORD}\\s*)?(${CATEGORY_LIST})$`, "iu");
// "Permis B" is also the Swiss residence permit: not when the line says it is one
const NOT_DRIVING =
  /s[ée]jour|travail|[ée]tablissement|frontalier|aufenthalt|niederlassung|grenzg[äa]nger|arbeits|soggiorno|lavoro|residen|work\s+permit|resid[êe]ncia/iu;
const KNOWN = new Set<string>(LICENCES);

const categories = (list: string) =>
  [...list.toUpperCase().matchAll(new RegExp(`${L}${CATEGORY}${R}`, "gu"))]
    .map((m) => m[0])
    .filter((c) => KNOWN.has(c));

function licencesOf(line: Line, next: Line | undefined): PersonalFind[] {
  const m = LICENCE_RE.exec(line.text);
  if (!m || NOT_DRIVING.test(line.text)) return [];
  // "Führerausweis" alone (a heading), its categories on the next line
  const below = !m[1] && next ? ONLY_CATEGORIES.exec(next.text) : null;
  const at = m[1] ? sub(line, m.index, m.index + m[0].length) : below ? next! : null;
  if (!at) return [];
  return [...new Set(categories(m[1] ?? below![1]!))].map((value) => ({
    field: "licence",
    value,
    at,
    confidence: 0.8,
  }));
}

// ---- LinkedIn ------------------------------------------------------------------------------

const LINKEDIN_RE = /(?:https?:\/\/)?(?:[a-z]{2,3}\.)?linkedin\.com\/in\/([A-Za-z0-9_%-]{2,100})\/?/i;

function linkedinOf(line: Line): PersonalFind | null {
  const m = LINKEDIN_RE.exec(line.text);
  if (!m) return null;
  return {
    field: "linkedin",
    value: `https://www.linkedin.com/in/${m[1]}`,
    at: sub(line, m.index, m.index + m[0].length),
    confidence: 0.9,
  };
}

/** Every personal detail the lines give, the first of each field (licences: each category once). */
export function personalOf(lines: Line[]): PersonalFind[] {
  const out: PersonalFind[] = [];
  const has = (field: PersonalField) => out.some((f) => f.field === field);
  lines.forEach((line, i) => {
    const birth = !has("birthDate") && birthDateOf(line);
    if (birth) out.push(birth);
    const nationality = !has("nationality") && nationalityOf(line);
    if (nationality) out.push(nationality);
    const avs = !has("avsNumber") && avsNumbersOf(line.text)[0];
    if (avs)
      out.push({
        field: "avsNumber",
        value: avs.value,
        at: sub(line, avs.index, avs.index + avs.length),
        confidence: 0.9,
      });
    for (const l of licencesOf(line, lines[i + 1]))
      if (!out.some((f) => f.field === "licence" && f.value === l.value)) out.push(l);
    const linkedin = !has("linkedin") && linkedinOf(line);
    if (linkedin) out.push(linkedin);
  });
  return out;
}
