import { describe, expect, it } from "vitest";
import { renderMail } from "./templates";

describe("mails", () => {
  it("say a count in its plural form, though mail params are kept as text", async () => {
    const params = (count: number) => ({
      name: "Léa",
      search: "Chantier",
      count: String(count),
      ads: "",
      link: "http://x/a",
      manage: "http://x/m",
    });
    expect((await renderMail("searchAlert", "fr", params(1))).text).toContain(
      "1 nouvelle offre correspond à votre recherche",
    );
    expect((await renderMail("searchAlert", "fr", params(3))).text).toContain(
      "3 nouvelles offres correspondent à votre recherche",
    );
    expect((await renderMail("searchAlert", "en", params(1))).text).toContain("1 new ad matches your saved search");
    expect((await renderMail("searchAlert", "de", params(2))).text).toContain("2 neue Anzeigen entsprechen");
  });
});
