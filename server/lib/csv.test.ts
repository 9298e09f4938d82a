import { describe, expect, it } from "vitest";
import { safeCell, spreadsheetCsv } from "./csv";

describe("spreadsheetCsv", () => {
  it("writes UTF-8 with a BOM, `;` by default and Windows line ends, quoting what needs it", () => {
    const text = spreadsheetCsv([
      ["Nom", "Ville"],
      ["Zoé", "Genève; centre"],
      ['Dit "Jo"', "a\nb"],
    ]);
    expect(text.startsWith("\uFEFF")).toBe(true);
    expect(text.slice(1)).toBe('Nom;Ville\r\nZoé;"Genève; centre"\r\n"Dit ""Jo""";"a\nb"\r\n');
  });

  it("defuses text cells a spreadsheet would run as formulas, not numbers", () => {
    expect(["=HYPERLINK(1)", "+41 79", "-2", "@SUM", "\tx", "\rx", "Anna", ""].map(safeCell)).toEqual([
      "'=HYPERLINK(1)",
      "'+41 79",
      "'-2",
      "'@SUM",
      "'\tx",
      "'\rx",
      "Anna",
      "",
    ]);
    expect(spreadsheetCsv([["=1+1", -2.5, 3]]).slice(1)).toBe("'=1+1;-2.5;3\r\n");
  });

  it("takes another delimiter and a decimal comma", () => {
    expect(spreadsheetCsv([["a", 1.25]], { delimiter: "," }).slice(1)).toBe("a,1.25\r\n");
    expect(spreadsheetCsv([["a", 1.25]], { decimalComma: true }).slice(1)).toBe("a;1,25\r\n");
  });
});
