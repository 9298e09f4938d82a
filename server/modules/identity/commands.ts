import { hashToken } from "../../lib/tokens";
import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { sessions } from "../../../db/schema";
import type { Tx } from "../../event-store/types";
import type { Cols } from "../../lib/rows";
import { AppError } from "../../lib/errors";
import { randomToken } from "../../lib/ids";
import { queueMail, type EnqueueIn } from "../notifications";
import type { MailTemplate } from "../notifications/templates";
import { userDecider, type RegisterUser, type UserCommand } from "./decider";
import { sessionStream, userStream, type TokenPurpose } from "./events";
import { hashPassword, verifyPassword } from "./passwords";
import { identityQueries } from "./queries";
import type { ApiTokens } from "./api-tokens";
import { mayManageMember, tooSimilarToPersonalData, type Actor } from "./contract";

export type RegisterUserInput = Omit<RegisterUser, "type" | "userId" | "passwordHash"> & { password: string };

export const VERIFY_TOKEN_MS = 48 * 60 * 60 * 1000;
export const RESET_TOKEN_MS = 60 * 60 * 1000;
export const INVITE_TOKEN_MS = 7 * 24 * 60 * 60 * 1000;
export const RESTORE_EMAIL_TOKEN_MS = 7 * 24 * 60 * 60 * 1000;
const VALIDITY: Record<TokenPurpose, number> = {
  verify: VERIFY_TOKEN_MS,
  reset: RESET_TOKEN_MS,
  invite: INVITE_TOKEN_MS,
  restore_email: RESTORE_EMAIL_TOKEN_MS,
};
const LINK_PATH: Record<TokenPurpose, string> = {
  verify: "/verify-email/",
  reset: "/set-password/",
  invite: "/set-password/",
  restore_email: "/restore-email/",
};

export interface IdentityDeps {
  store: EventStore;
  /** API token families: signed out with the sessions */
  tokens: ApiTokens;
  ctx: DecideContext;
  /** enqueue a job inside the command's transaction (absent in seeds: the mail sweep sends later) */
  enqueue?: EnqueueIn;
  /** absolute base of links sent by mail */
  publicUrl: string;
}

const uniqueEmailViolation = (error: unknown) =>
  (error as { constraint_name?: string }).constraint_name === "rm_users_email_unique";

export function identityCommands({ store, tokens, ctx, enqueue, publicUrl }: IdentityDeps) {
  const users = identityQueries(store.sql);

  /** Account events of agency staff also go to their agency's room, so team pages update live. */
  const run = async (
    userId: string,
    command: UserCommand,
    actor: string,
    inTransaction?: (tx: Tx) => Promise<void>,
  ) => {
    const tenant = (await users.userById(userId))?.agencyId ?? undefined;
    return handleCommand(store, userDecider, userStream(userId), command, ctx, { actor, tenant }, { inTransaction });
  };

  /** A single-use link: the event keeps the hash, the mail carries the token. */
  async function mailToken(
    userId: string,
    purpose: TokenPurpose,
    to: string,
    locale: string,
    template: MailTemplate,
    actor: string,
    params: Record<string, string> = {},
    restoreEmail?: string,
  ) {
    const token = randomToken(32);
    await run(
      userId,
      { type: "IssueToken", purpose, tokenHash: hashToken(token), validForMs: VALIDITY[purpose], restoreEmail },
      actor,
      (tx) =>
        queueMail(
          tx,
          { to, locale, template, params: { ...params, link: `${publicUrl}${LINK_PATH[purpose]}${token}` } },
          enqueue,
        ).then(() => undefined),
    );
  }

  async function tokenOwner(token: string, purposes: TokenPurpose[]) {
    const found = await users.tokenOwner(hashToken(token));
    if (!found || !purposes.includes(found.purpose as TokenPurpose)) throw new AppError("invalid", "token_invalid");
    return { userId: found.userId, purpose: found.purpose as TokenPurpose };
  }

  /** A new password must not look like the person's own data (the browser does not know their names). */
  async function assertNotPersonal(userId: string, password: string) {
    const person = await users.userById(userId);
    if (person && tooSimilarToPersonalData(password, person))
      throw new AppError("invalid", "validation.password_personal", "password");
  }

  const sessionEnded = async (
    sessionId: string,
    userId: string,
    reason: "logout" | "revoked" | "expired",
    actor = userId,
  ) => {
    await store.append(
      sessionStream(sessionId),
      "any",
      [{ type: "SessionEnded", data: { sessionId, userId, reason } }],
      { actor },
    );
  };

  /**
   * Sign a person out everywhere: session rows go, and each SessionEnded closes that session's
   * sockets; their API token families are revoked with them (ADR 0049).
   */
  async function revokeSessions(userId: string, actor: string) {
    await tokens.revokeAllOf(userId, "signed_out");
    const rows = await store.sql<
      Cols<typeof sessions, "id">[]
    >`delete from sessions where user_id = ${userId} returning id`;
    for (const { id } of rows) await sessionEnded(id, userId, "revoked", actor);
    return rows.length;
  }

  async function deactivate(userId: string, by: "self" | "agency" | "merge", reason: string, actor: string) {
    await run(userId, { type: "Deactivate", by, reason }, actor);
    await revokeSessions(userId, actor);
  }

  async function reactivate(userId: string, by: "self" | "agency" | "merge", actor: string) {
    await run(userId, { type: "Reactivate", by }, actor);
  }

  const commands = {
    tokenState: (token: string, purposes: TokenPurpose[]) =>
      users.tokenStateByHash(hashToken(token), purposes, ctx.clock.now()),
    tokenUser: async (token: string, purposes: TokenPurpose[]) => (await tokenOwner(token, purposes)).userId,

    /**
     * A new account. Unverified ones get the verification mail; invited ones (created by an
     * agency admin) get the invitation mail with a link to choose their password instead.
     */
    async registerUser(
      input: RegisterUserInput,
      actor = "system",
      invitation?: { inviter: string; agency: string },
    ): Promise<string> {
      const userId = ctx.ids.uuid();
      const { password, ...rest } = input;
      const command: RegisterUser = {
        type: "RegisterUser",
        userId,
        passwordHash: await hashPassword(password),
        ...rest,
      };
      try {
        await handleCommand(store, userDecider, userStream(userId), command, ctx, {
          actor,
          tenant: input.agencyId ?? undefined,
        });
      } catch (error) {
        if (uniqueEmailViolation(error)) throw new AppError("conflict", "email_exist", "email");
        throw error;
      }
      const to = input.email.toLowerCase();
      if (invitation)
        await mailToken(userId, "invite", to, input.locale, "invitation", actor, {
          name: input.firstName,
          ...invitation,
        });
      else if (!input.verified)
        await mailToken(userId, "verify", to, input.locale, "verifyEmail", actor, { name: input.firstName });
      return userId;
    },

    /**
     * Seeds only (the generated demo candidates): an account whose password hash was computed
     * once for all of them, since hashing (argon2, deliberately slow) per account would make
     * thousands of accounts take minutes. Never mails; the account is verified.
     */
    async registerSeeded(
      input: Omit<RegisterUserInput, "password" | "verified"> & { passwordHash: string },
    ): Promise<string> {
      const userId = ctx.ids.uuid();
      const command: RegisterUser = { type: "RegisterUser", userId, ...input, verified: true };
      await handleCommand(store, userDecider, userStream(userId), command, ctx, {
        actor: "system",
        tenant: input.agencyId ?? undefined,
      });
      return userId;
    },

    /**
     * An account for someone who has not chosen a password yet (the anonymous apply form): its
     * password is random and never told; the mailed link (an invitation's: single use, 7 days)
     * chooses one, and choosing it proves the address.
     */
    async registerPending(
      input: Omit<RegisterUserInput, "password" | "verified">,
      mail: { template: MailTemplate; params: Record<string, string> },
      actor = "system",
    ): Promise<string> {
      const userId = ctx.ids.uuid();
      const command: RegisterUser = {
        type: "RegisterUser",
        userId,
        passwordHash: await hashPassword(randomToken(32)),
        ...input,
        verified: false,
      };
      try {
        await handleCommand(store, userDecider, userStream(userId), command, ctx, {
          actor,
          tenant: input.agencyId ?? undefined,
        });
      } catch (error) {
        if (uniqueEmailViolation(error)) throw new AppError("conflict", "email_exist", "email");
        throw error;
      }
      await mailToken(userId, "invite", input.email.toLowerCase(), input.locale, mail.template, actor, {
        name: input.firstName,
        ...mail.params,
      });
      return userId;
    },

    /** "Send the verification again" (not_verified_account). */
    async requestVerification(userId: string) {
      const user = await users.userById(userId);
      if (!user) throw new AppError("not_found", "failed_operation");
      if (user.verified) throw new AppError("conflict", "verified_account");
      await mailToken(userId, "verify", user.email, user.locale, "verifyEmail", userId, { name: user.firstName });
    },

    async verifyEmail(token: string) {
      const { userId } = await tokenOwner(token, ["verify"]);
      await run(userId, { type: "VerifyEmail", tokenHash: hashToken(token) }, userId);
      return userId;
    },

    /** Forgot password: email_not_exist for an unknown address (spec section 8). */
    async requestPasswordReset(email: string) {
      const user = await users.credentialsByEmail(email);
      if (!user) throw new AppError("not_found", "email_not_exist", "email");
      await mailToken(user.id, "reset", user.email, user.locale, "resetPassword", user.id, { name: user.firstName });
    },

    /** The set-password link of a reset or an invitation mail. */
    async setPasswordWithToken(token: string, password: string) {
      const { userId, purpose } = await tokenOwner(token, ["reset", "invite"]);
      await assertNotPersonal(userId, password);
      const tokenHash = hashToken(token);
      const passwordHash = await hashPassword(password);
      await run(
        userId,
        purpose === "invite"
          ? { type: "AcceptInvitation", tokenHash, passwordHash }
          : { type: "ResetPassword", tokenHash, passwordHash },
        userId,
      );
      await revokeSessions(userId, userId);
      return userId;
    },

    /**
     * An agency admin disables (with a reason) or re-enables a colleague of their own agency; a
     * disabled person is signed out at once. Anyone else, or another agency's member, reads as not found.
     */
    async setMemberEnabled(actor: Actor, memberId: string, enabled: boolean, reason = "") {
      const member = await users.userById(memberId);
      if (!member || !mayManageMember(actor, member)) throw new AppError("not_found", "failed_operation");
      if (enabled) return reactivate(member.id, "agency", actor.id);
      if (reason.trim().length < 3) throw new AppError("invalid", "validation.required", "reason");
      return deactivate(member.id, "agency", reason.trim(), actor.id);
    },

    async changePassword(actor: Actor, oldPassword: string, newPassword: string) {
      const userId = actor.id;
      const user = await users.credentialsById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, oldPassword)))
        throw new AppError("invalid", "incorrect_old_password", "oldPassword");
      await assertNotPersonal(userId, newPassword);
      await run(userId, { type: "ChangePassword", passwordHash: await hashPassword(newPassword) }, userId);
      // whoever else holds a session (a stolen one too) is signed out with the change
      await revokeSessions(userId, userId);
    },

    /**
     * A new email must be verified again; the link goes to the new address. The current password
     * is asked (a stolen session alone cannot take the account over), and the old address is told,
     * with a single-use link that gives it back and signs every session out.
     */
    async changeEmail(actor: Actor, email: string, password: string) {
      const userId = actor.id;
      const user = await users.credentialsById(userId);
      if (!user || !(await verifyPassword(user.passwordHash, password)))
        throw new AppError("invalid", "incorrect_password", "currentPassword");
      try {
        await run(userId, { type: "ChangeEmail", email }, userId);
      } catch (error) {
        if (uniqueEmailViolation(error)) throw new AppError("conflict", "email_exist", "email");
        throw error;
      }
      await mailToken(userId, "verify", email.toLowerCase(), user.locale, "emailChanged", userId, {
        name: user.firstName,
      });
      await mailToken(
        userId,
        "restore_email",
        user.email,
        user.locale,
        "emailChangedNotice",
        userId,
        { name: user.firstName, email: email.toLowerCase() },
        user.email,
      );
      await revokeSessions(userId, userId);
    },

    /** The link of the mail to the old address: that address back (verified by the click), every session signed out. */
    async restoreEmail(token: string) {
      const { userId } = await tokenOwner(token, ["restore_email"]);
      try {
        await run(userId, { type: "RestoreEmail", tokenHash: hashToken(token) }, userId);
      } catch (error) {
        if (uniqueEmailViolation(error)) throw new AppError("conflict", "email_exist");
        throw error;
      }
      await revokeSessions(userId, userId);
      return userId;
    },

    /** The person closes their own account (the security page); every session ends. */
    async deactivateAccount(actor: Actor, reason: string) {
      await deactivate(actor.id, "self", reason, actor.id);
    },

    /** One click on the login page's reactivation offer, by the person who just proved who they are. */
    async reactivateAccount(actor: Actor) {
      await reactivate(actor.id, "self", actor.id);
    },

    /** Audit trail of sign-ins; the realtime processor uses SessionEnded to close sockets. */
    /**
     * Retention rule "expired-credentials" (ADR 0048): mailed one-time links past their validity
     * are forgotten (the event log keeps only their hash). Returns how many.
     */
    async purgeExpiredTokens(): Promise<number> {
      const rows = await store.sql`delete from rm_account_tokens where expires_at < ${ctx.clock.now()} returning 1`;
      return rows.length;
    },

    async sessionStarted(sessionId: string, userId: string, tenant?: string) {
      await store.append(sessionStream(sessionId), 0, [{ type: "SessionStarted", data: { sessionId, userId } }], {
        actor: userId,
        tenant,
      });
    },

    sessionEnded,
    revokeSessions,

    /** A candidate record merged into another (ADR 0039): its login closes, sessions end; an account already disabled stays as it is. */
    async closeMergedAccount(userId: string, actor: string) {
      const person = await users.userById(userId);
      // the merge command and the merged-accounts processor may both close it at once: closed by the other is done
      if (person?.enabled)
        await deactivate(userId, "merge", "merge", actor).catch(async (error: unknown) => {
          if ((await users.userById(userId))?.disabledBy !== "merge") throw error;
        });
    },
    /** The merge undone: the login the merge closed reopens (only that one; at once by the undo and the processor too). */
    async reopenMergedAccount(userId: string, actor: string) {
      const person = await users.userById(userId);
      if (person?.disabledBy === "merge")
        await reactivate(userId, "merge", actor).catch(async (error: unknown) => {
          if (!(await users.userById(userId))?.enabled) throw error;
        });
    },
  };
  return commands;
}
