import type { CvWords } from "./types";

/** French: what the CV parser reads in a CV written in French. */
export const fr: CvWords = {
  headings: {
    experience: ["experience professionnelle", "experiences professionnelles", "experience", "experiences", "parcours professionnel", "experience de travail", "emplois", "emplois occupes", "historique professionnel"],
    training: ["formation", "formations", "formation et diplomes", "diplomes et formations", "diplomes", "etudes", "cursus", "parcours scolaire", "parcours academique"],
    languages: ["langues", "langues etrangeres", "competences linguistiques"],
    skills: ["competences", "competences techniques", "competences professionnelles", "competences cles", "savoir-faire", "informatique", "connaissances informatiques"],
    other: ["profil", "profil professionnel", "a propos", "a propos de moi", "centres d'interet", "loisirs", "interets", "references", "certifications", "certificats", "permis", "permis de conduire", "informations personnelles", "etat civil", "contact", "coordonnees", "divers"],
  },
  months: [
    ["janvier", "janv"],
    ["février", "fevrier", "févr", "fevr", "fév", "fev"],
    ["mars"],
    ["avril", "avr"],
    ["mai"],
    ["juin"],
    ["juillet", "juil"],
    ["août", "aout"],
    ["septembre", "sept"],
    ["octobre", "oct"],
    ["novembre", "nov"],
    ["décembre", "decembre", "déc", "dec"],
  ],
  now: ["aujourd['’]hui", "à ce jour", "a ce jour", "ce jour", "présent", "present", "actuellement", "actuel", "en cours"],
  from: ["de", "du", "dès"],
  until: ["à", "au", "a", "jusqu['’]?à", "jusqu['’]?en"],
  since: ["depuis", "dès"],
  levels: {
    native: ["langue maternelle", "maternelle", "natif", "native"],
    fluent: ["couramment", "courant", "bilingue"],
    advanced: ["tres bon", "tres bonne", "avance"],
    good: ["bonnes connaissances", "bon", "bonne"],
    intermediate: ["intermediaire", "moyen"],
    basic: ["notions", "debutant", "scolaire", "elementaire"],
  },
};
