import type { Db } from "../../event-store/types";
import type { Clock } from "../../lib/clock";
import { isAgencyStaff, type Actor } from "../identity/contract";
import { visibleFolder } from "./access";
import { folderCsv } from "./csv";
import type { FolderCandidatePort } from "./commands";
import { FOLDER_RESTORE_DAYS, canManageFolder, type FolderVisibility } from "./rules";

export interface FolderSummary {
  id: string;
  name: string;
  description: string;
  visibility: FolderVisibility;
  ownerId: string;
  ownerName: string;
  count: number;
  updatedAt: Date;
}
export interface DeletedFolder {
  id: string;
  name: string;
  deletedAt: Date;
}
export interface FolderMember {
  id: string;
  firstName: string;
  lastName: string;
  place: string | null;
  addedBy: string;
  addedByName: string;
  addedAt: Date;
}
export interface FolderCsvRow {
  lastName: string;
  firstName: string;
  place: string;
  email: string;
  phone: string;
  addedByName: string;
  addedAt: Date;
}

const staffAgency = (actor: Actor) => (isAgencyStaff(actor) && actor.agencyId ? actor.agencyId : null);

export function folderQueries(sql: Db, candidates: FolderCandidatePort, clock: Clock) {
  const summaries = (agencyId: string, actor: Actor, extra = sql``) => sql<FolderSummary[]>`
    select f.id, f.name, f.description, f.visibility, f.owner_id as "ownerId",
      concat_ws(' ', u.first_name, u.last_name) as "ownerName",
      (select count(*)::int from rm_folder_members m where m.folder_id = f.id) as count, f.updated_at as "updatedAt"
    from rm_folders f left join rm_users u on u.id = f.owner_id
    where f.agency_id = ${agencyId} and f.deleted_at is null and (f.visibility = 'agency' or f.owner_id = ${actor.id}) ${extra}
    order by lower(f.name), f.id`;

  const members = (folderId: string, agencyId: string) => sql<FolderMember[]>`
    select m.candidate_id as id, u.first_name as "firstName", u.last_name as "lastName",
      nullif(concat_ws(' ', p.address->>'postalCode', p.address->>'city'), '') as place,
      m.added_by as "addedBy", concat_ws(' ', a.first_name, a.last_name) as "addedByName", m.added_at as "addedAt"
    from rm_folder_members m
    join rm_users u on u.id = m.candidate_id
    left join rm_profiles p on p.user_id = m.candidate_id
    left join rm_users a on a.id = m.added_by
    where m.folder_id = ${folderId} and m.agency_id = ${agencyId}
    order by m.position`;

  /**
   * A folder's candidates for its CSV export; the e-mail and phone only where the access rule
   * gives the agency the contact details (it dealt with the candidate), and nobody the rule no
   * longer lets the agency see. Null: not found.
   */
  async function csvRows(actor: Actor, folderId: string): Promise<{ name: string; rows: FolderCsvRow[] } | null> {
    const folder = await visibleFolder(sql, actor, folderId);
    if (!folder) return null;
    const list = await members(folder.id, folder.agencyId);
    const emails = new Map(
      (
        await sql<
          { id: string; email: string }[]
        >`select id, email from rm_users where id = any(${list.map((m) => m.id)}::uuid[])`
      ).map((r) => [r.id, r.email]),
    );
    const rows: FolderCsvRow[] = [];
    for (const m of list) {
      const profile = await candidates.openCandidateProfile(actor, m.id);
      if (!profile) continue;
      rows.push({
        lastName: m.lastName,
        firstName: m.firstName,
        place: m.place ?? "",
        email: profile.contact ? (emails.get(m.id) ?? "") : "",
        phone: profile.contact ? (profile.identity?.phone ?? "") : "",
        addedByName: m.addedByName,
        addedAt: m.addedAt,
      });
    }
    return { name: folder.name, rows };
  }

  return {
    /** /mes-dossiers: the folders the actor sees (theirs, and the agency's shared ones), and theirs deleted lately. */
    async folders(actor: Actor): Promise<{ folders: FolderSummary[]; deleted: DeletedFolder[] }> {
      const agencyId = staffAgency(actor);
      if (!agencyId) return { folders: [], deleted: [] };
      const since = new Date(clock.now().getTime() - FOLDER_RESTORE_DAYS * 86_400_000);
      const [folders, deleted] = await Promise.all([
        summaries(agencyId, actor),
        sql<DeletedFolder[]>`
          select id, name, deleted_at as "deletedAt" from rm_folders
          where agency_id = ${agencyId} and owner_id = ${actor.id} and deleted_at > ${since}
          order by deleted_at desc`,
      ]);
      return { folders, deleted };
    },

    /** The folders of this agency holding this candidate that the actor sees (the candidate file's list). */
    async foldersOfCandidate(actor: Actor, candidateId: string): Promise<FolderSummary[]> {
      const agencyId = staffAgency(actor);
      if (!agencyId) return [];
      return summaries(
        agencyId,
        actor,
        sql`and exists (select 1 from rm_folder_members m where m.folder_id = f.id and m.candidate_id = ${candidateId}::uuid)`,
      );
    },

    /** The folders the actor may add to (the add control's choices). */
    async pickableFolders(actor: Actor): Promise<FolderSummary[]> {
      const agencyId = staffAgency(actor);
      return agencyId ? summaries(agencyId, actor) : [];
    },

    /** A folder's page: the folder, its candidates in order (who added whom, when), what the actor may do; null: not found. */
    async folder(actor: Actor, folderId: string) {
      const folder = await visibleFolder(sql, actor, folderId);
      if (!folder) return null;
      return { ...folder, manage: canManageFolder(actor, folder), members: await members(folder.id, folder.agencyId) };
    },

    folderCsvRows: csvRows,

    /** The folder as a CSV file (headers in the reader's language, dates in their locale); null: not found. */
    async exportFolder(actor: Actor, folderId: string, { headers, lng }: { headers: string[]; lng: string }) {
      const data = await csvRows(actor, folderId);
      if (!data) return null;
      const day = new Intl.DateTimeFormat(lng === "en" ? "en-GB" : lng, {
        dateStyle: "short",
        timeZone: "Europe/Zurich",
      });
      const csv = folderCsv(
        headers,
        data.rows.map((r) => [
          r.lastName,
          r.firstName,
          r.place,
          r.email,
          r.phone,
          r.addedByName,
          day.format(r.addedAt),
        ]),
      );
      return { name: data.name, csv };
    },
  };
}
