import { handleCommand, type CommandOptions } from "../../event-store/command";
import { eraseKey } from "../../event-store/data-keys";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import type { EnqueueIn } from "../notifications";
import { verifyPassword } from "../identity";
import type { ErasedPerson, ErasureRequester, RefusalRetentionPort } from "./contract";
import { erasureDecider, type ErasureCommand } from "./decider";
import { erasureStream } from "./events";
import { ERASE_HOOKS } from "./hooks";
import { retentionCommands } from "./retention";

/**
 * What erasure calls of identity (the person's account and password, and signing them out), of
 * applications (the retention rule on refusals) and of support (a person's own request lands in
 * the admins' support inbox, typed "deletion").
 */
export interface ErasurePorts {
  identity: {
    credentialsById(id: string): Promise<{
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      role: string;
      locale: string;
      passwordHash: string;
    } | null>;
    revokeSessions(userId: string, actor: string): Promise<number>;
  };
  applications: RefusalRetentionPort;
  support: {
    openRequestOfKind(
      actor: Actor & { email: string; firstName: string; lastName: string; locale: string },
      kind: "deletion",
      message: string,
    ): Promise<string>;
  };
}

interface Deps {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  publicUrl: string;
  enqueue?: EnqueueIn;
}

export function erasureCommands(deps: Deps, { identity, support, applications }: ErasurePorts) {
  const { sql, store, ctx, storage } = deps;
  const run = (
    userId: string,
    command: ErasureCommand,
    actor: string,
    inTransaction?: CommandOptions["inTransaction"],
  ) =>
    handleCommand(
      store,
      erasureDecider,
      erasureStream(userId),
      command,
      ctx,
      { actor, subject: userId },
      { inTransaction },
    );

  /** Everything about the person goes: the key (their sealed event data), every module's read models, their files. */
  async function carryOut(userId: string, actor: string): Promise<boolean> {
    const account = await identity.credentialsById(userId);
    if (!account || account.role !== "CANDIDATE") return false;
    const person: ErasedPerson = {
      userId,
      email: account.email,
      firstName: account.firstName,
      lastName: account.lastName,
    };
    // each ended session closes its sockets (SessionEnded)
    await identity.revokeSessions(userId, actor);
    const [next] = await sql<
      { n: number }[]
    >`select coalesce(max(pseudonym), 0)::int + 1 as n from rm_erasure_requests`;
    const files: string[] = [];
    await run(userId, { type: "MarkErased", pseudonym: next!.n }, actor, async (tx) => {
      await eraseKey(tx, userId);
      await tx`delete from retention_activity where user_id = ${userId}`;
      for (const hook of ERASE_HOOKS) files.push(...(await hook(tx, person)));
    });
    // after the commit: a rolled-back erasure must not have lost the files
    for (const id of files) await storage.remove(id);
    return true;
  }

  const request = (userId: string, requestedBy: ErasureRequester, actor: string) =>
    run(userId, { type: "Request", userId, requestedBy }, actor);

  return {
    ...retentionCommands(deps, run, applications),

    /**
     * The candidate asks for their account's erasure, confirmed by their password: from the
     * security page, or from /support with a message (`field` names the password's field there).
     * The request also lands in the support inbox, typed, with that message.
     */
    async requestErasure(actor: Actor, password: string, message = "", field = "erasePassword"): Promise<void> {
      if (actor.role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
      const account = await identity.credentialsById(actor.id);
      if (!account || !(await verifyPassword(account.passwordHash, password)))
        throw new AppError("invalid", "incorrect_password", field);
      // asked again while pending: the first request stands, already in the inbox
      if ((await request(actor.id, "self", actor.id)).length === 0) return;
      const { email, firstName, lastName, locale } = account;
      await support.openRequestOfKind({ ...actor, email, firstName, lastName, locale }, "deletion", message);
    },

    /** The person takes their pending request back (the banner after sign-in, or the security page). */
    async cancelErasure(actor: Actor): Promise<void> {
      await run(actor.id, { type: "Cancel", by: actor.id }, actor.id);
    },

    /** A platform admin carries out a pending request at once. Another's id, or none pending: not found. */
    async carryOutErasure(actor: Actor, userId: string): Promise<void> {
      if (actor.role !== "PLATFORM_ADMIN") throw new AppError("forbidden", "not_authorized");
      if (!isUuid(userId)) throw new AppError("not_found", "failed_operation");
      const [row] = await sql`select 1 from rm_erasure_requests where user_id = ${userId} and status = 'pending'`;
      if (!row || !(await carryOut(userId, actor.id))) throw new AppError("not_found", "failed_operation");
    },

    /** The daily job: requests whose grace period is over. Returns how many people were erased. */
    async carryOutDueErasures(): Promise<number> {
      const due = await sql<{ userId: string }[]>`
        select user_id as "userId" from rm_erasure_requests where status = 'pending' and due_at <= ${ctx.clock.now()}
        order by due_at limit 500`;
      let done = 0;
      for (const { userId } of due) if (await carryOut(userId, "system")) done++;
      return done;
    },
  };
}
