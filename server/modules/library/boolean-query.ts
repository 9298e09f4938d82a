/**
 * The CV library's search syntax (ADR 0034): words, "quoted phrases", AND (or nothing between two
 * terms), OR, NOT (or a leading "-"), parentheses. `parseQuery` builds a small tree; a malformed
 * query is a translated error, never an exception.
 */

export type QueryNode =
  | { kind: "term"; text: string; phrase: boolean }
  | { kind: "and"; items: QueryNode[] }
  | { kind: "or"; items: QueryNode[] }
  | { kind: "not"; item: QueryNode };

/** the translation keys of what can be wrong with a query */
export type QueryError = "query.unclosed_quote" | "query.unbalanced" | "query.missing_term";

export type ParsedQuery = { ok: true; node: QueryNode | null } | { ok: false; error: QueryError };

type Token = { type: "word" | "phrase" | "and" | "or" | "not" | "open" | "close"; text: string };

const OPERATORS: Record<string, Token["type"]> = {
  AND: "and",
  OR: "or",
  NOT: "not",
  ET: "and",
  OU: "or",
  UND: "and",
  ODER: "or",
  NICHT: "not",
};

function tokenize(input: string): Token[] | QueryError {
  const tokens: Token[] = [];
  let i = 0;
  while (i < input.length) {
    const c = input[i]!;
    if (/\s/.test(c)) i++;
    else if (c === "(" || c === ")") {
      tokens.push({ type: c === "(" ? "open" : "close", text: c });
      i++;
    } else if (c === '"') {
      const end = input.indexOf('"', i + 1);
      if (end < 0) return "query.unclosed_quote";
      const text = input
        .slice(i + 1, end)
        .replace(/\s+/g, " ")
        .trim();
      if (text) tokens.push({ type: "phrase", text });
      i = end + 1;
    } else if (c === "-" && (i === 0 || /[\s(]/.test(input[i - 1]!)) && /[^\s()-]/.test(input[i + 1] ?? " ")) {
      tokens.push({ type: "not", text: "-" });
      i++;
    } else {
      let j = i;
      while (j < input.length && !/[\s()"]/.test(input[j]!)) j++;
      const word = input.slice(i, j);
      // operators count in capitals only: "or" and "et" stay words a candidate may have written
      tokens.push({ type: OPERATORS[word] ?? "word", text: word });
      i = j;
    }
  }
  return tokens;
}

/** Parses a recruiter's query; an empty query is `{ ok: true, node: null }`. */
export function parseQuery(input: string): ParsedQuery {
  const tokens = tokenize(input);
  if (typeof tokens === "string") return { ok: false, error: tokens };
  if (!tokens.length) return { ok: true, node: null };
  let pos = 0;
  const peek = () => tokens[pos];

  const orExpr = (): QueryNode | QueryError => {
    const items: QueryNode[] = [];
    for (;;) {
      const item = andExpr();
      if (typeof item === "string") return item;
      items.push(item);
      if (peek()?.type !== "or") break;
      pos++;
    }
    return items.length === 1 ? items[0]! : { kind: "or", items };
  };
  const andExpr = (): QueryNode | QueryError => {
    const items: QueryNode[] = [];
    for (;;) {
      const item = unary();
      if (typeof item === "string") return item;
      items.push(item);
      const next = peek();
      if (next?.type === "and") {
        pos++;
        continue;
      }
      if (!next || next.type === "or" || next.type === "close") break;
    }
    return items.length === 1 ? items[0]! : { kind: "and", items };
  };
  const unary = (): QueryNode | QueryError => {
    const token = peek();
    if (!token) return "query.missing_term";
    pos++;
    if (token.type === "not") {
      const item = unary();
      return typeof item === "string" ? item : { kind: "not", item };
    }
    if (token.type === "open") {
      const inner = orExpr();
      if (typeof inner === "string") return inner;
      if (peek()?.type !== "close") return "query.unbalanced";
      pos++;
      return inner;
    }
    if (token.type === "word" || token.type === "phrase")
      return { kind: "term", text: token.text, phrase: token.type === "phrase" };
    return token.type === "close" ? "query.unbalanced" : "query.missing_term";
  };

  const node = orExpr();
  if (typeof node === "string") return { ok: false, error: node };
  if (pos < tokens.length) return { ok: false, error: "query.unbalanced" };
  if (node.kind === "not" || (node.kind === "and" && node.items.every((n) => n.kind === "not")))
    return { ok: false, error: "query.missing_term" };
  return { ok: true, node };
}

/** Lower case without accents: how `words` are stored and compared ("Élévateur" is "elevateur"). */
export const foldWord = (s: string) => s.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

/** The words of a text as the `words` attribute holds them (letters and digits, folded). */
export const wordsOf = (text: string) => foldWord(text).match(/[\p{L}\p{N}]+/gu) ?? [];

const quote = (w: string) => `"${w.replace(/["\\]/g, "\\$&")}"`;

/** A term as a filter on `words`: every word of a phrase is there (order not checked by a filter). */
function termFilter(text: string): string {
  const words = wordsOf(text);
  if (!words.length) return "";
  const parts = words.map((w) => `words = ${quote(w)}`);
  return parts.length === 1 ? parts[0]! : `(${parts.join(" AND ")})`;
}

function toFilter(node: QueryNode): string {
  switch (node.kind) {
    case "term":
      return termFilter(node.text);
    case "not": {
      const inner = toFilter(node.item);
      return inner ? `NOT (${inner})` : "";
    }
    case "and":
    case "or": {
      const parts = node.items.map(toFilter).filter(Boolean);
      return parts.length > 1 ? `(${parts.join(node.kind === "and" ? " AND " : " OR ")})` : (parts[0] ?? "");
    }
  }
}

/**
 * The query as Meilisearch runs it (ADR 0034): the terms that must all be there, at the top
 * level, go to `q` (typo-tolerant, ranked, highlighted; matchingStrategy "all"; phrases quoted);
 * each OR group and each NOT becomes a filter on the exact folded `words` of the document.
 */
export function toMeilisearch(node: QueryNode | null): { q: string; filter: string[] } {
  if (!node) return { q: "", filter: [] };
  const top = node.kind === "and" ? node.items : [node];
  const q: string[] = [];
  const filter: string[] = [];
  for (const item of top) {
    if (item.kind === "term") q.push(item.phrase ? `"${item.text.replace(/"/g, "")}"` : item.text);
    else {
      const f = toFilter(item);
      if (f) filter.push(f);
    }
  }
  return { q: q.join(" "), filter };
}
