import { parsePhoneNumberFromString } from "libphonenumber-js";
import { foldAccents } from "../../lib/text";
import type { DuplicateReason } from "./rules";

/**
 * What makes two candidate records likely the same person (issue 28, ADR 0039), pure: each
 * record's keys (normalised values that are equal for the same person however they typed them)
 * and a pair's score from the keys it shares. Kept out of the database so the unit tests pin it.
 */
/** How much one shared key says on its own; a pair's score combines them (1 - Π(1 - w)). */
const WEIGHTS: Record<DuplicateReason, number> = {
  avs: 0.97, // a social security number is one person's
  email: 0.9, // an address can be a family's
  phone: 0.8, // a phone can be a household's
  name_birth: 0.75, // namesakes born the same day exist
  cv: 0.7, // times the CVs' similarity
};

/** Two CVs at least this similar (estimated Jaccard of their 3-word shingles) are a reason. */
export const CV_SIMILARITY_MIN = 0.8;

/** "Jean.Dupont+jobs@GoogleMail.com" → "jeandupont@gmail.com": Gmail ignores dots and +tags, every provider the case. */
export function normalizeEmail(input: string): string | null {
  const email = input.trim().toLowerCase();
  const at = email.lastIndexOf("@");
  if (at < 1 || at === email.length - 1) return null;
  let local = email.slice(0, at).replace(/\+.*$/, "");
  let domain = email.slice(at + 1);
  if (domain === "googlemail.com") domain = "gmail.com";
  if (domain === "gmail.com") local = local.replaceAll(".", "");
  return local ? `${local}@${domain}` : null;
}

/** A phone in E.164 ("+41791234567"), read in the candidate's country when it has no prefix; null if invalid. */
export function normalizePhoneKey(input: string, country: string | null): string | null {
  const parsed = parsePhoneNumberFromString(input.trim(), country === "FR" ? "FR" : "CH");
  return parsed?.isValid() ? parsed.number : null;
}

/** An AVS number's 13 digits ("756.9217.0769.85" → "7569217076985"), null unless 756 and 13 digits. */
export function normalizeAvsKey(input: string): string | null {
  const digits = input.replace(/\D/g, "");
  return /^756\d{10}$/.test(digits) ? digits : null;
}

/** "Müller-Lüdi  Anna" and "anna muller ludi" → "anna ludi muller": folded words in order, so swapped names match. */
export function foldName(...parts: (string | null | undefined)[]): string {
  const words = foldAccents(parts.filter(Boolean).join(" "))
    .toLowerCase()
    .split(/[^a-z]+/)
    .filter(Boolean);
  return words.sort().join(" ");
}

const MINHASH_SIZE = 64;
const BAND_ROWS = 4;
/** each of the 16 bands (4 of the 64 numbers) is a key: two CVs with ≥ 0.8 similarity share one almost surely */
export const CV_BANDS = MINHASH_SIZE / BAND_ROWS;

/** 32-bit FNV-1a of a string. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

/** murmur3's finaliser: a good 32-bit mix, seeded per hash function. */
function mix(x: number, seed: number): number {
  let h = (x ^ Math.imul(seed, 0x9e3779b1)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** The CV's 3-word shingles (folded words of 2 letters or more), hashed. */
function shingles(text: string): Set<number> {
  const words = foldAccents(text)
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((w) => w.length >= 2);
  const out = new Set<number>();
  for (let i = 0; i + 3 <= words.length; i++) out.add(fnv1a(words.slice(i, i + 3).join(" ")));
  return out;
}

/** The MinHash signature of a CV's text (null for a text too short to compare: under 12 shingles). */
export function minhash(text: string): number[] | null {
  const set = shingles(text);
  if (set.size < 12) return null;
  const sig = new Array<number>(MINHASH_SIZE).fill(0xffffffff);
  for (const s of set)
    for (let i = 0; i < MINHASH_SIZE; i++) {
      const h = mix(s, i + 1);
      if (h < sig[i]!) sig[i] = h;
    }
  return sig;
}

/** The estimated Jaccard similarity of two CVs: the share of equal signature numbers. */
export function similarity(a: readonly number[], b: readonly number[]): number {
  let same = 0;
  for (let i = 0; i < MINHASH_SIZE; i++) if (a[i] === b[i]) same++;
  return same / MINHASH_SIZE;
}

/** The bands of a signature ("3:…"): the CV's keys, so only CVs sharing a band are compared. */
export function cvBands(sig: readonly number[]): string[] {
  const bands: string[] = [];
  for (let b = 0; b < CV_BANDS; b++) bands.push(`${b}:${sig.slice(b * BAND_ROWS, (b + 1) * BAND_ROWS).join(".")}`);
  return bands;
}

/** What the detection reads of one candidate (the account, the profile, the parsed CV). */
export interface CandidateFacts {
  country: string | null;
  emails: string[];
  phones: string[];
  avsNumbers: string[];
  firstName: string | null;
  lastName: string | null;
  birthDate: string | null;
  cvText: string;
}

/** A candidate's keys (reason and normalised value, not hashed yet) and CV signature. */
export function candidateKeys(f: CandidateFacts): {
  keys: { kind: DuplicateReason; value: string }[];
  sig: number[] | null;
} {
  const keys = new Map<string, { kind: DuplicateReason; value: string }>();
  const add = (kind: DuplicateReason, value: string | null) => value && keys.set(`${kind}|${value}`, { kind, value });
  for (const e of f.emails) add("email", normalizeEmail(e));
  for (const p of f.phones) add("phone", normalizePhoneKey(p, f.country));
  for (const a of f.avsNumbers) add("avs", normalizeAvsKey(a));
  const name = foldName(f.firstName, f.lastName);
  if (name.includes(" ") && f.birthDate && /^\d{4}-\d{2}-\d{2}$/.test(f.birthDate))
    add("name_birth", `${name}|${f.birthDate}`);
  const sig = minhash(f.cvText);
  if (sig) for (const band of cvBands(sig)) add("cv", band);
  return { keys: [...keys.values()], sig };
}

/** A pair's score (0..1) from the reasons it shares, the CV's weighed by its similarity. */
export function pairScore(reasons: { kind: DuplicateReason; similarity?: number }[]): number {
  let miss = 1;
  for (const r of reasons) miss *= 1 - WEIGHTS[r.kind] * (r.kind === "cv" ? (r.similarity ?? 0) : 1);
  return Math.round((1 - miss) * 100) / 100;
}
