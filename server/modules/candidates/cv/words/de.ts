import type { CvWords } from "./types";

/** German: what the CV parser reads in a CV written in German. */
export const de: CvWords = {
  headings: {
    experience: ["berufserfahrung", "berufliche erfahrung", "berufliche erfahrungen", "beruflicher werdegang", "werdegang", "berufspraxis", "praxiserfahrung", "arbeitserfahrung"],
    training: ["ausbildung", "aus- und weiterbildung", "aus und weiterbildung", "schulbildung", "bildungsweg", "bildung", "schulische ausbildung", "weiterbildung"],
    languages: ["sprachen", "sprachkenntnisse", "fremdsprachen"],
    skills: ["kenntnisse", "fahigkeiten", "faehigkeiten", "kompetenzen", "fachkenntnisse", "edv-kenntnisse", "edv kenntnisse", "it-kenntnisse", "fahigkeiten und kenntnisse"],
    other: ["uber mich", "zusammenfassung", "interessen", "freizeit", "referenzen", "zertifikate", "fuhrerschein", "personliche daten", "personliche angaben", "kontakt", "sonstiges"],
  },
  months: [
    ["januar", "jänner", "jaenner", "jan"],
    ["februar", "feb"],
    ["märz", "maerz", "marz", "mär", "mrz"],
    ["april", "apr"],
    ["mai"],
    ["juni", "jun"],
    ["juli", "jul"],
    ["august", "aug"],
    ["september", "sep"],
    ["oktober", "okt"],
    ["november", "nov"],
    ["dezember", "dez"],
  ],
  now: ["heute", "jetzt", "dato", "laufend", "aktuell"],
  from: ["von", "vom", "ab"],
  until: ["bis"],
  since: ["seit", "ab"],
  levels: {
    native: ["muttersprache", "erstsprache"],
    fluent: ["fliessend", "fließend", "verhandlungssicher", "zweisprachig"],
    advanced: ["sehr gute", "sehr gut", "fortgeschritten"],
    good: ["gute kenntnisse", "gute", "gut"],
    intermediate: ["mittelstufe", "mittel"],
    basic: ["grundkenntnisse", "grundlagen", "anfanger", "basiskenntnisse"],
  },
};
