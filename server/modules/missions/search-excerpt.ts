/**
 * The few words of a description a result card shows, around what was searched. Made here rather
 * than by Meilisearch's crop, which cost it about 2 of the 4.5 ms of a search, and the same as
 * its crop (cropLength 30; the equivalence test compares them): the interval of matches Meilisearch
 * would pick, widened word by word on both sides as it widens, "…" where the text was cut. A
 * description word matches a searched one as Meilisearch matches (accents and case aside): the
 * same word, the last searched word as a prefix, or within its typos (1 from 5 letters, 2 from 9,
 * a wrong first letter counting twice; none in numbers).
 */
import { foldAccents } from "../../lib/text";

export const CROP_WORDS = 30;
const MARKER = "…";
const WORD = /[\p{L}\p{N}]+/gu;
const NUMBER = /^\p{N}+$/u;

const fold = (word: string) => foldAccents(word).toLowerCase();

/** Each BMP unit's first unit once folded (plus one; 0: not met yet); -1 for surrogates (not known alone). */
const FOLDED_FIRST = new Uint16Array(0x10000);
function foldedFirst(unit: number): number {
  if (unit >= 0xd800 && unit <= 0xdfff) return -1;
  let known = FOLDED_FIRST[unit]!;
  if (!known) known = FOLDED_FIRST[unit] = fold(String.fromCharCode(unit)).charCodeAt(0) + 1;
  return known - 1;
}

interface Term {
  word: string;
  prefix: boolean;
  typos: number;
}

function termsOf(query: string): Term[] {
  const words = [...query.matchAll(WORD)].map((m) => fold(m[0]));
  // a query that ends inside a word is still being typed: its last word is a prefix
  const open = /[\p{L}\p{N}]$/u.test(query);
  return words.map((word, i) => ({
    word,
    prefix: open && i === words.length - 1,
    typos: NUMBER.test(word) ? 0 : word.length >= 9 ? 2 : word.length >= 5 ? 1 : 0,
  }));
}

/** Edits (insertion, deletion, substitution, swap of neighbours) from a to b, or more than max. */
function editsWithin(a: string, b: string, max: number): boolean {
  if (Math.abs(a.length - b.length) > max) return false;
  let prev2: number[] = [];
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prev2[j - 2]! + 1);
      row.push(d);
      best = Math.min(best, d);
    }
    if (best > max) return false;
    prev2 = prev;
    prev = row;
  }
  return prev[b.length]! <= max;
}

function matches(term: Term, word: string): boolean {
  if (word === term.word || (term.prefix && word.startsWith(term.word))) return true;
  if (!term.typos) return false;
  // a wrong first letter counts as two typos
  const allowed = term.typos - (word[0] === term.word[0] ? 0 : 1);
  if (!term.prefix) return editsWithin(term.word, word, allowed);
  // a word still being typed: some beginning of the word within its typos
  for (
    let length = Math.max(1, term.word.length - allowed);
    length <= Math.min(word.length, term.word.length + allowed);
    length++
  ) {
    if (editsWithin(term.word, word.slice(0, length), allowed)) return true;
  }
  return false;
}

interface Token {
  start: number;
  end: number;
  word: boolean;
  /** a separator that ends a clause or sentence: the window grows away from it first */
  hard: boolean;
}

/**
 * The separators after which Meilisearch's crop stops growing on that side: charabia's context
 * separators of the Latin script, without ":" (measured: its crop runs through a colon).
 */
const HARD = new Set([". ", ", ", "!", ";", "?", "¡", "§", "¶", "¿", "…", "‼", "‽", "⁇", "⁈", "⁉"]);

/** Whether each UTF-16 unit of the BMP is a letter or digit (1), or not (2), filled as met. */
const BMP_WORD = new Uint8Array(0x10000);
const WORD_CHAR = /^[\p{L}\p{N}]$/u;

/**
 * Where each word of the text starts and ends (WORD's matches, without a regular expression per
 * word), the first `max` words only.
 */
function wordSpans(text: string, max = Infinity) {
  const starts: number[] = [];
  const ends: number[] = [];
  let start = -1;
  for (let i = 0; i < text.length && starts.length < max;) {
    const unit = text.charCodeAt(i);
    let size = 1;
    let word: boolean;
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
      // outside the BMP (rare): the code point as a whole
      const point = text.codePointAt(i)!;
      size = point > 0xffff ? 2 : 1;
      word = WORD_CHAR.test(String.fromCodePoint(point));
    } else {
      let known = BMP_WORD[unit]!;
      if (!known) known = BMP_WORD[unit] = WORD_CHAR.test(String.fromCharCode(unit)) ? 1 : 2;
      word = known === 1;
    }
    if (word && start < 0) start = i;
    else if (!word && start >= 0) {
      starts.push(start);
      ends.push(i);
      start = -1;
    }
    i += size;
  }
  if (start >= 0) {
    starts.push(start);
    ends.push(text.length);
  }
  return { starts, ends };
}

/**
 * Words `from` to `to` and the separators between them (and before the first word of the text,
 * after its last), as Meilisearch cuts them: ". " and ", " are one separator, other characters
 * one each. Only the words near the window are cut: the window never reaches further.
 */
function tokensBetween(text: string, { starts, ends }: { starts: number[]; ends: number[] }, from: number, to: number) {
  const tokens: Token[] = [];
  const wordToken: number[] = [];
  const separators = (at: number, end: number) => {
    while (at < end) {
      const two = text.slice(at, at + 2);
      const size = (two === ". " || two === ", ") && at + 2 <= end ? 2 : text.codePointAt(at)! > 0xffff ? 2 : 1;
      tokens.push({ start: at, end: at + size, word: false, hard: HARD.has(text.slice(at, at + size)) });
      at += size;
    }
  };
  if (from === 0) separators(0, starts[0] ?? text.length);
  for (let w = from; w <= to; w++) {
    if (w > from) separators(ends[w - 1]!, starts[w]!);
    wordToken[w] = tokens.length;
    tokens.push({ start: starts[w]!, end: ends[w]!, word: true, hard: false });
  }
  if (to === starts.length - 1) separators(ends[to]!, text.length);
  return { tokens, wordToken };
}

interface Match {
  /** position among the words */
  word: number;
  term: number;
}

/** Meilisearch's score of an interval of matches: different searched words, then closeness, then order. */
function intervalScore(matches: Match[]): number[] {
  let distance = 0;
  let order = 0;
  for (let i = 0; i + 1 < matches.length; i++) {
    if (matches[i + 1]!.term > matches[i]!.term) order++;
    distance -= Math.min(matches[i + 1]!.word - matches[i]!.word, 7);
  }
  return [new Set(matches.map((m) => m.term)).size, distance, order];
}

const better = (a: number[], b: number[] | null) =>
  !b || a[0]! > b[0]! || (a[0] === b[0] && (a[1]! > b[1]! || (a[1] === b[1] && a[2]! > b[2]!)));

/** The first and last match of the best interval no longer than `size` words (Meilisearch's walk). */
function bestInterval(matches: Match[], size: number): [Match, Match] {
  let best: { first: number; last: number; score: number[] } | null = null;
  const consider = (first: number, last: number) => {
    const score = intervalScore(matches.slice(first, last + 1));
    if (better(score, best?.score ?? null)) best = { first, last, score };
  };
  let first = 0;
  for (let index = 0; index < matches.length; index++) {
    const lastWord = matches[index]!.word;
    if (lastWord - matches[first]!.word >= size) {
      if (index !== 0) consider(first, index - 1);
      for (;;) {
        first++;
        if (first === matches.length) {
          first--;
          break;
        }
        if (matches[first]!.word > lastWord || lastWord - matches[first]!.word < size) break;
      }
    }
  }
  consider(first, matches.length - 1);
  const { first: a, last: b } = best!;
  return [matches[a]!, matches[b]!];
}

/**
 * The excerpt of `text` for `query`; `seen` may be shared by the hits of one search (their
 * descriptions repeat words): word as written -> index of the term it matches, or -1.
 */
export function excerpt(text: string, query: string, seen = new Map<string, number>(), words = CROP_WORDS): string {
  const terms = termsOf(query);
  // without words searched the window starts at the text's start: the words past it are not needed
  const spans = wordSpans(text, terms.length ? Infinity : words + 3);
  if (!spans.starts.length) return text;
  const found: Match[] = [];
  if (terms.length) {
    // with fewer than 2 typos a word matches only from the term's first letter (see matches):
    // the words starting otherwise are passed over without being read
    const firsts = terms.every((t) => t.typos < 2) ? new Set(terms.map((t) => t.word.charCodeAt(0))) : null;
    for (let w = 0; w < spans.starts.length; w++) {
      const first = firsts ? foldedFirst(text.charCodeAt(spans.starts[w]!)) : -1;
      if (first >= 0 && !firsts!.has(first)) continue;
      const word = text.slice(spans.starts[w], spans.ends[w]);
      let term = seen.get(word);
      if (term === undefined) {
        const folded = fold(word);
        term = terms.findIndex((t) => matches(t, folded));
        seen.set(word, term);
      }
      if (term >= 0) found.push({ word: w, term });
    }
  }

  // the window: around the best interval of matches (or from the start), then grown word by
  // word on both sides alike, except that a side stopped at a hard separator waits for the other
  const interval = found.length ? bestInterval(found, words) : null;
  const [first, last] = interval ? [interval[0].word, interval[1].word] : [0, -1];
  const near = first - words - 1;
  const { tokens, wordToken } = tokensBetween(
    text,
    spans,
    Math.max(0, near),
    Math.min(spans.starts.length - 1, Math.max(last, first) + words + 1),
  );
  let remaining = words - (last - first + 1);
  let before = found.length ? wordToken[first]! : 0; // tokens[before - 1], tokens[before - 2]... are the next ones on the left
  let after = found.length ? wordToken[last]! + 1 : 0; // tokens[after], tokens[after + 1]... on the right
  while (remaining > 0) {
    const left = before > 0 ? tokens[before - 1]! : null;
    const right = after < tokens.length ? tokens[after]! : null;
    if (left && right) {
      if (!left.word && !right.word) {
        if (left.hard === right.hard) {
          before--;
          if (remaining > 1) after++;
        } else if (left.hard) after++;
        else before--;
      } else if (left.word && !right.word) {
        before--;
        remaining--;
      } else if (!left.word && right.word) {
        after++;
        remaining--;
      } else {
        before--;
        remaining--;
        if (remaining > 0) {
          after++;
          remaining--;
        }
      }
    } else if (left) {
      before--;
      if (left.word) remaining--;
    } else if (right) {
      after++;
      if (right.word) remaining--;
    } else break;
  }
  const start = before > 0 ? tokens[before - 1]!.end : 0;
  const end = after < tokens.length ? tokens[after]!.start : text.length;
  return `${start > 0 ? MARKER : ""}${text.slice(start, end)}${end < text.length ? MARKER : ""}`;
}

/**
 * `excerpt` with what each description word matched kept per recent query: people repeat
 * searches and descriptions share most of their words, so the matching is mostly looked up.
 * The excerpts themselves are kept too, by query and text (a repeated search, the next page and
 * back show the same ads; about 15 µs each to make again, 20 a page). Bounded: `queries`
 * queries, each with at most `wordsPerQuery` words, and `textsPerQuery` excerpts whose texts
 * hold at most `charsPerQuery` characters together (a description may have 20,000: the texts
 * kept as keys would otherwise reach 100 MB). `keptChars` says how many the texts hold in all.
 */
export function excerpter({ queries = 50, wordsPerQuery = 5000, textsPerQuery = 100, charsPerQuery = 100_000 } = {}) {
  type Kept = { seen: Map<string, number>; made: Map<string, string>; chars: number };
  const byQuery = new Map<string, Kept>();
  const cut = (text: string, query: string) => {
    let kept = byQuery.get(query);
    if (!kept || kept.seen.size > wordsPerQuery) {
      byQuery.delete(query);
      if (byQuery.size >= queries) byQuery.delete(byQuery.keys().next().value!);
      kept = { seen: new Map(), made: new Map(), chars: 0 };
      byQuery.set(query, kept);
    }
    let made = kept.made.get(text);
    if (made === undefined) {
      made = excerpt(text, query, kept.seen);
      if (text.length <= charsPerQuery) {
        // the oldest go first, until the new one fits
        while (kept.made.size >= textsPerQuery || kept.chars + text.length > charsPerQuery) {
          const oldest = kept.made.keys().next().value!;
          kept.made.delete(oldest);
          kept.chars -= oldest.length;
        }
        kept.made.set(text, made);
        kept.chars += text.length;
      }
    }
    return made;
  };
  const keptChars = () => [...byQuery.values()].reduce((sum, kept) => sum + kept.chars, 0);
  return Object.assign(cut, { keptChars });
}
