import { ageBand, type AgeBand, type DossierAlias, type DossierAnswer, type DossierSection } from "./rules";

/** What the dossier holds of one candidate (its read model row). */
export interface DossierMember {
  position: number;
  candidateId: string;
  sections: DossierSection[];
  documents: { id: string; category: string }[];
  comment: string;
  answer: DossierAnswer | null;
  answerComment: string;
}
export interface DossierSettings {
  anonymised: boolean;
  alias: DossierAlias;
  showEmployers: boolean;
}

/** What the candidates module gives of a person (the agency access rule's profile view, narrowed). */
export interface CandidateData {
  firstName: string;
  lastName: string;
  /** the names the profile holds besides the account's (its identity's first, last and maiden names) */
  otherNames: string[];
  email: string | null;
  phone: string | null;
  birthDate: string | null;
  avsNumber: string | null;
  street: string | null;
  city: string | null;
  region: string | null;
  aboutMe: string | null;
  experiences: { jobTitle: string; company: string; place: string; startDate: string; endDate: string }[];
  trainings: { diploma: string; school: string; year: number | null }[];
  languages: { code: string; spoken: string; written: string }[];
}

/** One candidate as the client sees them, in the PDF and on the link's page alike. */
export interface ClientCandidate {
  n: number;
  label: string;
  email: string | null;
  phone: string | null;
  place: string | null;
  ageBand: AgeBand | null;
  summary: string | null;
  experiences: { jobTitle: string; company: string | null; place: string; from: string; to: string }[] | null;
  trainings: { diploma: string; school: string; year: number | null }[] | null;
  languages: { code: string; spoken: string; written: string }[] | null;
  documents: string[] | null;
  comment: string;
  answer: DossierAnswer | null;
  answerComment: string;
}

const MASK = "•••";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Free text (a summary, a comment, a job title) with whatever names the person removed: their
 * names as whole words, any e-mail address and any phone-like number, so a consultant's "Marie is
 * great" or a summary signed with a phone number does not undo the anonymity.
 */
export function redact(
  text: string,
  person: Pick<CandidateData, "firstName" | "lastName" | "email" | "phone"> & { otherNames?: string[] },
  hidden: string[] = [],
) {
  let out = text
    .replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, MASK)
    .replace(/\+?\d[\d\s./-]{6,}\d/g, MASK)
    .replace(/\b756[.\s]?\d{4}[.\s]?\d{4}[.\s]?\d{2}\b/g, MASK);
  const words = [
    person.firstName,
    person.lastName,
    ...(person.otherNames ?? []),
    person.email ?? "",
    person.phone ?? "",
  ]
    .flatMap((w) => w.split(/[\s-]+/))
    .filter((w) => w.length >= 2);
  // a hidden employer's every word: "Migros" gives it away as well as "Migros Genève"
  const hiddenWords = hidden.flatMap((h) => h.split(/[\s,.'’-]+/)).filter((w) => w.length >= 3);
  for (const w of [...words, ...hiddenWords])
    out = out.replace(new RegExp(`(?<![\\p{L}\\p{N}])${escape(w)}(?![\\p{L}\\p{N}])`, "giu"), MASK);
  return out;
}

const initials = (p: CandidateData) =>
  [p.firstName, p.lastName]
    .map((s) => s.trim().charAt(0).toUpperCase())
    .filter(Boolean)
    .map((c) => `${c}.`)
    .join(" ");

/**
 * THE one place a dossier becomes what its client sees (ADR 0044): the PDF and the client's page
 * render only this. Anonymised, a candidate has no name (initials or their number), no contact,
 * no photo, no street (the town and canton or region only), an age band instead of a birth date,
 * employers only if the consultant chose so, documents by their kind (never a file's name), and
 * their names, e-mail and phone masked in every free text. `data` null: the agency may no longer
 * see the candidate, who is then left out.
 */
export function clientCandidates(
  settings: DossierSettings,
  members: DossierMember[],
  data: Map<string, CandidateData>,
  today: Date,
): ClientCandidate[] {
  const out: ClientCandidate[] = [];
  for (const m of [...members].sort((a, b) => a.position - b.position)) {
    const p = data.get(m.candidateId);
    if (!p) continue;
    const n = m.position + 1;
    const anon = settings.anonymised;
    // employers hidden: their names are masked in free text too
    const employers = settings.showEmployers ? [] : p.experiences.map((e) => e.company);
    const clean = (s: string) => (anon ? redact(s, p, employers) : s);
    const has = (s: DossierSection) => m.sections.includes(s);
    out.push({
      n,
      label: anon
        ? settings.alias === "initials" && initials(p)
          ? initials(p)
          : `#${n}`
        : `${p.firstName} ${p.lastName}`.trim(),
      email: anon ? null : p.email,
      phone: anon ? null : p.phone,
      place: [p.city, p.region].filter(Boolean).join(", ") || null,
      ageBand: ageBand(p.birthDate, today),
      summary: has("summary") && p.aboutMe ? clean(p.aboutMe) : null,
      experiences: has("experiences")
        ? p.experiences.map((e) => ({
            jobTitle: clean(e.jobTitle),
            company: !anon || settings.showEmployers ? clean(e.company) : null,
            place: clean(e.place ?? ""),
            from: e.startDate ?? "",
            to: e.endDate ?? "",
          }))
        : null,
      trainings: has("trainings")
        ? p.trainings.map((t) => ({ diploma: clean(t.diploma), school: clean(t.school), year: t.year ?? null }))
        : null,
      languages: has("languages") ? p.languages : null,
      documents: has("documents") ? m.documents.map((d) => d.category) : null,
      comment: clean(m.comment),
      answer: m.answer,
      answerComment: clean(m.answerComment),
    });
  }
  return out;
}

/** The whole dossier as its client sees it: the PDF and the link's page render only this. */
export interface ClientDossier {
  title: string;
  agencyName: string;
  logoId: string | null;
  companyName: string;
  language: string;
  anonymised: boolean;
  candidates: ClientCandidate[];
}

export function clientDossier(
  dossier: DossierSettings & {
    title: string;
    agencyName: string;
    logoId: string | null;
    companyName: string;
    language: string;
  },
  members: DossierMember[],
  data: Map<string, CandidateData>,
  today: Date,
): ClientDossier {
  return {
    title: dossier.title,
    agencyName: dossier.agencyName,
    logoId: dossier.logoId,
    companyName: dossier.companyName,
    language: dossier.language,
    anonymised: dossier.anonymised,
    candidates: clientCandidates(dossier, members, data, today),
  };
}
