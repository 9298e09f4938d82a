/**
 * The CV library bench's candidates, written straight into the read models the `candidates`
 * index reads (rm_users, rm_profiles, rm_named_profiles, rm_profile_entries, rm_cv_suggestions,
 * rm_candidate_documents), as the job search bench writes its ads into rm_ads: 100,000 people
 * through the profile commands and the CV parser would take hours. Who they are comes from the
 * demo seed's `generatedCandidate` (names by language region, real localities, professions); the
 * rest (criteria, experiences, skills, languages, the CV's recognised lines, a permit that may
 * have expired) is drawn here from the same seeded random source.
 */
import { randomUUID } from "node:crypto";
import { seededRandom, type Random } from "../../db/seed/ad-texts";
import { generatedCandidate } from "../../db/seed/demo-candidates";
import type { Db } from "../../server/event-store/types";
import { LICENCES, WORK_PERMITS } from "../../server/modules/candidates/profile/rules";
import { bestLocality, localityById } from "../../server/modules/reference";
import { PROFESSIONS, type Sector } from "../../server/modules/reference/professions";

const SEED = 20_261_127;
const BATCH = 1000;
const DAY = 86_400_000;

/** Skills a candidate of each sector writes (words the searches look for). */
// prettier-ignore
const SKILLS: Record<Sector, string[]> = {
  construction: ["lecture de plans", "travail sur chantier", "installations électriques", "échafaudage", "coffrage", "maçonnerie", "CFC", "SUVA"],
  industry: ["soudure TIG", "soudure MIG", "lecture de plans", "atelier mécanique", "commande numérique", "contrôle qualité", "CFC", "travail en équipe"],
  logistics: ["préparation de commandes", "CACES R489", "chariot élévateur", "gestion de stock", "inventaire", "quai de chargement", "SAP", "SUVA"],
  transport: ["permis C", "permis CE", "livraison", "FIMO", "transport de personnes", "chronotachygraphe", "travail de nuit"],
  hospitality: ["service en salle", "HACCP", "bar", "cuisine traditionnelle", "accueil client", "mise en place", "travail le week-end"],
  health: ["soins aux patients", "BLS", "urgences", "gériatrie", "prise de sang", "aide à la toilette", "travail de nuit"],
  office: ["Excel", "SAP", "comptabilité", "accueil téléphonique", "saisie de données", "facturation", "planning"],
  retail: ["caisse", "mise en rayon", "conseil client", "inventaire", "vente", "merchandising"],
  services: ["nettoyage industriel", "espaces verts", "surveillance", "sécurité incendie", "travail de nuit"],
};
const LEVELS = ["A2", "B1", "B2", "C1", "C2"] as const;
const COMPANIES = [
  "Migros",
  "Coop",
  "Implenia",
  "Manor",
  "Planzer",
  "Carrefour",
  "Géodis",
  "Vinci",
  "Korian",
  "Sodexo",
];

function* people(count: number, at: Date) {
  const r: Random = seededRandom(SEED);
  const places = new Map<string, ReturnType<typeof bestLocality>>();
  for (let n = 1; n <= count; n++) {
    const p = generatedCandidate(r, n);
    const key = "localityId" in p.place ? p.place.localityId! : p.place.text!;
    if (!places.has(key)) places.set(key, localityById(key) ?? bestLocality(key, p.country));
    const l = places.get(key);
    const other = r.pick(PROFESSIONS.filter((x) => x.sector === p.profession.sector));
    const skills = r.sample(SKILLS[p.profession.sector], r.int(3, 5));
    const second = r.pick(["fr", "de", "it", "en"].filter((c) => c !== p.lang));
    const languages = [
      { code: p.lang, spoken: "native", written: "native" },
      { code: second, spoken: r.pick(LEVELS), written: r.pick(LEVELS) },
    ];
    const jobs = Array.from({ length: r.int(1, 3) }, (_, j) => ({
      jobTitle: p.profession.id.replace(/_/g, " "),
      company: r.pick(COMPANIES),
      place: l?.name ?? "",
      startDate: `${2010 + j * 4}-0${r.int(1, 9)}-01`,
    }));
    const created = new Date(at.getTime() - r.int(1, 900) * DAY);
    const updated = new Date(Math.max(created.getTime(), at.getTime() - r.int(0, 400) * DAY));
    // a permit or ID for two in five, one in four of them expired
    const permitExpiry = r.chance(0.4) ? new Date(at.getTime() + r.int(-200, 600) * DAY) : null;
    const licences = [...(r.chance(0.7) ? ["B"] : []), ...(r.chance(0.2) ? [r.pick(LICENCES)] : [])];
    const cvLines = [
      ...jobs.map((j) => `${j.startDate.slice(0, 4)} : ${j.jobTitle}, ${j.company}, ${j.place}`),
      `Formation : ${p.country === "CH" ? "CFC" : "CAP"} ${p.profession.id.replace(/_/g, " ")}`,
      `Compétences : ${skills.join(", ")}`,
      `Langues : ${languages.map((x) => `${x.code} ${x.spoken}`).join(", ")}`,
    ];
    yield {
      id: randomUUID(),
      cvId: randomUUID(),
      n,
      p,
      l,
      created,
      updated,
      identity: {
        firstName: p.firstName,
        lastName: p.lastName,
        nationality: p.country,
        workPermit: r.pick(WORK_PERMITS[p.country]),
        licences: [...new Set(licences)],
      },
      address: l
        ? { country: p.country, localityId: l.id, postalCode: l.postalCode, city: l.name, regionCode: l.regionCode }
        : { country: p.country },
      languages,
      skills,
      criteria: {
        sectors: [p.profession.sector],
        desiredJobs: [...new Set([p.profession.id, other.id])],
        places: [],
        radiusKm: r.pick([10, 20, 30, 50, 100]),
        country: p.country,
        availability: r.pick(["immediate", "within_14_days", "more_than_14_days"]),
        contractType: r.pick(["temporary", "fixed_term", "permanent", "any"]),
        occupancyRate: r.pick([60, 80, 100]),
      },
      jobs,
      cvLines,
      permitExpiry,
      // nine in ten visible to every agency of their country; the others only to those they dealt
      // with (none here): they stay out of the index, as in production
      visibility: n % 10 === 0 ? "relations" : "country",
    };
  }
}

/** Writes `count` candidates, 1,000 a statement per table; returns how many are visible to their country. */
export async function insertLibraryCandidates(sql: Db, count: number, at = new Date()): Promise<number> {
  let visible = 0;
  let batch: ReturnType<typeof people> extends Generator<infer P> ? P[] : never = [];
  const flush = async () => {
    if (!batch.length) return;
    const rows = batch;
    batch = [];
    await sql`insert into rm_users ${sql(
      rows.map((c) => ({
        id: c.id,
        email: `bench.library.${c.n}@bench.test`,
        password_hash: "-",
        role: "CANDIDATE",
        first_name: c.p.firstName,
        last_name: c.p.lastName,
        locale: c.p.lang,
        country: c.p.country,
        verified: true,
        enabled: true,
        created_at: c.created,
      })),
    )}`;
    await sql`insert into rm_profiles ${sql(
      rows.map((c) => ({
        user_id: c.id,
        identity: sql.json(c.identity),
        address: sql.json(c.address),
        languages: sql.json(c.languages),
        skills: sql.json(c.skills),
        library_visibility: c.visibility,
        updated_at: c.updated,
      })),
    )}`;
    await sql`insert into rm_named_profiles ${sql(
      rows.map((c) => ({ user_id: c.id, profile_id: "main", criteria: sql.json(c.criteria), created_at: c.created })),
    )}`;
    await sql`insert into rm_profile_entries ${sql(
      rows.flatMap((c) => [
        ...c.jobs.map((j) => ({
          id: randomUUID(),
          user_id: c.id,
          list: "experience",
          values: sql.json(j),
          created_at: c.created,
          updated_at: c.updated,
        })),
        {
          id: randomUUID(),
          user_id: c.id,
          list: "training",
          values: sql.json({
            diploma: c.p.country === "CH" ? "CFC" : "CAP",
            school: `École professionnelle ${c.l?.name}`,
          }),
          created_at: c.created,
          updated_at: c.updated,
        },
      ]),
    )}`;
    await sql`insert into rm_candidate_documents ${sql(
      rows.flatMap((c) => [
        {
          id: c.cvId,
          user_id: c.id,
          category: "cv",
          name: `CV ${c.p.firstName} ${c.p.lastName}.pdf`,
          mime: "application/pdf",
          size: 40_000,
          expires_at: null,
          created_at: c.created,
        },
        ...(c.permitExpiry
          ? [
              {
                id: randomUUID(),
                user_id: c.id,
                category: "work_permit",
                name: "Permis de travail.pdf",
                mime: "application/pdf",
                size: 90_000,
                expires_at: c.permitExpiry.toISOString().slice(0, 10),
                created_at: c.created,
              },
            ]
          : []),
      ]),
    )}`;
    await sql`insert into rm_cv_suggestions ${sql(
      rows.flatMap((c) =>
        c.cvLines.map((source, position) => ({
          document_id: c.cvId,
          suggestion_id: `line-${position}`,
          user_id: c.id,
          position,
          field: "experience",
          value: sql.json({}),
          source,
          confidence: 0.9,
          status: "pending",
        })),
      ),
    )}`;
  };
  for (const c of people(count, at)) {
    if (c.visibility === "country") visible++;
    batch.push(c);
    if (batch.length === BATCH) await flush();
  }
  await flush();
  return visible;
}
