import type { Db, Tx } from "../../event-store/types";
import type { Role } from "../identity/roles";

/** Whoever acts on ads and orders: the signed-in user's facts that decide what they reach. */
export interface Actor {
  id: string;
  role: Role;
  agencyId: string | null;
  clientId: string | null;
}

export const isStaff = (a: Actor) => a.role === "ADMIN_CONSULTANT" || a.role === "COLLABORATOR";
export const isPlatformAdmin = (a: Actor) => a.role === "PLATFORM_ADMIN";
export const isClientUser = (a: Actor) => a.role === "MANAGER_CLIENT" || a.role === "CLIENT";

/**
 * The rows an actor may see, as a SQL condition on a table (or alias) with agency_id and
 * client_id: agency staff their agency's, client users their company's, platform admins all.
 * Anyone else nothing, so a foreign id reads as not found.
 */
export function tenantFilter(sql: Db | Tx, a: Actor, alias?: string) {
  const col = (name: string) => (alias ? sql`${sql(alias)}.${sql(name)}` : sql`${sql(name)}`);
  if (isPlatformAdmin(a)) return sql`true`;
  if (isStaff(a) && a.agencyId) return sql`${col("agency_id")} = ${a.agencyId}`;
  if (isClientUser(a) && a.agencyId && a.clientId) return sql`${col("agency_id")} = ${a.agencyId} and ${col("client_id")} = ${a.clientId}`;
  return sql`false`;
}
