import type { CvWords } from "./types";

/** Italian: what the CV parser reads in a CV written in Italian. */
export const it: CvWords = {
  headings: {
    experience: ["esperienza lavorativa", "esperienze lavorative", "esperienza professionale", "esperienze professionali", "esperienza", "esperienze"],
    training: ["formazione", "istruzione", "istruzione e formazione", "titoli di studio", "percorso formativo"],
    languages: ["lingue", "lingue straniere", "conoscenze linguistiche", "competenze linguistiche"],
    skills: ["competenze", "competenze tecniche", "competenze professionali", "competenze informatiche", "capacita", "capacita e competenze"],
    other: ["profilo", "sommario", "interessi", "hobby", "referenze", "certificazioni", "patente", "patenti", "dati personali", "informazioni personali", "contatti", "altro"],
  },
  months: [
    ["gennaio", "gen"],
    ["febbraio", "feb"],
    ["marzo", "mar"],
    ["aprile", "apr"],
    ["maggio", "mag"],
    ["giugno", "giu"],
    ["luglio", "lug"],
    ["agosto", "ago"],
    ["settembre", "set"],
    ["ottobre", "ott"],
    ["novembre", "nov"],
    ["dicembre", "dic"],
  ],
  now: ["oggi", "in corso", "attuale", "presente"],
  from: ["dal", "dall['’]", "da", "dalla"],
  until: ["al", "alla"],
  since: ["dal", "dall['’]", "da"],
  levels: {
    native: ["madrelingua", "madre lingua", "lingua madre", "nativo", "nativa"],
    fluent: ["fluente"],
    advanced: ["avanzato", "ottimo"],
    good: ["buono", "buona"],
    intermediate: ["intermedio", "discreto"],
    basic: ["scolastico", "elementare", "base"],
  },
};
