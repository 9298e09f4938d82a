import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { mayDecideAgencies, mayReadAgency } from "./contract";

/** Every query takes the actor first: an agency the actor may not read returns nothing. */
export function agencyQueries(sql: Db) {
  return {
    /** The actor's agency (platform admins: any agency they name). */
    async overview(actor: Actor, agencyId = actor.agencyId) {
      if (!agencyId || !mayReadAgency(actor, agencyId)) return null;
      const [agency] = await sql<{ id: string; name: string; country: string; city: string; status: string }[]>`
        select id, name, country, city, status from rm_agencies where id = ${agencyId}`;
      if (!agency) return null;
      const [branches, clients, team] = await Promise.all([
        sql<{ id: string; name: string; city: string }[]>`select id, name, city from rm_branches where agency_id = ${agencyId} order by name`,
        sql<{ id: string; name: string; city: string }[]>`select id, name, city from rm_client_companies where agency_id = ${agencyId} order by name`,
        sql<{ id: string; first_name: string; last_name: string; role: string; enabled: boolean }[]>`
          select id, first_name, last_name, role, enabled from rm_users where agency_id = ${agencyId} order by last_name, first_name`,
      ]);
      return { agency, branches, clients, team: team.map((t) => ({ id: t.id, name: `${t.first_name} ${t.last_name}`, role: t.role, enabled: t.enabled })) };
    },
    async status(agencyId: string): Promise<string | null> {
      const [row] = await sql<{ status: string }[]>`select status from rm_agencies where id = ${agencyId}`;
      return row?.status ?? null;
    },
    /** The platform admin's list: pending agencies first, then the latest decisions. */
    async forValidation(actor: Actor) {
      if (!mayDecideAgencies(actor)) throw new AppError("forbidden", "not_authorized");
      return sql<{ id: string; name: string; country: string; city: string; status: string; created_at: Date; admin_email: string | null; admin_name: string | null }[]>`
        select a.id, a.name, a.country, a.city, a.status, a.created_at,
          (select email from rm_users u where u.agency_id = a.id and u.role = 'ADMIN_CONSULTANT' order by u.created_at limit 1) as admin_email,
          (select first_name || ' ' || last_name from rm_users u where u.agency_id = a.id and u.role = 'ADMIN_CONSULTANT' order by u.created_at limit 1) as admin_name
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
