import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { checkDocument } from "./uploads";

const sample = (name: string) => new Uint8Array(fs.readFileSync(path.resolve("tests/fixtures/cv", name)));

describe("checkDocument", () => {
  it("the upload check reads pdf, odt and doc samples as their types", async () => {
    expect(await checkDocument("cv.pdf", sample("cv-fr.pdf"))).toBe("application/pdf");
    expect(await checkDocument("cv.odt", sample("cv-de.odt"))).toBe("application/vnd.oasis.opendocument.text");
    expect(await checkDocument("cv.doc", sample("cv-fr.doc"))).toBe("application/x-cfb");
  });
});
