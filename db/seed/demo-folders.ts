import type { createDomain } from "../../server/services";
import type { Actor } from "../../server/modules/identity/contract";

type Domain = ReturnType<typeof createDomain>;

/**
 * Favourite folders for each demo agency (issue 29): one shared with the agency and one private
 * to its first consultant, holding a few candidates who applied to the agency (so the access rule
 * lets it see them and their contact details). Through the folders module's commands, like a
 * consultant would.
 */
export async function seedDemoFolders(domain: Domain) {
  const { identity, folders } = domain;
  const sql = domain.store.sql;
  for (const email of ["consultant.ge@demo.test", "consultant.lyon@demo.test"]) {
    const u = (await identity.credentialsByEmail(email))!;
    const actor: Actor = { id: u.id, role: u.role, agencyId: u.agencyId, clientId: u.clientId };
    const rows = await sql<{ id: string }[]>`
      select a.candidate_id as id from rm_applications a join rm_users c on c.id = a.candidate_id and c.enabled
      where a.agency_id = ${u.agencyId} and a.withdrawn_at is null
      group by a.candidate_id order by min(a.created_at), a.candidate_id limit 6`;
    const ids = rows.map((r) => r.id);
    const shared = await folders.createFolder(actor, {
      name: "Sélection de la semaine",
      description: "Les profils à présenter aux clients cette semaine.",
      visibility: "agency",
    });
    await folders.addToFolder(actor, shared, ids.slice(0, 4));
    const mine = await folders.createFolder(actor, {
      name: "À rappeler",
      description: "",
      visibility: "private",
    });
    // a few agencies have few applicants: the private folder may share some with the shared one
    await folders.addToFolder(actor, mine, ids.slice(Math.max(0, ids.length - 2)));
  }
}
