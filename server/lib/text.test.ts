import { describe, expect, it } from "vitest";
import { foldAccents, slugify } from "./text";

describe("foldAccents", () => {
  it("takes the marks off letters, keeping case and every other character", () => {
    expect(foldAccents("Genève, Neuchâtel, Ça, Zürich, São Paulo, Łódź")).toBe(
      "Geneve, Neuchatel, Ca, Zurich, Sao Paulo, Łodz",
    );
    expect(foldAccents("Cœur ß Æ l’été")).toBe("Cœur ß Æ l’ete");
    // already decomposed text and marks beyond the Latin block go too
    expect(foldAccents("e\u0301te\u0301 a\u20dd")).toBe("ete a");
  });
});

describe("slugify", () => {
  it("keeps lower-case ASCII letters and digits, one dash between their runs, none at the ends", () => {
    expect(slugify("Jeûne Genevois")).toBe("jeune-genevois");
    expect(slugify("Chef de chantier (H/F) à Genève 2")).toBe("chef-de-chantier-h-f-a-geneve-2");
    expect(slugify("  — Électricien·ne !? ")).toBe("electricien-ne");
    expect(slugify("???")).toBe("");
  });
});
