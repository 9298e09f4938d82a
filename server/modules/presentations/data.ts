import type { Db } from "../../event-store/types";
import type { Actor } from "../identity/contract";
import type { AgencyProfileView } from "../candidates";
import type { CandidateData } from "./view";

/** The one access rule (candidates/documents/agency-access.ts): what the agency may see of a candidate. */
export interface PresentationCandidatePort {
  openCandidateProfile(actor: Actor, candidateId: string): Promise<AgencyProfileView | null>;
  openCandidateDocuments(
    actor: Actor,
    candidateId: string,
  ): Promise<{ id: string; category: string; name: string }[] | null>;
}

/**
 * Each candidate as the agency may see them now (the access rule, for the acting staff member),
 * narrowed to what a dossier may show; a candidate the agency may no longer see is absent.
 */
export async function candidateData(
  sql: Db,
  access: PresentationCandidatePort,
  actor: Actor,
  ids: string[],
): Promise<Map<string, CandidateData>> {
  if (!ids.length) return new Map();
  const [profiles, users] = await Promise.all([
    Promise.all(ids.map((id) => access.openCandidateProfile(actor, id))),
    sql<{ id: string; firstName: string; lastName: string; email: string }[]>`
      select id, first_name as "firstName", last_name as "lastName", email from rm_users where id = any(${ids}::uuid[])`,
  ]);
  const byId = new Map(users.map((u) => [u.id, u]));
  const out = new Map<string, CandidateData>();
  ids.forEach((id, i) => {
    const p = profiles[i];
    const u = byId.get(id);
    if (!p || !u) return;
    out.set(id, {
      firstName: u.firstName,
      lastName: u.lastName,
      otherNames: [p.identity?.firstName, p.identity?.lastName, p.identity?.maidenName].filter((n): n is string =>
        Boolean(n),
      ),
      email: p.contact ? u.email : null,
      phone: p.contact ? (p.identity?.phone ?? null) : null,
      birthDate: p.identity?.birthDate ?? null,
      avsNumber: p.identity?.avsNumber ?? null,
      street: p.address?.street ?? null,
      city: p.address?.city ?? null,
      region: p.address?.regionCode?.replace(/^CH-|^FR-/, "") || p.address?.region || null,
      aboutMe: p.about?.aboutMe ?? null,
      experiences: p.experiences.map(({ values: e }) => ({
        jobTitle: e.jobTitle,
        company: e.company,
        place: e.place ?? "",
        startDate: e.startDate,
        endDate: e.endDate ?? "",
      })),
      trainings: p.trainings.map(({ values: t }) => ({ diploma: t.diploma, school: t.school, year: t.year ?? null })),
      languages: p.languages.map((l) => ({ code: l.code ?? "", spoken: l.spoken ?? "", written: l.written ?? "" })),
    });
  });
  return out;
}
