import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { parseCv } from "../../server/modules/candidates/cv/parse";
import { DOCX_MIME, extractText } from "../../server/modules/candidates/cv/text";
import { EXPECTED, matches, score } from "../fixtures/cv/outside";

/**
 * The outside-CV check of issue 27, repeatable: CVs written for it (tests/fixtures/cv/outside.ts,
 * made in every format by make-samples.ts) go through the real extraction and the parser, and the
 * suggestions are scored against the fields a good reading gives. Each format has the threshold
 * it reaches honestly (OCR reads less than a text layer, a photo less than a scan).
 */
const sample = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/cv", name)));

const FORMATS = [
  { file: "outside-dev-fr.pdf", mime: "application/pdf", cv: "devFr", threshold: 0.95, ocr: false },
  { file: "outside-dev-fr.docx", mime: DOCX_MIME, cv: "devFr", threshold: 0.95, ocr: false },
  {
    file: "outside-dev-fr.odt",
    mime: "application/vnd.oasis.opendocument.text",
    cv: "devFr",
    threshold: 0.95,
    ocr: false,
  },
  { file: "outside-dev-fr.doc", mime: "application/x-cfb", cv: "devFr", threshold: 0.95, ocr: false },
  { file: "outside-dev-fr-scan.pdf", mime: "application/pdf", cv: "devFr", threshold: 0.9, ocr: true },
  { file: "outside-dev-fr.jpg", mime: "image/jpeg", cv: "devFr", threshold: 0.85, ocr: true },
  { file: "outside-logistics-de-2col.pdf", mime: "application/pdf", cv: "logisticsDe", threshold: 0.95, ocr: false },
] as const;

describe("an outside CV in every format (issue 27)", () => {
  it.each(FORMATS)("$file: scores at least $threshold, no group heading offered as a skill", async (f) => {
    const text = await extractText(sample(f.file), f.mime, { timeoutMs: 120_000 });
    if (!text.ok) throw new Error(`${f.file}: ${text.reason}`);
    expect(text.ocr).toBe(f.ocr);
    const suggestions = parseCv(text.text);
    const expected = EXPECTED[f.cv];
    const missed = expected.fields.filter((e) => !suggestions.some((s) => matches(s, e)));
    expect(score(suggestions, expected.fields), `missed: ${JSON.stringify(missed)}`).toBeGreaterThanOrEqual(
      f.threshold,
    );
    const skills = suggestions.filter((s) => s.field === "skill").map((s) => String(s.value).toLowerCase());
    for (const heading of expected.headings) expect(skills).not.toContain(heading.toLowerCase());
  });
});
