import { describe, expect, it } from "vitest";
import { excerpt, excerpter } from "./search-excerpt";

const words = (n: number, from = 1) => Array.from({ length: n }, (_, i) => `mot${i + from}`).join(" ");

describe("the excerpt of a description", () => {
  it("is the first 30 words without a query, marked where the text goes on", () => {
    expect(excerpt(`${words(40)}.`, "")).toBe(`${words(30)}…`);
    expect(excerpt("Une phrase courte.", "")).toBe("Une phrase courte.");
  });

  it("without a query reads only the words it may show, and cuts as a query that matches nothing", () => {
    for (let n = 27; n <= 36; n++)
      for (const end of ["", ".", " !", " ; fin"]) {
        const text = `${words(n)}${end}`;
        expect(excerpt(text, "")).toBe(excerpt(text, "zzqqxx"));
      }
  });

  it("centres on what was searched, marked on both sides", () => {
    const text = `${words(50)} électricien ${words(50, 51)}`;
    expect(excerpt(text, "electricien")).toBe(`…${words(15, 36)} électricien ${words(14, 51)}…`);
  });

  it("prefers the window holding the most searched words", () => {
    const text = `soudeur ${words(40)} soudeur TIG ${words(40, 41)}`;
    const result = excerpt(text, "soudeur tig");
    expect(result).toContain("soudeur TIG");
    expect(result.split(/\s+/)).toHaveLength(30);
  });

  it("matches across accents and case, a prefix of the last word and typos", () => {
    const text = (word: string) => `${words(40)} ${word} ${words(40, 41)}`;
    expect(excerpt(text("Électricienne"), "électricien")).toContain("Électricienne");
    expect(excerpt(text("chauffeur"), "chauff")).toContain(" chauffeur ");
    // one typo from 5 letters, two from 9
    expect(excerpt(text("cariste"), "carsite")).toContain(" cariste ");
    expect(excerpt(text("électricien"), "elecrticein")).toContain(" électricien ");
    // a wrong first letter counts twice: none allowed under 9 letters
    expect(excerpt(text("cariste"), "bariste")).toBe(`${words(30)}…`);
    // no typos in numbers
    expect(excerpt(text("75002"), "75001")).toBe(`${words(30)}…`);
    // a prefix only for the word still being typed
    expect(excerpt(text("chauffeur"), "chauff ")).toBe(`${words(30)}…`);
  });

  it("reaches the end of the text without a marker", () => {
    const text = `${words(40)} grutier fin.`;
    expect(excerpt(text, "grutier")).toBe(`…${words(28, 13)} grutier fin.`);
  });
});

describe("the excerpter of a search service", () => {
  it("gives the same excerpts while it keeps the matches of recent queries", () => {
    const cut = excerpter({ queries: 2, wordsPerQuery: 50, textsPerQuery: 2 });
    const texts = [
      `${words(50)} électricien ${words(50, 51)}`,
      `électricien ${words(80)}`,
      words(10),
      `${words(40)} cariste`,
    ];
    for (const q of ["electricien", "mot7", "electricien", "cariste", "electricien", "electricien"]) {
      for (const text of [...texts, ...texts.slice(0, 2)]) expect(cut(text, q)).toBe(excerpt(text, q));
    }
  });

  it("keeps no more of the texts than its bound, however long the descriptions", () => {
    const cut = excerpter({ queries: 2, textsPerQuery: 10, charsPerQuery: 10_000 });
    const long = (n: number) => `${words(400, n)} électricien ${words(100, n)}`;
    for (const q of ["electricien", "mot7", "cariste"])
      for (let n = 0; n < 30; n++) {
        const text = n % 7 === 6 ? words(2_000) : long(n);
        expect(cut(text, q)).toBe(excerpt(text, q));
        expect(cut.keptChars()).toBeLessThanOrEqual(2 * 10_000);
      }
    expect(cut.keptChars()).toBeGreaterThan(0);
  });
});
