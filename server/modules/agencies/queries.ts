import type { rmAgencies, rmBranches, rmClientCompanies, rmUsers } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { mayDecideAgencies, mayReadAgency } from "./contract";
import type { Cols } from "../../lib/rows";
import { isUuid } from "../../lib/contract";

/** Every query takes the actor first: an agency the actor may not read returns nothing. */
export function agencyQueries(sql: Db) {
  return {
    /** The actor's agency (platform admins: any agency they name). */
    async overview(actor: Actor, agencyId = actor.agencyId) {
      if (!agencyId || !mayReadAgency(actor, agencyId)) return null;
      const [agency] = await sql<Cols<typeof rmAgencies, "id" | "name" | "country" | "city" | "status" | "logoId">[]>`
        select id, name, country, city, status, logo_id as "logoId" from rm_agencies where id = ${agencyId}`;
      if (!agency) return null;
      const [branches, clients, team] = await Promise.all([
        sql<
          Cols<typeof rmBranches, "id" | "name" | "city">[]
        >`select id, name, city from rm_branches where agency_id = ${agencyId} order by name`,
        sql<
          Cols<typeof rmClientCompanies, "id" | "name" | "city">[]
        >`select id, name, city from rm_client_companies where agency_id = ${agencyId} order by name`,
        sql<(Cols<typeof rmUsers, "id" | "role" | "enabled"> & { name: string })[]>`
          select id, first_name || ' ' || last_name as name, role, enabled from rm_users where agency_id = ${agencyId} order by last_name, first_name`,
      ]);
      return { agency, branches, clients, team };
    },
    /** The logos of these agencies (public: they show on the agencies' ads), by agency id; agencies without one are left out. */
    async logoIds(agencyIds: readonly string[]): Promise<Record<string, string>> {
      const ids = [...new Set(agencyIds)].filter(isUuid);
      if (!ids.length) return {};
      const rows = await sql<
        { id: string; logoId: string }[]
      >`select id, logo_id as "logoId" from rm_agencies where id in ${sql(ids)} and logo_id is not null`;
      return Object.fromEntries(rows.map((r) => [r.id, r.logoId]));
    },
    async status(agencyId: string): Promise<string | null> {
      const [row] = await sql<
        Cols<typeof rmAgencies, "status">[]
      >`select status from rm_agencies where id = ${agencyId}`;
      return row?.status ?? null;
    },
    /** The agency's country (its staff's sockets join that country's library room). */
    async countryOf(agencyId: string): Promise<string | null> {
      const [row] = await sql<
        Cols<typeof rmAgencies, "country">[]
      >`select country from rm_agencies where id = ${agencyId}`;
      return row?.country ?? null;
    },
    /** The platform admin's list: pending agencies first, then the latest decisions. */
    async forValidation(actor: Actor) {
      if (!mayDecideAgencies(actor)) throw new AppError("forbidden", "not_authorized");
      return sql<
        (Cols<typeof rmAgencies, "id" | "name" | "country" | "city" | "status" | "createdAt"> & {
          adminEmail: string | null;
          adminName: string | null;
        })[]
      >`
        select a.id, a.name, a.country, a.city, a.status, a.created_at as "createdAt",
          (select email from rm_users u where u.agency_id = a.id and u.role = 'ADMIN_CONSULTANT' order by u.created_at limit 1) as "adminEmail",
          (select first_name || ' ' || last_name from rm_users u where u.agency_id = a.id and u.role = 'ADMIN_CONSULTANT' order by u.created_at limit 1) as "adminName"
        from rm_agencies a
        order by (a.status = 'pending') desc, a.created_at desc
        limit 200`;
    },
    async platformCounts(actor: Actor) {
      if (!mayDecideAgencies(actor)) throw new AppError("forbidden", "not_authorized");
      const [row] = await sql<{ agencies: number; pending: number; candidates: number }[]>`
        select (select count(*)::int from rm_agencies) as agencies,
               (select count(*)::int from rm_agencies where status = 'pending') as pending,
               (select count(*)::int from rm_users where role = 'CANDIDATE') as candidates`;
      return row!;
    },
  };
}
