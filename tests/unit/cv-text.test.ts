import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCv } from "../../server/modules/candidates/cv/parse";
import { DOCX_MIME, extractText, odtXmlToText } from "../../server/modules/candidates/cv/text";

// before anything in this file loads pdf.js
const [nativeStringify, nativeParse, nativePush, nativeToString] = [
  JSON.stringify,
  JSON.parse,
  Array.prototype.push,
  Function.prototype.toString,
];

const sample = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/cv", name)));
const PDF = "application/pdf";
const ODT = "application/vnd.oasis.opendocument.text";
const DOC = "application/x-cfb";

describe("extractText on the sample CVs", () => {
  it.each([
    ["cv-fr.pdf", PDF, "Expérience professionnelle"],
    ["cv-de.pdf", PDF, "Berufserfahrung"],
    ["cv-de.docx", DOCX_MIME, "Berufserfahrung"],
    ["cv-fr.doc", DOC, "Expérience professionnelle"],
    ["cv-de.odt", ODT, "Berufserfahrung"],
  ])("%s: the text, with its headings and accents, not from OCR", async (name, mime, heading) => {
    const bytes = sample(name);
    const result = await extractText(bytes, mime);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.ocr).toBe(false);
    expect(result.text).toContain(heading);
    // the whole way: the parser finds the person in it
    const s = parseCv(result.text);
    expect(s.find((x) => x.field === "email")?.value).toMatch(/@example\.ch$/);
    expect(s.filter((x) => x.field === "experience")).toHaveLength(2);
    expect(s.filter((x) => x.field === "language")).toHaveLength(3);
  });

  it("reading a PDF leaves the process's built-ins native (pdf.js's core-js would replace JSON's)", async () => {
    const result = await extractText(sample("cv-fr.pdf"), PDF);
    expect(result.ok).toBe(true);
    expect(JSON.stringify).toBe(nativeStringify);
    expect(JSON.parse).toBe(nativeParse);
    expect(Array.prototype.push).toBe(nativePush);
    expect(Function.prototype.toString).toBe(nativeToString);
    // what it adds for itself stays
    expect("withResolvers" in Promise).toBe(true);
  });

  it("does not change the caller's bytes (pdf.js takes the buffer it is given)", async () => {
    const bytes = sample("cv-fr.pdf");
    const copy = bytes.slice();
    await extractText(bytes, PDF);
    expect(bytes).toEqual(copy);
  });

  it("a scanned PDF (no text layer) goes through OCR in French and is marked ocr", { timeout: 60_000 }, async () => {
    const result = await extractText(sample("cv-fr-scan.pdf"), PDF, { timeoutMs: 55_000 });
    expect(result).toMatchObject({ ok: true, ocr: true, pages: 1 });
    if (!result.ok) return;
    expect(result.text).toContain("marie.dupont@example.ch");
    expect(result.text).toMatch(/Expérience professionnelle/);
    const s = parseCv(result.text);
    expect(s.find((x) => x.field === "lastName")?.value).toBe("Dupont");
  });

  it("without OCR a scanned PDF is left to the OCR job (needs_ocr)", async () => {
    expect(await extractText(sample("cv-fr-scan.pdf"), PDF, { ocr: false })).toMatchObject({
      ok: false,
      reason: "needs_ocr",
    });
  });
});

describe("extractText failures are typed, never thrown", () => {
  it.each([
    ["a corrupt PDF", sample("corrupt.pdf"), PDF, "unreadable"],
    ["a PDF cut in half", sample("cv-fr.pdf").slice(0, 700), PDF, "unreadable"],
    ["random bytes called a .doc", new Uint8Array(4096).fill(7), DOC, "unreadable"],
    ["an ODT that is no zip", new TextEncoder().encode("PK\u0003\u0004 nothing"), ODT, "unreadable"],
    ["a DOCX that is no zip", new TextEncoder().encode("not a docx"), DOCX_MIME, "unreadable"],
    ["an empty file", new Uint8Array(0), PDF, "unreadable"],
    ["a PNG cut after its signature", new Uint8Array([0x89, 0x50, 0x4e, 0x47]), "image/png", "unreadable"],
    ["a GIF", new Uint8Array([0x47, 0x49, 0x46, 0x38]), "image/gif", "unsupported_type"],
  ])("%s", async (_, bytes, mime, reason) => {
    const result = await extractText(bytes, mime);
    expect(result).toMatchObject({ ok: false, reason });
  });

  it("a time limit stops the extraction", async () => {
    expect(await extractText(sample("cv-fr-scan.pdf"), PDF, { timeoutMs: 1 })).toMatchObject({
      ok: false,
      reason: "timeout",
    });
  });
});

describe("odtXmlToText", () => {
  it("keeps paragraphs on lines, spaces, tabs and entities", () => {
    const xml = `<office:body><text:h>Langues</text:h><text:p>Anglais<text:s text:c="2"/>:<text:tab/>C1 &amp; plus</text:p><text:p>Allemand<text:line-break/>notions</text:p></office:body>`;
    expect(odtXmlToText(xml)).toBe("Langues\nAnglais  :\tC1 & plus\nAllemand\nnotions\n");
  });
});

describe("a two-column PDF (issue 27)", () => {
  it("is read column by column, the main one (with the name) first; the wrapped skill joins", async () => {
    const result = await extractText(sample("outside-logistics-de-2col.pdf"), PDF);
    if (!result.ok) throw new Error(result.reason);
    const lines = result.text.split("\n");
    expect(lines[0]).toBe("Lukas Brunner");
    expect(lines.indexOf("Persönliche Daten")).toBeGreaterThan(lines.indexOf("Ausbildung"));
    const s = parseCv(result.text);
    expect(s.filter((x) => x.field === "firstName" || x.field === "lastName").map((x) => x.value)).toEqual([
      "Lukas",
      "Brunner",
    ]);
    expect(s.filter((x) => x.field === "skill").map((x) => x.value)).toContain("Staplerfahrer (SUVA Ausweis)");
  });
});
