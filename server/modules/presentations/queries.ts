import type { Db } from "../../event-store/types";
import type { Clock } from "../../lib/clock";
import type { Actor } from "../identity/contract";
import { presentationOfToken, staffAgency, visiblePresentation, type PresentationRow } from "./access";
import { candidateData, type PresentationCandidatePort } from "./data";
import { presentationPdf, type PdfLabel } from "./pdf";
import type { DossierAnswer, DossierStatus } from "./rules";
import { clientDossier, type ClientDossier, type DossierMember } from "./view";

export interface PresentationSummary {
  id: string;
  title: string;
  companyName: string;
  ownerName: string;
  status: DossierStatus;
  anonymised: boolean;
  language: string;
  count: number;
  answered: number;
  updatedAt: Date;
}
export interface HistoryLine {
  position: number;
  kind: string;
  actorName: string | null;
  detail: { n?: number; answer?: DossierAnswer; count?: number; recipientId?: string; expiresAt?: string };
  at: Date;
}

export function presentationQueries(
  sql: Db,
  access: PresentationCandidatePort,
  clock: Clock,
  readFile: (id: string) => Promise<Buffer | null>,
) {
  const members = (id: string, agencyId: string) => sql<(DossierMember & { answeredAt: Date | null })[]>`
    select position, candidate_id as "candidateId", sections, documents, comment, answer,
      answer_comment as "answerComment", answered_at as "answeredAt"
    from rm_presentation_members where presentation_id = ${id} and agency_id = ${agencyId} order by position`;

  /** The view model of a dossier, read for `actor` (the consultant, or the owner for the client's link). */
  async function viewOf(actor: Actor, row: PresentationRow): Promise<ClientDossier> {
    const list = await members(row.id, row.agencyId);
    const data = await candidateData(
      sql,
      access,
      actor,
      list.map((m) => m.candidateId),
    );
    return clientDossier(row, list, data, clock.now());
  }

  return {
    /** The agency's dossiers, latest first, with their status and how many candidates were answered. */
    async presentations(actor: Actor): Promise<PresentationSummary[]> {
      const agencyId = staffAgency(actor);
      if (!agencyId) return [];
      return sql<PresentationSummary[]>`
        select p.id, p.title, c.name as "companyName", concat_ws(' ', u.first_name, u.last_name) as "ownerName", p.status,
          p.anonymised, p.language, p.updated_at as "updatedAt",
          (select count(*)::int from rm_presentation_members m where m.presentation_id = p.id) as count,
          (select count(*)::int from rm_presentation_members m where m.presentation_id = p.id and m.answer is not null) as answered
        from rm_presentations p join rm_client_companies c on c.id = p.company_id left join rm_users u on u.id = p.owner_id
        where p.agency_id = ${agencyId} order by p.updated_at desc limit 200`;
    },

    /** The dossier's page: the dossier, its candidates (by name, for the agency), the client's view, history, recipients; null: not found. */
    async presentation(actor: Actor, id: string) {
      const row = await visiblePresentation(sql, actor, id);
      if (!row) return null;
      const [list, history, recipients, names] = await Promise.all([
        members(row.id, row.agencyId),
        sql<HistoryLine[]>`
          select h.position, h.kind, nullif(concat_ws(' ', u.first_name, u.last_name), '') as "actorName", h.detail, h.at
          from rm_presentation_history h left join rm_users u on u.id = h.actor_id
          where h.presentation_id = ${row.id} and h.agency_id = ${row.agencyId} order by h.position desc`,
        sql<{ id: string; name: string; email: string }[]>`
          select id, concat_ws(' ', first_name, last_name) as name, email from rm_users
          where client_id = ${row.companyId} and enabled order by last_name, first_name`,
        sql<{ id: string; name: string }[]>`
          select u.id, concat_ws(' ', u.first_name, u.last_name) as name from rm_presentation_members m join rm_users u on u.id = m.candidate_id
          where m.presentation_id = ${row.id} and m.agency_id = ${row.agencyId}`,
      ]);
      const nameOf = new Map(names.map((n) => [n.id, n.name]));
      return {
        ...row,
        linkActive: Boolean(row.linkExpiresAt && row.linkExpiresAt > clock.now()),
        members: list.map((m) => ({ ...m, name: nameOf.get(m.candidateId) ?? "" })),
        history,
        recipients,
      };
    },

    /** What the client sees (the PDF's content too), for the agency's staff: null when not found. */
    async presentationView(actor: Actor, id: string): Promise<ClientDossier | null> {
      const row = await visiblePresentation(sql, actor, id);
      return row ? viewOf(actor, row) : null;
    },

    /** The dossier's PDF (labels in the dossier's language, `t`), with the agency's logo; null: not found. */
    async presentationPdfFile(actor: Actor, id: string, t: PdfLabel) {
      const row = await visiblePresentation(sql, actor, id);
      if (!row) return null;
      const [view, logo] = await Promise.all([viewOf(actor, row), row.logoId ? readFile(row.logoId) : null]);
      return { title: row.title, bytes: await presentationPdf(view, logo, t) };
    },

    /** The language a dossier is written in (the PDF route translates its labels in it); null: not found. */
    async presentationLanguage(actor: Actor, id: string) {
      return (await visiblePresentation(sql, actor, id))?.language ?? null;
    },

    /**
     * The client's link: the dossier as its client sees it, read through its owner's access (a
     * candidate the agency may no longer see drops out), or why not (invalid, expired).
     */
    async clientPresentation(
      token: string,
    ): Promise<{ state: "invalid" | "expired"; view: null } | { state: "valid"; view: ClientDossier }> {
      const link = await presentationOfToken(sql, token, clock.now());
      if (link.state !== "valid") return { state: link.state, view: null };
      return { state: "valid", view: await viewOf(link.owner, link.presentation) };
    },

    /** The builder's choices: the agency's client companies, the picked candidates it may see with their documents. */
    async presentationChoices(actor: Actor, candidateIds: string[]) {
      const agencyId = staffAgency(actor);
      if (!agencyId) return null;
      const ids = [...new Set(candidateIds)].slice(0, 100);
      const [clients, users] = await Promise.all([
        sql<
          { id: string; name: string }[]
        >`select id, name from rm_client_companies where agency_id = ${agencyId} order by name`,
        sql<{ id: string; name: string }[]>`
          select id, concat_ws(' ', first_name, last_name) as name from rm_users where id = any(${ids}::uuid[]) and role = 'CANDIDATE'`,
      ]);
      const names = new Map(users.map((u) => [u.id, u.name]));
      const candidates = [];
      for (const id of ids) {
        if (!names.has(id) || !(await access.openCandidateProfile(actor, id))) continue;
        const documents = ((await access.openCandidateDocuments(actor, id)) ?? []).map((d) => ({
          id: d.id,
          category: d.category,
          name: d.name,
        }));
        candidates.push({ id, name: names.get(id)!, documents });
      }
      return { clients, candidates };
    },
  };
}
