import type { Projection } from "../../event-store/types";
import type { UserEvent } from "./events";

/**
 * rm_users and rm_account_tokens, inline so a registration is readable (and its email unique)
 * at once and a changed password works on the next request. People whose data key was erased
 * are not brought back by a rebuild.
 */
export const usersProjection: Projection<UserEvent> = {
  name: "identity.users",
  eventTypes: [
    "UserRegistered",
    "AccountTokenIssued",
    "EmailVerified",
    "PasswordChanged",
    "EmailChanged",
    "AccountDeactivated",
    "AccountReactivated",
  ],
  tables: ["rm_users", "rm_account_tokens"],
  async apply(tx, events) {
    for (const e of events) {
      if (e.erased) continue;
      switch (e.type) {
        case "UserRegistered": {
          const d = e.data;
          await tx`insert into rm_users ${tx({
            id: d.userId,
            email: d.email,
            password_hash: d.passwordHash,
            role: d.role,
            first_name: d.firstName,
            last_name: d.lastName,
            locale: d.locale,
            country: d.country ?? null,
            agency_id: d.agencyId ?? null,
            client_id: d.clientId ?? null,
            verified: Boolean(d.verified),
            enabled: true,
            created_at: e.createdAt,
          })}`;
          break;
        }
        case "AccountTokenIssued": {
          const d = e.data;
          await tx`insert into rm_account_tokens (token_hash, user_id, purpose, expires_at)
            values (${d.tokenHash}, ${d.userId}, ${d.purpose}, ${d.expiresAt})`;
          break;
        }
        case "EmailVerified":
          await tx`update rm_users set verified = true where id = ${e.data.userId}`;
          if (e.data.tokenHash)
            await tx`update rm_account_tokens set used_at = ${e.createdAt} where token_hash = ${e.data.tokenHash}`;
          break;
        case "PasswordChanged":
          await tx`update rm_users set password_hash = ${e.data.passwordHash} where id = ${e.data.userId}`;
          if (e.data.tokenHash)
            await tx`update rm_account_tokens set used_at = ${e.createdAt} where token_hash = ${e.data.tokenHash}`;
          break;
        case "EmailChanged":
          await tx`update rm_users set email = ${e.data.email}, verified = false where id = ${e.data.userId}`;
          break;
        case "AccountDeactivated":
          await tx`update rm_users set enabled = false, disabled_by = ${e.data.by} where id = ${e.data.userId}`;
          break;
        case "AccountReactivated":
          await tx`update rm_users set enabled = true, disabled_by = null where id = ${e.data.userId}`;
          break;
      }
    }
  },
};
