import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { TokenPurpose, UserEvent } from "./events";
import type { Role } from "./contract";

export interface RegisterUser {
  type: "RegisterUser";
  userId: string;
  email: string;
  passwordHash: string;
  firstName: string;
  lastName: string;
  role: Role;
  locale: string;
  country: string | null;
  agencyId: string | null;
  clientId: string | null;
  verified: boolean;
}

export type UserCommand =
  | RegisterUser
  /** `restoreEmail`: for restore_email, the address the link gives back */
  | { type: "IssueToken"; purpose: TokenPurpose; tokenHash: string; validForMs: number; restoreEmail?: string }
  | { type: "RestoreEmail"; tokenHash: string }
  | { type: "VerifyEmail"; tokenHash: string }
  | { type: "ResetPassword"; tokenHash: string; passwordHash: string }
  | { type: "AcceptInvitation"; tokenHash: string; passwordHash: string }
  | { type: "ChangePassword"; passwordHash: string }
  | { type: "ChangeEmail"; email: string }
  | { type: "Deactivate"; by: "self" | "agency" | "merge"; reason: string }
  | { type: "Reactivate"; by: "self" | "agency" | "merge" };

export interface UserState {
  registered: boolean;
  userId: string | null;
  verified: boolean;
  email: string | null;
  disabledBy: "self" | "agency" | "merge" | null;
  tokens: Record<string, { purpose: TokenPurpose; expiresAt: string; used: boolean; restoreEmail?: string }>;
}

export const userDecider: Decider<UserCommand, UserState, UserEvent> = {
  initialState: { registered: false, userId: null, verified: false, email: null, disabledBy: null, tokens: {} },

  evolve(state, event) {
    const markUsed = (hash: string | null | undefined) =>
      typeof hash === "string" && state.tokens[hash]
        ? { ...state.tokens, [hash]: { ...state.tokens[hash]!, used: true } }
        : state.tokens;
    switch (event.type) {
      case "UserRegistered":
        return {
          ...state,
          registered: true,
          userId: event.data.userId,
          verified: Boolean(event.data.verified),
          email: event.data.email ?? null,
        };
      case "AccountTokenIssued": {
        const d = event.data;
        const restore = "email" in d && typeof d.email === "string" ? { restoreEmail: d.email } : {};
        return {
          ...state,
          tokens: {
            ...state.tokens,
            [d.tokenHash]: { purpose: d.purpose, expiresAt: d.expiresAt, used: false, ...restore },
          },
        };
      }
      case "EmailVerified":
        return { ...state, verified: true, tokens: markUsed(event.data.tokenHash) };
      case "PasswordChanged":
        return { ...state, tokens: markUsed(event.data.tokenHash) };
      case "EmailChanged":
        return { ...state, verified: false, email: event.data.email ?? state.email };
      case "AccountDeactivated":
        return { ...state, disabledBy: event.data.by };
      case "AccountReactivated":
        return { ...state, disabledBy: null };
      default:
        return state;
    }
  },

  decide(command, state, { clock }) {
    if (command.type === "RegisterUser") {
      if (state.registered) throw new AppError("conflict", "email_exist", "email");
      const { userId, email, passwordHash, firstName, lastName, role, locale, country, agencyId, clientId, verified } =
        command;
      // candidates and platform admins belong to no agency; every other role to exactly one
      const needsAgency = role !== "CANDIDATE" && role !== "PLATFORM_ADMIN";
      if (needsAgency !== (agencyId !== null)) throw new AppError("invalid", "failed_operation");
      return [
        {
          type: "UserRegistered",
          data: { userId, role, locale, country, agencyId, clientId, verified },
          personal: { subjectId: userId, data: { email: email.toLowerCase(), firstName, lastName, passwordHash } },
        },
      ];
    }
    if (!state.registered || !state.userId) throw new AppError("not_found", "failed_operation");
    const userId = state.userId;
    const personal = <T extends Record<string, string>>(data: T) => ({ subjectId: userId, data });
    /** A token must exist, be of the right kind, unused and not expired. */
    const checkToken = (hash: string, purpose: TokenPurpose) => {
      const token = state.tokens[hash];
      if (!token || token.purpose !== purpose) throw new AppError("invalid", "token_invalid");
      if (token.used) throw new AppError("gone", "token_used");
      if (new Date(token.expiresAt).getTime() < clock.now().getTime()) throw new AppError("gone", "token_expired");
    };

    switch (command.type) {
      case "IssueToken": {
        if (command.purpose === "verify" && state.verified) throw new AppError("conflict", "verified_account");
        const expiresAt = new Date(clock.now().getTime() + command.validForMs).toISOString();
        const data = { userId, purpose: command.purpose, tokenHash: command.tokenHash, expiresAt };
        if (command.purpose !== "restore_email") return [{ type: "AccountTokenIssued", data }];
        if (!command.restoreEmail) throw new AppError("invalid", "failed_operation");
        return [
          { type: "AccountTokenIssued", data, personal: personal({ email: command.restoreEmail.toLowerCase() }) },
        ];
      }
      case "RestoreEmail": {
        // the link mailed to the old address after a change: the old address back, proven by the click
        checkToken(command.tokenHash, "restore_email");
        const email = state.tokens[command.tokenHash]!.restoreEmail;
        if (!email) throw new AppError("invalid", "token_invalid");
        return [
          { type: "EmailChanged", data: { userId }, personal: personal({ email }) },
          { type: "EmailVerified", data: { userId, tokenHash: command.tokenHash } },
        ];
      }
      case "VerifyEmail":
        checkToken(command.tokenHash, "verify");
        return [{ type: "EmailVerified", data: { userId, tokenHash: command.tokenHash } }];
      case "ResetPassword":
        checkToken(command.tokenHash, "reset");
        return [
          {
            type: "PasswordChanged",
            data: { userId, tokenHash: command.tokenHash },
            personal: personal({ passwordHash: command.passwordHash }),
          },
        ];
      case "AcceptInvitation":
        // choosing a password from the invitation mail also proves the address
        checkToken(command.tokenHash, "invite");
        return [
          {
            type: "PasswordChanged",
            data: { userId, tokenHash: command.tokenHash },
            personal: personal({ passwordHash: command.passwordHash }),
          },
          { type: "EmailVerified", data: { userId, tokenHash: null } },
        ];
      case "ChangePassword":
        return [
          {
            type: "PasswordChanged",
            data: { userId, tokenHash: null },
            personal: personal({ passwordHash: command.passwordHash }),
          },
        ];
      case "ChangeEmail":
        if (state.email === command.email.toLowerCase()) throw new AppError("conflict", "email_exist", "email");
        return [{ type: "EmailChanged", data: { userId }, personal: personal({ email: command.email.toLowerCase() }) }];
      case "Deactivate":
        if (state.disabledBy) throw new AppError("conflict", "failed_operation");
        return [
          {
            type: "AccountDeactivated",
            data: { userId, by: command.by },
            personal: personal({ reason: command.reason }),
          },
        ];
      case "Reactivate":
        // an account the agency disabled can only be reactivated by the agency
        // an account the merge closed, only by the undo (ADR 0039)
        if (
          !state.disabledBy ||
          (state.disabledBy === "agency" && command.by === "self") ||
          (state.disabledBy === "merge") !== (command.by === "merge")
        )
          throw new AppError("conflict", "failed_operation");
        return [{ type: "AccountReactivated", data: { userId, by: command.by } }];
    }
  },
};
