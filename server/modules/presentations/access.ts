import type { Db } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { hashToken } from "../../lib/tokens";
import { isAgencyStaff, type Actor, type Role } from "../identity/contract";
import type { DossierAlias, DossierLanguage, DossierStatus } from "./rules";

export interface PresentationRow {
  id: string;
  agencyId: string;
  ownerId: string;
  companyId: string;
  companyName: string;
  agencyName: string;
  logoId: string | null;
  title: string;
  language: DossierLanguage;
  anonymised: boolean;
  alias: DossierAlias;
  showEmployers: boolean;
  status: DossierStatus;
  linkExpiresAt: Date | null;
  firstOpenedAt: Date | null;
  lastOpenedAt: Date | null;
  version: number;
  createdAt: Date;
  updatedAt: Date;
}

const columns = (sql: Db) => sql`
  p.id, p.agency_id as "agencyId", p.owner_id as "ownerId", p.company_id as "companyId", c.name as "companyName",
  g.name as "agencyName", g.logo_id as "logoId", p.title, p.language, p.anonymised, p.alias, p.show_employers as "showEmployers",
  p.status, p.link_expires_at as "linkExpiresAt", p.first_opened_at as "firstOpenedAt", p.last_opened_at as "lastOpenedAt",
  p.version, p.created_at as "createdAt", p.updated_at as "updatedAt"`;

/** The agency's staff act for it (not its client users, not platform admins). */
export const staffAgency = (actor: Actor) => (isAgencyStaff(actor) && actor.agencyId ? actor.agencyId : null);

/**
 * A dossier as this actor may see it: its agency's staff only, the agency in the WHERE clause;
 * anything else (another agency, a client user, a foreign id) is null, read as not found.
 */
export async function visiblePresentation(sql: Db, actor: Actor, id: string): Promise<PresentationRow | null> {
  const agencyId = staffAgency(actor);
  if (!agencyId || !isUuid(id)) return null;
  const [row] = await sql<PresentationRow[]>`
    select ${columns(sql)} from rm_presentations p
    join rm_client_companies c on c.id = p.company_id join rm_agencies g on g.id = p.agency_id
    where p.id = ${id} and p.agency_id = ${agencyId}`;
  return row ?? null;
}

/** A client link's dossier and the state of the link; the owner acts for the agency when the page reads the candidates. */
export type LinkLookup =
  { state: "invalid" | "expired" } | { state: "valid"; presentation: PresentationRow; tokenHash: string; owner: Actor };

/**
 * The dossier of a client link's token: unknown, tampered or revoked tokens are "invalid" (their
 * hash matches no current link), an old one "expired". The dossier's owner must still be an
 * enabled member of its agency: their access to the candidates is what the client reads through.
 */
export async function presentationOfToken(sql: Db, token: string, now: Date): Promise<LinkLookup> {
  if (!token || token.length > 100) return { state: "invalid" };
  const tokenHash = hashToken(token);
  const [row] = await sql<(PresentationRow & { role: Role; ownerAgency: string | null; enabled: boolean })[]>`
    select ${columns(sql)}, u.role, u.agency_id as "ownerAgency", u.enabled from rm_presentations p
    join rm_client_companies c on c.id = p.company_id join rm_agencies g on g.id = p.agency_id
    join rm_users u on u.id = p.owner_id
    where p.token_hash = ${tokenHash}`;
  if (!row || !row.enabled || row.ownerAgency !== row.agencyId) return { state: "invalid" };
  if (!row.linkExpiresAt || row.linkExpiresAt <= now) return { state: "expired" };
  const { role, ownerAgency: _a, enabled: _e, ...presentation } = row;
  const owner: Actor = { id: row.ownerId, role, agencyId: row.agencyId, clientId: null };
  return isAgencyStaff(owner) ? { state: "valid", presentation, tokenHash, owner } : { state: "invalid" };
}
