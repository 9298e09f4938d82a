import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { isUuid } from "../../lib/contract";
import type { DocumentFile } from "../candidates";
import type { FileMime } from "../candidates/contract";
import { isAgencyStaff, isClientUser, isPlatformAdmin, type Actor } from "../identity/contract";
import type { AgencyDocumentKind } from "./contract";

/** What this module needs of the others (ports, DESIGN section 4). */
/** What the agency documents call of the others (ports, docs/architecture.md). */
export interface AgencyDocumentsPorts {
  applications: { agenciesOfCandidate(candidateId: string): Promise<string[]> };
  agencies: { overview(actor: Actor, agencyId?: string | null): Promise<{ agency: { name: string } } | null> };
}

export interface AgencyDocumentRow {
  id: string;
  agencyId: string;
  agencyName: string;
  title: string;
  kind: AgencyDocumentKind;
  name: string;
  mime: FileMime;
  size: number;
  createdAt: string;
}

/** Does the candidate deal with this agency: applied to it or on one of its missions (the commands ask it too). */
export const dealings =
  (ports: Pick<AgencyDocumentsPorts, "applications">) => async (candidateId: string, agencyId: string) =>
    isUuid(candidateId) && (await ports.applications.agenciesOfCandidate(candidateId)).includes(agencyId);

export function agencyDocumentQueries(
  { sql, storage }: { sql: Db; storage: Storage },
  ports: Pick<AgencyDocumentsPorts, "applications">,
) {
  const dealsWith = dealings(ports);
  type Row = Omit<AgencyDocumentRow, "createdAt"> & { createdAt: Date };
  const columns = sql`d.id, d.agency_id as "agencyId", d.agency_name as "agencyName", d.title, d.kind, d.name, d.mime, d.size, d.created_at as "createdAt"`;
  const dto = (r: Row): AgencyDocumentRow => ({ ...r, createdAt: r.createdAt.toISOString() });

  return {
    /**
     * /documents: the agency's shared documents. Staff see who acknowledged each and when;
     * client users of the agency read the list; platform admins see every agency's.
     */
    async agencyDocuments(actor: Actor) {
      const agencyId = isPlatformAdmin(actor)
        ? null
        : isAgencyStaff(actor) || isClientUser(actor)
          ? actor.agencyId
          : undefined;
      if (agencyId === undefined) return [];
      const rows = await sql<Row[]>`select ${columns} from rm_agency_documents d
        where d.withdrawn_at is null and ${agencyId === null ? sql`true` : sql`d.agency_id = ${agencyId}`} order by d.created_at desc, d.id`;
      const showAcks = isAgencyStaff(actor) || isPlatformAdmin(actor);
      const acks =
        showAcks && rows.length
          ? await sql<{ documentId: string; userId: string; name: string; acknowledgedAt: Date }[]>`
            select k.document_id as "documentId", k.user_id as "userId", coalesce(u.first_name || ' ' || u.last_name, '—') as name, k.acknowledged_at as "acknowledgedAt"
            from rm_agency_document_acks k left join rm_users u on u.id = k.user_id
            where k.document_id in ${sql(rows.map((r) => r.id))} order by k.acknowledged_at`
          : [];
      return rows.map((r) => ({
        ...dto(r),
        acknowledgements: showAcks
          ? acks
              .filter((a) => a.documentId === r.id)
              .map((a) => ({ userId: a.userId, name: a.name, acknowledgedAt: a.acknowledgedAt.toISOString() }))
          : null,
      }));
    },

    /** /agency-docs: the documents of the agencies the candidate deals with, and when they acknowledged each. */
    async agencyDocumentsForCandidate(actor: Actor) {
      if (actor.role !== "CANDIDATE") return [];
      const agencies = await ports.applications.agenciesOfCandidate(actor.id);
      if (!agencies.length) return [];
      const rows = await sql<
        (Row & { acknowledgedAt: Date | null })[]
      >`select ${columns}, k.acknowledged_at as "acknowledgedAt"
        from rm_agency_documents d left join rm_agency_document_acks k on k.document_id = d.id and k.user_id = ${actor.id}
        where d.withdrawn_at is null and d.agency_id in ${sql(agencies)} order by d.agency_name, d.created_at desc, d.id`;
      return rows.map((r) => ({ ...dto(r), acknowledgedAt: r.acknowledgedAt?.toISOString() ?? null }));
    },

    /** A shared document's file: for its agency's people and the candidates dealing with it; null for anyone else. */
    async agencyDocumentFile(actor: Actor, documentId: string): Promise<DocumentFile | null> {
      if (!isUuid(documentId)) return null;
      const [row] = await sql<{ agencyId: string; name: string; mime: FileMime; fileId: string }[]>`
        select agency_id as "agencyId", name, mime, file_id as "fileId" from rm_agency_documents where id = ${documentId} and withdrawn_at is null`;
      if (!row) return null;
      const allowed =
        isPlatformAdmin(actor) ||
        ((isAgencyStaff(actor) || isClientUser(actor)) && actor.agencyId === row.agencyId) ||
        (actor.role === "CANDIDATE" && (await dealsWith(actor.id, row.agencyId)));
      if (!allowed) return null;
      const bytes = await storage.get(row.fileId);
      return bytes ? { name: row.name, mime: row.mime, bytes } : null;
    },
  };
}
