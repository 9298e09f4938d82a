import fs from "node:fs";
import type { Db } from "../../event-store/types";
import { localeFile } from "../../lib/root";
import { inLibraries, libraryCountry, libraryStandings } from "../candidates";
import type { AddressValues, CriteriaValues, IdentityValues, LanguagesValues } from "../candidates/contract";
import { localityById } from "../reference";
import { wordsOf } from "./boolean-query";
import { LANGUAGE_LEVEL_ORDER, NO_EXPIRY, type CandidateDocument } from "./document-shape";

const LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
type Labels = { sectors: Record<string, string>; professions: Record<string, string> };
let labelsCache: Labels[] | undefined;
/** The professions' names in the five languages: "Elektriker" finds an électricien. */
const labelsOf = (kind: keyof Labels, id: string) => {
  labelsCache ??= LANGUAGES.map((l) => JSON.parse(fs.readFileSync(localeFile(l, "reference"), "utf8")) as Labels);
  return [...new Set(labelsCache.map((l) => l[kind][id]).filter((v): v is string => Boolean(v)))];
};

const epochSeconds = (d: Date | string) => Math.floor(new Date(d).getTime() / 1000);

interface ProfileRow {
  id: string;
  firstName: string;
  lastName: string;
  userCreatedAt: Date;
  identity: Partial<IdentityValues> | null;
  address: AddressValues | null;
  languages: LanguagesValues["languages"] | null;
  skills: string[] | null;
  updatedAt: Date | null;
  criteria: CriteriaValues | null;
}

/**
 * The `candidates` documents of these candidates as they are now; the ids missing from the
 * answer appear in no library (not a candidate, deactivated, hidden, or no agency may see them).
 */
export async function candidateDocuments(sql: Db, ids: string[]): Promise<CandidateDocument[]> {
  if (!ids.length) return [];
  const standings = await libraryStandings(sql, ids);
  const [profiles, entries, documents, cvLines, relations, tags, fileMarks] = await Promise.all([
    sql<ProfileRow[]>`
      select u.id, u.first_name as "firstName", u.last_name as "lastName", u.created_at as "userCreatedAt",
        p.identity, p.address, p.languages, p.skills, p.updated_at as "updatedAt",
        (select criteria from rm_named_profiles n where n.user_id = u.id
          and n.profile_id = coalesce(p.default_profile_id, 'main')) as criteria
      from rm_users u left join rm_profiles p on p.user_id = u.id where u.id = any(${ids}::uuid[])`,
    sql<{ userId: string; list: string; values: Record<string, string | undefined> }[]>`
      select user_id as "userId", list, values from rm_profile_entries where user_id = any(${ids}::uuid[])`,
    sql<{ userId: string; name: string; category: string; expiresAt: string | null; at: Date }[]>`
      select user_id as "userId", name, category, expires_at::text as "expiresAt", coalesce(updated_at, created_at) as at
      from rm_candidate_documents where user_id = any(${ids}::uuid[])`,
    // the lines of their CVs the parser recognised (the CV's text as far as it was read)
    sql<{ userId: string; text: string }[]>`
      select user_id as "userId", string_agg(source, ' ' order by position) as text
      from rm_cv_suggestions where user_id = any(${ids}::uuid[]) group by user_id`,
    sql<{ candidateId: string; agencyId: string; at: Date }[]>`
      select candidate_id as "candidateId", agency_id as "agencyId", created_at as at from rm_applications where candidate_id = any(${ids}::uuid[])
      union all
      select candidate_id, agency_id, created_at from rm_placements where candidate_id = any(${ids}::uuid[])
      union all
      select pc.candidate_id, p.agency_id, p.created_at from rm_proposal_candidates pc join rm_proposals p on p.id = pc.proposal_id
        where pc.candidate_id = any(${ids}::uuid[])`,
    // what each agency added to its file of them (candidate-file module, ADR 0035)
    sql<{ candidateId: string; agencyId: string; tagKey: string }[]>`
      select candidate_id as "candidateId", agency_id as "agencyId", tag_key as "tagKey"
      from rm_candidate_tags where candidate_id = any(${ids}::uuid[]) order by tag_key`,
    sql<{ candidateId: string; agencyId: string; archived: boolean; deactivated: boolean }[]>`
      select candidate_id as "candidateId", agency_id as "agencyId",
        archived_at is not null as archived, deactivated_at is not null as deactivated
      from rm_candidate_files where candidate_id = any(${ids}::uuid[])
        and (archived_at is not null or deactivated_at is not null)`,
  ]);
  const by = <T extends { userId: string }>(rows: T[], id: string) => rows.filter((r) => r.userId === id);
  const docs: CandidateDocument[] = [];
  for (const p of profiles) {
    const standing = standings.get(p.id);
    if (!standing || !inLibraries(standing)) continue;
    const theirRelations = relations.filter((r) => r.candidateId === p.id);
    const agencyIds = [...new Set(theirRelations.map((r) => r.agencyId))];
    const visibleCountry = libraryCountry(standing);
    if (!agencyIds.length && !visibleCountry) continue;

    const identity = p.identity ?? {};
    const address = p.address;
    const criteria = p.criteria;
    const mine = by(entries, p.id);
    const experience = mine
      .filter((e) => e.list === "experience")
      .map((e) => [e.values.jobTitle, e.values.company, e.values.place].filter(Boolean).join(" · "));
    const training = mine
      .filter((e) => e.list === "training")
      .map((e) => [e.values.diploma, e.values.school].filter(Boolean).join(" · "));
    const languages = p.languages ?? [];
    const theirDocuments = by(documents, p.id);
    const locality = address?.localityId ? localityById(address.localityId) : undefined;
    const desiredJobs = (criteria?.desiredJobs ?? []).flatMap((id) => labelsOf("professions", id));
    const cvText = by(cvLines, p.id)[0]?.text ?? "";
    const skills = p.skills ?? [];
    const activity = [
      p.updatedAt,
      p.userCreatedAt,
      ...theirDocuments.map((d) => d.at),
      ...theirRelations.map((r) => r.at),
    ]
      .filter((d): d is Date => Boolean(d))
      .map(epochSeconds);
    const documentTitles = theirDocuments.map((d) => d.name);
    const agencyTags: Record<string, string[]> = {};
    for (const t of tags) if (t.candidateId === p.id) (agencyTags[t.agencyId] ??= []).push(t.tagKey);
    docs.push({
      id: p.id,
      firstName: p.firstName,
      lastName: p.lastName,
      desiredJobs,
      professions: criteria?.desiredJobs ?? [],
      sectors: criteria?.sectors ?? [],
      experience,
      training,
      skills,
      languages: languages.map((l) => l.code).filter((c): c is NonNullable<typeof c> => Boolean(c)),
      // "de:B1" for every level up to the spoken one: `languageLevels = "de:B1"` is "at least B1"
      languageLevels: languages.flatMap((l) =>
        l.code && l.spoken
          ? LANGUAGE_LEVEL_ORDER.slice(0, LANGUAGE_LEVEL_ORDER.indexOf(l.spoken) + 1).map((v) => `${l.code}:${v}`)
          : [],
      ),
      cvText,
      documentTitles,
      availability: criteria?.availability ?? null,
      contractType: criteria?.contractType ?? null,
      occupancyRate: criteria?.occupancyRate ?? null,
      workPermit: identity.workPermit ?? null,
      licences: identity.licences ?? [],
      country: standing.country,
      regionCode: address?.regionCode || locality?.regionCode || null,
      department: locality?.departmentCode ?? null,
      localityId: locality?.id ?? null,
      placeName: locality ? `${locality.name} (${locality.postalCode})` : (address?.city ?? ""),
      placePoint: locality ? `${locality.lat},${locality.lng}` : null,
      lat: locality?.lat ?? null,
      lng: locality?.lng ?? null,
      mobilityKm: criteria?.radiusKm ?? 0,
      lastActivity: Math.max(...activity),
      // an expired permit or ID makes the file incomplete from the day after its date
      documentsExpireAt: Math.min(
        NO_EXPIRY,
        ...theirDocuments.filter((d) => d.expiresAt).map((d) => epochSeconds(`${d.expiresAt}T00:00:00Z`) + 86_400),
      ),
      agencyIds,
      visibleCountry: visibleCountry ?? "none",
      agencyTags,
      archivedBy: fileMarks.filter((a) => a.candidateId === p.id && a.archived).map((a) => a.agencyId),
      deactivatedBy: fileMarks.filter((a) => a.candidateId === p.id && a.deactivated).map((a) => a.agencyId),
      words: [
        ...new Set(
          [
            ...desiredJobs,
            ...experience,
            ...training,
            ...skills,
            cvText,
            ...documentTitles,
            ...(identity.licences ?? []),
          ].flatMap(wordsOf),
        ),
      ],
    });
  }
  return docs;
}
