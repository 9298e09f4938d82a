import type { CvWords } from "./types";

/** English: what the CV parser reads in a CV written in English. */
export const en: CvWords = {
  headings: {
    experience: ["work experience", "professional experience", "employment history", "employment", "work history", "career history"],
    training: ["education", "education and training", "training", "academic background", "qualifications"],
    languages: ["languages", "language skills"],
    skills: ["skills", "technical skills", "key skills", "competencies", "core competencies", "it skills"],
    other: ["profile", "about me", "summary", "hobbies", "references", "certifications", "driving licence", "driving license", "personal details", "personal information", "contact", "contact details", "other"],
  },
  months: [
    ["january", "jan"],
    ["february", "feb"],
    ["march", "mar"],
    ["april", "apr"],
    ["may"],
    ["june", "jun"],
    ["july", "jul"],
    ["august", "aug"],
    ["september", "sept", "sep"],
    ["october", "oct"],
    ["november", "nov"],
    ["december", "dec"],
  ],
  now: ["now", "today", "current", "ongoing"],
  from: ["from", "between"],
  until: ["to", "till", "until"],
  since: ["since"],
  levels: {
    native: ["native", "mother tongue", "native speaker"],
    fluent: ["fluently", "fluent", "bilingual"],
    advanced: ["advanced", "very good"],
    good: ["good"],
    intermediate: ["intermediate"],
    basic: ["basic", "beginner", "elementary"],
  },
};
