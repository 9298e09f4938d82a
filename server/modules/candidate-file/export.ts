import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { isAgencyStaff, type Actor } from "../identity/contract";
import type { AgencyProfileView } from "../candidates";
import { ddmmyyyy } from "../../lib/days";
import { spreadsheetCsv } from "../../lib/csv";

export type Translate = (key: string, options?: Record<string, unknown>) => string;

/**
 * The library's CSV (ADR 0038, server/lib/csv.ts): `;` between fields except in English (the list
 * separator of Excel in French, German, Italian and Portuguese locales and in Switzerland; English
 * Excel splits on `,`).
 */
export const toCsv = (rows: string[][], lng: string): Uint8Array =>
  new TextEncoder().encode(spreadsheetCsv(rows, { delimiter: lng === "en" ? "," : ";" }));

interface Person {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  activity: Date;
}

/**
 * The ticked candidates as the agency may see them, in the order ticked; a candidate the access
 * rule hides from this agency (another agency's, a foreign id, hidden since) is left out, and a
 * selection with none left is not found. E-mail and phone only where the rule allows contact.
 */
export async function exportCandidates(
  sql: Db,
  access: { openCandidateProfile(actor: Actor, id: string): Promise<AgencyProfileView | null> },
  actor: Actor,
  ids: string[],
  { t, lng, publicUrl }: { t: Translate; lng: string; publicUrl: string },
): Promise<{ bytes: Uint8Array; filename: string }> {
  if (!isAgencyStaff(actor) || !actor.agencyId) throw new AppError("forbidden", "not_authorized");
  const profiles = await Promise.all(ids.map((id) => access.openCandidateProfile(actor, id)));
  const seen = ids.flatMap((id, i) => (profiles[i] ? [{ id, profile: profiles[i] }] : []));
  if (!seen.length) throw new AppError("not_found", "errors.notFound");
  const people = await sql<Person[]>`
    select u.id, u.first_name as "firstName", u.last_name as "lastName", u.email,
      greatest(u.created_at, p.updated_at, f.updated_at,
        (select max(updated_at) from rm_applications a where a.candidate_id = u.id and a.agency_id = ${actor.agencyId})) as activity
    from rm_users u left join rm_profiles p on p.user_id = u.id
    left join rm_candidate_files f on f.agency_id = ${actor.agencyId} and f.candidate_id = u.id
    where u.id = any(${seen.map((s) => s.id)}::uuid[])`;
  const byId = new Map(people.map((p) => [p.id, p]));
  const columns = ["name", "place", "desiredJobs", "availability", "contract", "permit", "languages", "lastActivity"];
  const header = [...columns, "email", "phone", "link"].map((c) => t(`library:export.columns.${c}`));
  const rows = seen.flatMap(({ id, profile }) => {
    const person = byId.get(id);
    if (!person) return [];
    const { identity, address, criteria, languages } = profile;
    const opt = (prefix: string, v: string | null | undefined) => (v ? t(`${prefix}.${v}`, { defaultValue: v }) : "");
    return [
      [
        `${person.firstName} ${person.lastName}`.trim(),
        [address?.postalCode, address?.city].filter(Boolean).join(" "),
        (criteria?.desiredJobs ?? []).map((j) => opt("reference:professions", j)).join(", "),
        opt("profile:availability", criteria?.availability),
        opt("profile:contract", criteria?.contractType),
        opt("profile:permits", identity?.workPermit),
        languages
          .filter((l) => l.code)
          .map((l) => `${l.code}${l.spoken ? ` ${l.spoken}` : ""}`)
          .join(", "),
        ddmmyyyy(person.activity.toISOString().slice(0, 10)),
        // contact details only where the agency dealt with the candidate (ADR 0034): never by country alone
        profile.contact ? person.email : "",
        profile.contact ? (identity?.phone ?? "") : "",
        `${publicUrl}/cv-theque/${id}`,
      ],
    ];
  });
  return { bytes: toCsv([header, ...rows], lng), filename: `cv-theque-${new Date().toISOString().slice(0, 10)}.csv` };
}
