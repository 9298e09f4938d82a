import { z } from "zod";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import { purgeIdempotencyKeys } from "../../lib/idempotency";
import { defineModule } from "../module";
import { createAuthenticator } from "./authenticator";
import { apiTokens } from "./api-tokens";
import { identityCommands } from "./commands";
import { sessionStream, type SessionEnded } from "./events";
import { usersProjection } from "./projections";
import { identityQueries } from "./queries";
import { signInCommand } from "./sign-in";

/** What identity calls of the others: sign-in asks the agencies module (created after identity: a late port). */
export interface IdentityPorts {
  agencies: { status(agencyId: string): Promise<string | null> };
}

/** Accounts, roles, sessions, verification, reset, account states (spec sections 1, 4, 5, 6). */
export const identityModule = defineModule({
  name: "identity",
  late: ["agencies"],
  projections: [usersProjection],
  create({ sql, store, ctx, enqueue, publicUrl, throttle }, { agencies }: IdentityPorts) {
    const queries = identityQueries(sql);
    const authenticator = createAuthenticator(queries);
    const tokens = apiTokens(sql, ctx.clock, ctx.ids);
    return {
      commands: {
        ...identityCommands({ store, tokens, ctx, enqueue, publicUrl }),
        /** API token families (ADR 0049): sign-in, rotation with reuse detection, revocation */
        apiTokens: tokens,
        signIn: signInCommand({ authenticator, users: queries, throttle, agencies }),
      },
      queries: {
        ...queries,
        authenticator,
        /** Whose session this was, once it ended (its row is deleted, its SessionEnded stays): why the next request was signed out. */
        async endedSessionUser(sessionId: string): Promise<string | null> {
          const events = await store.readStream<SessionEnded>(sessionStream(sessionId));
          return events.find((e) => e.type === "SessionEnded")?.data.userId ?? null;
        },
      },
    };
  },
  jobs: (api, { logger, sql, sessions }: JobDeps) => [
    defineJob({
      name: "sessions.purge-expired",
      schema: z.object({}).strict(),
      cron: "*/15 * * * *",
      async handler(): Promise<void> {
        const ended = await sessions.purgeExpired();
        // finished rate-limit windows too (their counters no longer count)
        await sql`delete from rate_limits where expire is not null and expire < ${Date.now()}`;
        const keys = await purgeIdempotencyKeys(sql);
        const tokens = (await api.purgeExpiredTokens()) + (await api.apiTokens.purgeDead());
        logger.info({ ended, keys, tokens }, "expired sessions, idempotency keys and one-time tokens purged");
      },
    }),
  ],
});

export { verifyPassword } from "./passwords";

// the HTTP adapters the composition root builds with its secrets and pools
export { createSessions, type Sessions } from "./sessions";
export { createSocialLogin, socialProvidersFromEnv, type SocialLogin } from "./social-login";
export { createThrottle, DEFAULT_LIMITS, type Throttle } from "./throttle";

export type IdentityApi = ReturnType<typeof identityModule.create>["commands"] &
  ReturnType<typeof identityModule.create>["queries"];

/** Erasure hook (issue 30): called by the erasure module. */
export { eraseIdentity } from "./erase";
