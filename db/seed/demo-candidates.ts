import { ConcurrencyError } from "../../server/event-store/types";
import { foldAccents } from "../../server/lib/text";
import type { MODULES } from "../../server/modules";
import type { ProfileInput } from "../../server/modules/candidates/profile/commands";
import type { Actor } from "../../server/modules/identity/contract";
import type { DomainOf } from "../../server/modules/module";
import { hashPassword } from "../../server/modules/identity/passwords";
import { PROFESSIONS } from "../../server/modules/reference/professions";
import { seededRandom, type Random } from "./ad-texts";
import { DEMO_TOWNS } from "./demo-towns";

/** What the seeding uses of the modules (typed from the list of modules: server/jobs runs it). */
type Domain = Pick<DomainOf<typeof MODULES>, "identity" | "candidates" | "reference">;

/** How many generated candidates the demo has (the CV library's data). */
export const GENERATED_CANDIDATES = 2000;
export const GENERATED_DOMAIN = "demo-candidates.test";
const SEED = 20261124;

// prettier-ignore
const NAMES = {
  fr: { first: { f: ["Camille", "Chloé", "Manon", "Léa", "Julie", "Sarah", "Laura", "Emma", "Inès", "Céline", "Nathalie", "Sophie", "Amélie", "Aurélie", "Claire", "Élodie", "Marion", "Pauline", "Lucie", "Mélanie"], m: ["Lucas", "Hugo", "Thomas", "Nicolas", "Julien", "Maxime", "Antoine", "Alexandre", "Mathieu", "Kevin", "Romain", "Florian", "Quentin", "Sébastien", "Yann", "David", "Olivier", "Mehdi", "Karim", "Pierre"] },
        last: ["Martin", "Bernard", "Dubois", "Thomas", "Robert", "Richard", "Petit", "Durand", "Leroy", "Moreau", "Simon", "Laurent", "Lefebvre", "Michel", "Garcia", "Roux", "Fontaine", "Chevalier", "Rochat", "Favre", "Perrin", "Gauthier", "Morel", "Girard", "Bonnet", "Dupuis", "Lambert", "Mercier", "Blanc", "Guerin", "Ferreira", "Da Silva", "Haddad", "Benali"] },
  de: { first: { f: ["Anna", "Laura", "Sarah", "Lea", "Julia", "Nina", "Sandra", "Melanie", "Jasmin", "Andrea", "Claudia", "Simone"], m: ["Lukas", "Jonas", "Noah", "Luca", "David", "Marco", "Daniel", "Stefan", "Thomas", "Patrick", "Reto", "Urs"] },
        last: ["Müller", "Meier", "Schmid", "Keller", "Weber", "Huber", "Schneider", "Meyer", "Steiner", "Fischer", "Gerber", "Brunner", "Baumann", "Frei", "Zimmermann", "Moser", "Widmer", "Wyss"] },
  it: { first: { f: ["Giulia", "Sara", "Chiara", "Martina", "Elena", "Francesca", "Alessia", "Valentina"], m: ["Luca", "Marco", "Matteo", "Alessandro", "Davide", "Simone", "Andrea", "Fabio"] },
        last: ["Bernasconi", "Rossi", "Ferrari", "Lurati", "Bianchi", "Fontana", "Colombo", "Cattaneo", "Galli", "Pedrazzini", "Rezzonico", "Moretti"] },
};
// prettier-ignore
const FR_TOWNS = ["69003 Lyon", "69100 Villeurbanne", "38000 Grenoble", "74000 Annecy", "73000 Chambéry", "42000 Saint-Étienne", "01000 Bourg-en-Bresse", "74100 Annemasse", "75011 Paris", "13001 Marseille", "31000 Toulouse", "33000 Bordeaux", "44000 Nantes", "59000 Lille", "67000 Strasbourg", "68100 Mulhouse", "25000 Besançon", "21000 Dijon", "06000 Nice", "34000 Montpellier"];
// prettier-ignore
const COMPANIES = { CH: ["Hôtel du Lac", "Migros", "Coop", "Hôpital cantonal", "Implenia", "Manor", "Swissport", "Nestlé", "Losinger Marazzi", "Clinique La Source", "Planzer", "Galenica"], FR: ["Carrefour", "Bouygues Construction", "Vinci", "Hôtel Mercure", "Géodis", "Korian", "Auchan", "Eiffage", "Sodexo", "CHU", "Decathlon", "Leroy Merlin"] };
const LEVELS = ["A2", "B1", "B2", "C1"] as const;

/** A PDF of one page whose text is the CV (Helvetica, WinAnsi): real text, so parsing reads it without OCR. */
export function cvPdf(lines: string[]): Uint8Array {
  const esc = (s: string) => s.replace(/[\\()]/g, (c) => `\\${c}`);
  const stream = `BT /F1 11 Tf 14 TL 56 790 Td ${lines.map((l) => `(${esc(l)}) '`).join(" ")} ET`;
  const content = Buffer.from(stream, "latin1");
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>",
    `<< /Length ${content.length} >>\nstream\n${content.toString("latin1")}\nendstream`,
    "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, "latin1"));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, "latin1");
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new Uint8Array(Buffer.from(body, "latin1"));
}

const slug = (s: string) =>
  foldAccents(s)
    .toLowerCase()
    .replace(/[^a-z]+/g, "-")
    .replace(/^-|-$/g, "");
const day = (r: Random, from: number, to: number) =>
  `${r.int(from, to)}-${String(r.int(1, 12)).padStart(2, "0")}-${String(r.int(1, 28)).padStart(2, "0")}`;

/** One generated person: who they are, where, what they do (pure: the same index gives the same person). */
export function generatedCandidate(r: Random, n: number) {
  const country = r.chance(0.55) ? ("CH" as const) : ("FR" as const);
  const town = country === "CH" ? r.pick(DEMO_TOWNS.CH) : null;
  const lang = town?.lang ?? "fr";
  const gender = r.chance(0.5) ? ("f" as const) : ("m" as const);
  const firstName = r.pick(NAMES[lang].first[gender]);
  const lastName = r.pick(NAMES[lang].last);
  const profession = r.pick(PROFESSIONS);
  return {
    n,
    country,
    lang,
    gender,
    firstName,
    lastName,
    email: `${slug(firstName)}.${slug(lastName)}.${n}@${GENERATED_DOMAIN}`,
    place: town ? { localityId: r.pick(town.ids) } : { text: r.pick(FR_TOWNS) },
    profession,
    birthYear: r.int(1962, 2005),
  };
}

/**
 * About 2,000 Swiss and French candidates with profiles and a CV (issue 11, for the CV library):
 * names by language region, real localities, desired jobs from the professions, experiences,
 * training and languages through the profile commands. Seeded: every run gives the same people.
 * Accounts share one password hash computed once per run (argon2 per account would take
 * minutes). Each person's data is planned from the seeded random source first, then written
 * (seedCandidate), so a run that starts half-way writes the same people.
 */
export function* candidatePlans(reference: Domain["reference"], count: number) {
  const r = seededRandom(SEED);
  for (let n = 1; n <= count; n++) {
    const p = generatedCandidate(r, n);
    const profile: ProfileInput[] = [];
    const account = {
      email: p.email,
      firstName: p.firstName,
      lastName: p.lastName,
      locale: p.lang,
      country: p.country,
      role: "CANDIDATE" as const,
      agencyId: null,
      clientId: null,
    };
    const l =
      "localityId" in p.place
        ? reference.localityById(p.place.localityId ?? "")
        : reference.bestLocality(p.place.text ?? "", p.country);
    const city = l?.name ?? "";
    const phone =
      p.country === "CH"
        ? `+41 7${r.int(6, 9)} ${r.int(100, 999)} ${r.int(10, 99)} ${r.int(10, 99)}`
        : `06 ${r.int(10, 99)} ${r.int(10, 99)} ${r.int(10, 99)} ${r.int(10, 99)}`;
    profile.push({
      type: "SaveIdentity",
      expectedVersion: 0,
      country: p.country,
      values: {
        civility: p.gender === "f" ? "ms" : "mr",
        firstName: p.firstName,
        lastName: p.lastName,
        birthDate: day(r, p.birthYear, p.birthYear),
        nationality: p.country,
        phone,
        transport: r.pick(["car", "public_transport"]),
        licences: r.chance(0.7) ? ["B"] : [],
      },
    } as never);
    profile.push({
      type: "SaveAddress",
      expectedVersion: 0,
      values: {
        street: `${r.pick(["Rue de la Gare", "Route de Lausanne", "Avenue du Lac", "Rue du Marché", "Chemin des Vignes", "Bahnhofstrasse", "Via Cantonale"])} ${r.int(1, 90)}`,
        country: p.country,
        ...(l
          ? {
              localityId: l.id,
              postalCode: l.postalCode,
              city: l.name,
              regionCode: l.regionCode,
              region: l.region,
              department: l.department ? `${l.departmentCode} ${l.department}` : undefined,
            }
          : {}),
      },
    } as never);
    const other = r.pick(PROFESSIONS.filter((x) => x.sector === p.profession.sector));
    profile.push({
      type: "SaveCriteria",
      profileId: "main",
      expectedVersion: 0,
      values: {
        sectors: [p.profession.sector],
        desiredJobs: [...new Set([p.profession.id, other.id])],
        places: [],
        radiusKm: r.pick([10, 20, 30, 50]),
        country: p.country,
        availability: r.pick(["immediate", "within_14_days", "more_than_14_days"]),
        contractType: r.pick(["temporary", "fixed_term", "permanent", "any"]),
        occupancyRate: r.pick([60, 80, 100]),
      },
    } as never);
    const native = p.lang;
    const second = r.pick(["fr", "de", "it", "en"].filter((c) => c !== native));
    profile.push({
      type: "SaveLanguages",
      expectedVersion: 0,
      values: {
        languages: [
          { code: native, spoken: "native", written: "native" },
          { code: second, spoken: r.pick(LEVELS), written: r.pick(LEVELS) },
        ],
      },
    } as never);
    const start = Math.max(p.birthYear + 18, 1985);
    profile.push({
      type: "SaveEntry",
      list: "training",
      entryId: null,
      expectedVersion: 0,
      values: {
        school: p.country === "CH" ? `Centre de formation professionnelle ${city}` : `Lycée professionnel de ${city}`,
        diploma: p.country === "CH" ? "CFC" : "CAP",
        year: start,
      },
    } as never);
    const jobs = r.int(1, 3);
    const companies = r.sample(COMPANIES[p.country], jobs);
    let from = start;
    const lines = [
      `${p.firstName} ${p.lastName}`,
      `${p.email} - ${phone}`,
      `${l?.postalCode ?? ""} ${city}`,
      "",
      "Experience professionnelle",
    ];
    for (let j = 0; j < jobs; j++) {
      const to = Math.min(2026, from + r.int(1, 6));
      const current = j === jobs - 1 && r.chance(0.5);
      const values = {
        jobTitle: p.profession.id.replace(/_/g, " "),
        type: r.pick(["temporary", "permanent"]),
        company: companies[j]!,
        place: city,
        startDate: `${from}-0${r.int(1, 9)}-01`,
        ...(current ? {} : { endDate: `${to}-${r.int(10, 12)}-28` }),
      };
      profile.push({
        type: "SaveEntry",
        list: "experience",
        entryId: null,
        expectedVersion: j,
        values,
      } as never);
      lines.push(`${from} - ${current ? "aujourd'hui" : to} : ${values.jobTitle}, ${values.company}, ${city}`);
      from = to;
    }
    lines.push(
      "",
      "Formation",
      `${start} : ${p.country === "CH" ? "CFC" : "CAP"}`,
      "",
      "Langues",
      `${native} : langue maternelle`,
      `${second} : courant`,
    );
    // the CV library (issue 28): two in three are visible to every agency of their country, the
    // others only to the agencies they deal with (decided by n, not the random source, so the
    // people planned before this line stay the same)
    if (n % 3 !== 0)
      profile.push({ type: "SaveLibraryVisibility", expectedVersion: 0, values: { visibility: "country" } });
    // the CV text in latin1 (the PDF's font encoding): accents kept, anything else dropped
    const latin = lines.map((s) => s.replace(/[^\x20-\xff]/g, ""));
    const cv = { name: `CV ${p.firstName} ${p.lastName}.pdf`, bytes: cvPdf(latin) };
    yield { n, account, profile, cv };
  }
}
type Plan = ReturnType<typeof candidatePlans> extends Generator<infer P> ? P : never;

/** A profile section already saved (its version moved past the one planned) is left as it is. */
async function once(save: () => Promise<unknown>) {
  try {
    await save();
  } catch (error) {
    if (!(error instanceof ConcurrencyError)) throw error;
  }
}

/**
 * One candidate, idempotent: what an interrupted run made (the account, some sections, the CV)
 * is found and kept, the rest is made. Returns whether the account was created now.
 */
async function seedCandidate({ identity, candidates }: Domain, plan: Plan, passwordHash: string) {
  const existing = await identity.credentialsByEmail(plan.account.email);
  const id = existing?.id ?? (await identity.registerSeeded({ ...plan.account, passwordHash }));
  const me: Actor = { id, role: "CANDIDATE", agencyId: null, clientId: null };
  for (const input of plan.profile) await once(() => candidates.saveProfile(me, input));
  if (!(await candidates.myDocuments(me)).some((d) => d.category === "cv"))
    await candidates.addDocument(me, { category: "cv", expiresAt: null, upload: plan.cv });
  return !existing;
}

/**
 * Seeds the generated candidates `from` to `to` (1-based, inclusive) of the `count`, each
 * idempotent: a batch run again after an interruption finishes the candidate it stopped in and
 * makes the others. Returns how many accounts it created.
 */
export async function seedDemoCandidateRange(domain: Domain, password: string, from: number, to: number) {
  const passwordHash = await hashPassword(password);
  let created = 0;
  for (const plan of candidatePlans(domain.reference, to))
    if (plan.n >= from && (await seedCandidate(domain, plan, passwordHash))) created++;
  return created;
}

/**
 * Where seeding should go on: the candidate before the first whose account is missing (accounts
 * are made in order; that one may have stopped half-way), or null when all `count` exist and
 * the last has its CV. A binary search over the accounts: a dozen look-ups for 2,000.
 */
export async function demoCandidatesResumeAt(domain: Domain, count: number): Promise<number | null> {
  const emails = Array.from(candidatePlans(domain.reference, count), (p) => p.account.email);
  const exists = async (n: number) => Boolean(await domain.identity.credentialsByEmail(emails[n - 1]!));
  let [lo, hi] = [1, count + 1];
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (await exists(mid)) lo = mid + 1;
    else hi = mid;
  }
  if (lo <= count) return Math.max(1, lo - 1);
  const last = (await domain.identity.credentialsByEmail(emails[count - 1]!))!;
  const documents = await domain.candidates.myDocuments({
    id: last.id,
    role: "CANDIDATE",
    agencyId: null,
    clientId: null,
  });
  return documents.some((d) => d.category === "cv") ? null : count;
}

/**
 * All `count` generated candidates, going on where an earlier run stopped (the start queues this
 * as the `demo.candidates` job, server/jobs/demo-candidates.ts). Returns how many accounts it
 * created (0 when all exist already).
 */
export async function seedDemoCandidates(
  domain: Domain,
  password: string,
  count = GENERATED_CANDIDATES,
): Promise<number> {
  const from = await demoCandidatesResumeAt(domain, count);
  return from === null ? 0 : seedDemoCandidateRange(domain, password, from, count);
}
