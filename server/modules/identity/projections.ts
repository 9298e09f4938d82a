import type { Projection } from "../../event-store/types";
import type { UserRegistered } from "./events";

type Registered = UserRegistered["data"] & UserRegistered["personal"]["data"];

/** rm_users, inline so a registration is readable (and its email unique) at once. */
export const usersProjection: Projection = {
  name: "identity.users",
  eventTypes: ["UserRegistered"],
  tables: ["rm_users"],
  async apply(tx, events) {
    const rows = events.map((e) => {
      const d = e.data as unknown as Registered;
      return {
        id: d.userId,
        email: d.email,
        password_hash: d.passwordHash,
        role: d.role,
        first_name: d.firstName,
        last_name: d.lastName,
        locale: d.locale,
        country: d.country,
        agency_id: d.agencyId,
        client_id: d.clientId,
        verified: d.verified,
        enabled: true,
        created_at: e.createdAt,
      };
    }).filter((r) => r.email !== undefined); // erased people are not brought back by a rebuild
    if (rows.length) await tx`insert into rm_users ${tx(rows)}`;
  },
};
