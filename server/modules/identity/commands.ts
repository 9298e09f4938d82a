import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import { AppError } from "../../lib/errors";
import { userDecider, type RegisterUser } from "./decider";
import { sessionStream, userStream } from "./events";
import { hashPassword } from "./passwords";

export type RegisterUserInput = Omit<RegisterUser, "type" | "userId" | "passwordHash"> & { password: string };

export function identityCommands(store: EventStore, ctx: DecideContext) {
  const sessionEnded = async (sessionId: string, userId: string, reason: "logout" | "revoked" | "expired", actor = userId) => {
    await store.append(sessionStream(sessionId), "any", [{ type: "SessionEnded", data: { sessionId, userId, reason } }], { actor });
  };
  return {
    async registerUser(input: RegisterUserInput, actor = "system"): Promise<string> {
      const userId = ctx.ids.uuid();
      const { password, ...rest } = input;
      const command: RegisterUser = { type: "RegisterUser", userId, passwordHash: await hashPassword(password), ...rest };
      try {
        await handleCommand(store, userDecider, userStream(userId), command, ctx, { actor, tenant: input.agencyId ?? undefined });
      } catch (error) {
        if ((error as { constraint_name?: string }).constraint_name === "rm_users_email_unique") {
          throw new AppError("email_exist", 409, "email");
        }
        throw error;
      }
      return userId;
    },

    /** Audit trail of sign-ins; the realtime processor uses SessionEnded to close sockets. */
    async sessionStarted(sessionId: string, userId: string, tenant?: string) {
      await store.append(sessionStream(sessionId), 0, [{ type: "SessionStarted", data: { sessionId, userId } }], { actor: userId, tenant });
    },

    sessionEnded,

    /**
     * Sign a person out everywhere (account disabled, password changed): their session rows go,
     * and each SessionEnded closes that session's open sockets and pages.
     */
    async revokeSessions(userId: string, actor: string) {
      const rows = await store.sql<{ id: string }[]>`delete from sessions where user_id = ${userId} returning id`;
      for (const { id } of rows) await sessionEnded(id, userId, "revoked", actor);
      return rows.length;
    },
  };
}
