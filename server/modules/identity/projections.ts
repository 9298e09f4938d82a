import type { Projection, StoredEvent } from "../../event-store/types";

type Data = Record<string, string | boolean | null | undefined>;

/**
 * rm_users and rm_account_tokens, inline so a registration is readable (and its email unique)
 * at once and a changed password works on the next request. People whose data key was erased
 * are not brought back by a rebuild.
 */
export const usersProjection: Projection = {
  name: "identity.users",
  eventTypes: ["UserRegistered", "AccountTokenIssued", "EmailVerified", "PasswordChanged", "EmailChanged", "AccountDeactivated", "AccountReactivated"],
  tables: ["rm_users", "rm_account_tokens"],
  async apply(tx, events: StoredEvent[]) {
    for (const e of events) {
      if (e.erased) continue;
      const d = e.data as Data;
      switch (e.type) {
        case "UserRegistered":
          await tx`insert into rm_users ${tx({
            id: d.userId as string,
            email: d.email as string,
            password_hash: d.passwordHash as string,
            role: d.role as string,
            first_name: d.firstName as string,
            last_name: d.lastName as string,
            locale: d.locale as string,
            country: (d.country as string | null) ?? null,
            agency_id: (d.agencyId as string | null) ?? null,
            client_id: (d.clientId as string | null) ?? null,
            verified: Boolean(d.verified),
            enabled: true,
            created_at: e.createdAt,
          })}`;
          break;
        case "AccountTokenIssued":
          await tx`insert into rm_account_tokens (token_hash, user_id, purpose, expires_at)
            values (${d.tokenHash as string}, ${d.userId as string}, ${d.purpose as string}, ${d.expiresAt as string})`;
          break;
        case "EmailVerified":
          await tx`update rm_users set verified = true where id = ${d.userId as string}`;
          if (d.tokenHash) await tx`update rm_account_tokens set used_at = ${e.createdAt} where token_hash = ${d.tokenHash as string}`;
          break;
        case "PasswordChanged":
          await tx`update rm_users set password_hash = ${d.passwordHash as string} where id = ${d.userId as string}`;
          if (d.tokenHash) await tx`update rm_account_tokens set used_at = ${e.createdAt} where token_hash = ${d.tokenHash as string}`;
          break;
        case "EmailChanged":
          await tx`update rm_users set email = ${d.email as string}, verified = false where id = ${d.userId as string}`;
          break;
        case "AccountDeactivated":
          await tx`update rm_users set enabled = false, disabled_by = ${d.by as string} where id = ${d.userId as string}`;
          break;
        case "AccountReactivated":
          await tx`update rm_users set enabled = true, disabled_by = null where id = ${d.userId as string}`;
          break;
      }
    }
  },
};
