import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { LANGUAGES } from "../../app/i18n";

// One word per language for a timesheet (issue 27: the menu said "Fiches horaires", the page
// "Relevés d'heures"). French follows the agency URL /releves-heures; the others keep the term
// most of their files already used. The words below are the ones removed or never to come back.
const TERM: Record<(typeof LANGUAGES)[number], { kept: RegExp; others: RegExp }> = {
  fr: { kept: /relevés? d'heures/i, others: /fiches? horaires?|feuilles? d'heures|feuilles? de temps/i },
  en: { kept: /timesheets?/i, others: /time sheets?|time cards?|timecards?|hours? (?:statements?|reports?)/i },
  de: { kept: /stundenzettel/i, others: /stundenrapport|stundennachweis|stundenbl[äa]tt|zeitrapport/i },
  it: { kept: /rapporti? ore|rapporto ore/i, others: /fogli[o]? ore|fogli[o]? presenze|schede? ore/i },
  pt: { kept: /folhas? de horas/i, others: /registos? de horas|fichas? de horas|relatórios? de horas/i },
};

const root = path.resolve("public/locales");
const strings = (o: unknown): string[] =>
  typeof o === "string" ? [o] : o && typeof o === "object" ? Object.values(o).flatMap(strings) : [];

describe("the word for a timesheet", () => {
  it.each(LANGUAGES)("%s uses one term in every locale file", (lng) => {
    const { kept, others } = TERM[lng];
    const texts = fs
      .readdirSync(path.join(root, lng))
      .flatMap((file) => strings(JSON.parse(fs.readFileSync(path.join(root, lng, file), "utf8"))));
    expect(texts.filter((s) => others.test(s))).toEqual([]);
    // the menu entry itself carries the kept term
    const common = JSON.parse(fs.readFileSync(path.join(root, lng, "common.json"), "utf8")) as {
      menu: { timesheets: string };
    };
    expect(common.menu.timesheets).toMatch(kept);
  });
});
