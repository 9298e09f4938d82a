import type { Db, Tx } from "../event-store/types";
import { isAgencyStaff, isClientUser, isPlatformAdmin, type Actor } from "../modules/identity/contract";

/**
 * The tenancy helper every module's queries put in their WHERE clause: the rows an actor may
 * see, as a SQL condition on a table (or alias) with agency_id and (optionally) client_id.
 * Agency staff see their agency's, client users their company's (`clientColumn: null` for
 * tables without one: client users then see nothing), platform admins all. Anyone else sees
 * nothing, so a foreign id reads as not found.
 */
export function tenantFilter(
  sql: Db | Tx,
  a: Actor,
  alias?: string,
  { clientColumn = "client_id" as string | null } = {},
) {
  const col = (name: string) => (alias ? sql`${sql(alias)}.${sql(name)}` : sql`${sql(name)}`);
  if (isPlatformAdmin(a)) return sql`true`;
  if (isAgencyStaff(a) && a.agencyId) return sql`${col("agency_id")} = ${a.agencyId}`;
  if (isClientUser(a) && a.agencyId && a.clientId && clientColumn)
    return sql`${col("agency_id")} = ${a.agencyId} and ${col(clientColumn)} = ${a.clientId}`;
  return sql`false`;
}
