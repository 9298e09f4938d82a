import { describe, expect, it } from "vitest";
import { parseQuery, toMeilisearch, wordsOf } from "./boolean-query";

const parsed = (q: string) => {
  const r = parseQuery(q);
  if (!r.ok) throw new Error(r.error);
  return r.node;
};

describe("the CV library's query syntax", () => {
  it("reads the recruiter's example into a tree", () => {
    expect(parsed('cariste AND (CACES OR "chariot élévateur") NOT nuit')).toEqual({
      kind: "and",
      items: [
        { kind: "term", text: "cariste", phrase: false },
        {
          kind: "or",
          items: [
            { kind: "term", text: "CACES", phrase: false },
            { kind: "term", text: "chariot élévateur", phrase: true },
          ],
        },
        { kind: "not", item: { kind: "term", text: "nuit", phrase: false } },
      ],
    });
  });

  it("binds AND tighter than OR, and reads two terms side by side as AND", () => {
    expect(parsed("a b OR c")).toEqual({
      kind: "or",
      items: [
        {
          kind: "and",
          items: [
            { kind: "term", text: "a", phrase: false },
            { kind: "term", text: "b", phrase: false },
          ],
        },
        { kind: "term", text: "c", phrase: false },
      ],
    });
  });

  it("takes a leading minus as NOT and lower-case operators as words", () => {
    expect(parsed("maçon -nuit")).toEqual({
      kind: "and",
      items: [
        { kind: "term", text: "maçon", phrase: false },
        { kind: "not", item: { kind: "term", text: "nuit", phrase: false } },
      ],
    });
    expect(parsed("rock and roll")).toMatchObject({ kind: "and", items: [{}, { text: "and" }, {}] });
    expect(parsed("Jean-Pierre")).toEqual({ kind: "term", text: "Jean-Pierre", phrase: false });
  });

  it("says what is wrong with a malformed query", () => {
    expect(parseQuery('cariste "chariot')).toEqual({ ok: false, error: "query.unclosed_quote" });
    expect(parseQuery("(cariste OR maçon")).toEqual({ ok: false, error: "query.unbalanced" });
    expect(parseQuery("cariste)")).toEqual({ ok: false, error: "query.unbalanced" });
    expect(parseQuery("cariste AND")).toEqual({ ok: false, error: "query.missing_term" });
    expect(parseQuery("OR maçon")).toEqual({ ok: false, error: "query.missing_term" });
    expect(parseQuery("NOT nuit")).toEqual({ ok: false, error: "query.missing_term" });
    expect(parseQuery("()")).toEqual({ ok: false, error: "query.unbalanced" });
    expect(parseQuery("   ")).toEqual({ ok: true, node: null });
  });
});

describe("the query as Meilisearch runs it", () => {
  it("sends the required terms as q and OR groups and NOTs as filters on the folded words", () => {
    expect(toMeilisearch(parsed('cariste AND (CACES OR "chariot élévateur") NOT nuit'))).toEqual({
      q: "cariste",
      filter: ['(words = "caces" OR (words = "chariot" AND words = "elevateur"))', 'NOT (words = "nuit")'],
    });
    expect(toMeilisearch(parsed('"chariot élévateur" maçon'))).toEqual({ q: '"chariot élévateur" maçon', filter: [] });
    expect(toMeilisearch(parsed('a OR b"'.replace('"', "")))).toEqual({
      q: "",
      filter: ['(words = "a" OR words = "b")'],
    });
    expect(toMeilisearch(null)).toEqual({ q: "", filter: [] });
  });

  it("folds words as the index stores them", () => {
    expect(wordsOf("Chariot ÉLÉVATEUR, CACES® R489")).toEqual(["chariot", "elevateur", "caces", "r489"]);
  });
});
