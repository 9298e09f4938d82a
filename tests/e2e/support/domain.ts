import { randomUUID } from "node:crypto";
import postgres from "postgres";
import type { Db } from "../../../server/event-store/types";
import type { Role } from "../../../server/modules/identity/contract";
import { createDomain } from "../../../server/services";
import { createStorage } from "../../../server/infra/storage";
import { E2E, E2E_DATABASE_URL } from "../../support/e2e-env";

/**
 * The running server's database, used like another app process: tests create the fresh
 * accounts they change, so parallel tests never share a mutated account.
 */
export function e2eDomain() {
  const sql = postgres(E2E_DATABASE_URL, { max: 2, onnotice: () => {} });
  // the server's file storage too: files stored here (CVs) are the ones the server serves
  const domain = createDomain(sql as unknown as Db, { storage: createStorage(E2E.dataDir) });
  return {
    sql,
    domain,
    async agencyId(name: string) {
      const [row] = await sql<{ id: string }[]>`select id from rm_agencies where name = ${name}`;
      return row!.id;
    },
    /** A verified account with a unique email; returns its email. */
    async freshAccount(role: Role, password: string, agencyId: string | null = null, prefix = "e2e") {
      const email = `${prefix}.${randomUUID().slice(0, 8)}@demo.test`;
      await domain.identity.registerUser({
        email,
        password,
        firstName: "Alex",
        lastName: "Tester",
        role,
        locale: "fr",
        country: role === "CANDIDATE" ? "CH" : null,
        agencyId,
        clientId: null,
        verified: true,
      });
      return email;
    },
    close: () => sql.end({ timeout: 5 }),
  };
}
