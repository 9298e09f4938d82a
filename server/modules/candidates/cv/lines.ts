/**
 * The CV text as lines with their offsets in the whole text (so a suggestion's source is the CV's
 * own words), and the small text helpers the parser's parts share.
 */
import { foldAccents } from "../../../lib/text";

/** Lower case, accents and ligatures gone: what headings and words are compared on. */
export const fold = (s: string) =>
  foldAccents(s).replace(/[’`´]/g, "'").replace(/œ/g, "oe").replace(/æ/g, "ae").toLowerCase();

export interface Line {
  text: string;
  /** offsets of `text` in the whole CV text */
  start: number;
  end: number;
}

export function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let offset = 0;
  for (const raw of text.split("\n")) {
    const lead = raw.length - raw.trimStart().length;
    const trimmed = raw.trim();
    if (trimmed) lines.push({ text: trimmed, start: offset + lead, end: offset + lead + trimmed.length });
    offset += raw.length + 1;
  }
  return lines;
}

/** A part of a line, its offsets kept (so the source shown is the CV's own text). */
export const sub = (line: Line, from: number, to: number): Line => {
  const raw = line.text.slice(from, to);
  const lead = raw.length - raw.trimStart().length;
  const text = raw.trim();
  return { text, start: line.start + from + lead, end: line.start + from + lead + text.length };
};

export const BULLET = /^[\s•·▪■●◦‣○►▶✓✔*+>–—-]+/u;
export const stripBullet = (s: string) => s.replace(BULLET, "").trim();
export const tidy = (s: string) =>
  s
    .replace(/^[\s:|,;·•–—-]+|[\s:|,;·•–—-]+$/gu, "")
    .replace(/\s{2,}/g, " ")
    // a word wrapped at its hyphen ("SUVA-" / "Ausweis") is one word again
    .replace(/(\p{L})- (?=\p{L})/gu, "$1-")
    .trim();

const unbalanced = (s: string) => (s.match(/\(/g)?.length ?? 0) > (s.match(/\)/g)?.length ?? 0);
const CONTINUES = /[,/&+-]$|\s(?:et|und|and|e|y|ou|oder|or|o)$/iu;

/**
 * A list's lines with the wrapped ones joined (issue 27): a line continues the one above when
 * that one leaves a parenthesis open or ends with a comma, a hyphen or "and", or when it starts
 * in lower case ("Staplerfahrer (SUVA" + "Ausweis)" is one skill). The joined line keeps its
 * offsets: its text is the CV's, line breaks read as spaces.
 */
export function joinWrapped(lines: Line[], text: string): Line[] {
  const out: Line[] = [];
  for (const line of lines) {
    const previous = out.at(-1);
    const joins =
      previous &&
      !BULLET.test(line.text) &&
      (unbalanced(previous.text) || CONTINUES.test(previous.text) || /^\p{Ll}/u.test(line.text));
    if (joins)
      out[out.length - 1] = {
        text: text.slice(previous.start, line.end).replace(/\s/g, " "),
        start: previous.start,
        end: line.end,
      };
    else out.push(line);
  }
  return out;
}
