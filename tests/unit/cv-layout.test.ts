import { describe, expect, it } from "vitest";
import { readingOrder, type PdfTextItem } from "../../server/modules/candidates/cv/layout";
import { LOGISTICS_DE } from "../fixtures/cv/outside";

/** Text items as pdf.js gives them: one per line, at x and baseline y, about 5 units a character. */
const item = (str: string, x: number, y: number, size = 10): PdfTextItem => ({
  str,
  transform: [size, 0, 0, size, x, y],
  width: str.length * size * 0.5,
  height: size,
});
const column = (text: string, x: number, top: number, step: number, size = 10) =>
  text.split("\n").flatMap((line, i) => (line.trim() ? [item(line, x, top - i * step, size)] : []));

describe("readingOrder (issue 27)", () => {
  it("a single column stays in order, items of a line joined with the spaces they lack", () => {
    const items = [
      item("Marie", 50, 790),
      item("DUPONT", 80, 790),
      ...column("12 rue de la Gare\n1003 Lausanne", 50, 775, 15),
    ];
    expect(readingOrder(items)).toEqual(["Marie DUPONT", "12 rue de la Gare", "1003 Lausanne"]);
  });
  it("two columns drawn side column first: the wide column (with the name) first, then the side one", () => {
    const side = column(LOGISTICS_DE.side, 30, 781.5, 13, 8);
    const main = column(LOGISTICS_DE.main, 200, 790, 15);
    const lines = readingOrder([...side, ...main]);
    expect(lines[0]).toBe("Lukas Brunner");
    expect(lines.indexOf("Persönliche Daten")).toBe(LOGISTICS_DE.main.split("\n").filter((l) => l.trim()).length);
    expect(lines.join("\n")).toBe(
      [LOGISTICS_DE.main, LOGISTICS_DE.side].flatMap((t) => t.split("\n").filter((l) => l.trim())).join("\n"),
    );
  });
  it("a title spanning both columns comes before them", () => {
    const lines = readingOrder([
      ...column("Kontakt\nZürich\n079 456 78 12\nlukas@example.ch", 30, 740, 13, 8),
      ...column("Berufserfahrung\nLagerist, Galaxus AG\nChauffeur, Planzer AG\nAusbildung", 200, 750, 15),
      item("Lukas Brunner — Logistiker EFZ mit zehn Jahren Erfahrung", 30, 800, 14),
    ]);
    expect(lines.slice(0, 2)).toEqual(["Lukas Brunner — Logistiker EFZ mit zehn Jahren Erfahrung", "Berufserfahrung"]);
    expect(lines.at(-1)).toBe("lukas@example.ch");
  });
  it("a table (dates beside their entries on the same baselines) stays row by row", () => {
    const rows = ["2019 – 2021", "2017 – 2019", "2015 – 2017", "2013 – 2015"];
    const items = rows.flatMap((d, i) => [
      item(d, 50, 700 - i * 15),
      item(`Poste ${i + 1}, Entreprise ${i + 1}`, 200, 700 - i * 15),
    ]);
    expect(readingOrder(items)).toEqual(rows.map((d, i) => `${d} Poste ${i + 1}, Entreprise ${i + 1}`));
  });
});
