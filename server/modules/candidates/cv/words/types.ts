/**
 * The words the CV parser reads, one file per language a CV may be written in (./fr.ts, ./de.ts,
 * …; listed in ../parse.ts): adding a language or a heading is a change of data, not of code.
 */
export type CvSection = "experience" | "training" | "languages" | "skills" | "certifications" | "other";
export type CvLevelWord = "native" | "fluent" | "advanced" | "good" | "intermediate" | "basic";

export interface CvWords {
  /** section headings as compared: lower case, without accents (see fold in ../parse.ts) */
  headings: Record<CvSection, string[]>;
  /** group headings inside a skills section ("Langages de programmation", "Datenbanken"): no skill themselves; compared folded */
  skillGroups: string[];
  /** January to December: names and abbreviations as written (accents kept, case ignored) */
  months: [
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
    string[],
  ];
  /** "today" as the end of a period ("2019 – aujourd'hui"): regular expression sources, case ignored */
  now: string[];
  /** the words before a period's start ("de 2019 à 2021", "von"), its end ("à", "bis") and an open period's start ("depuis", "seit"): regular expression sources */
  from: string[];
  until: string[];
  since: string[];
  /** what a language's level is called ("langue maternelle", "fließend"), compared folded */
  levels: Record<CvLevelWord, string[]>;
}
