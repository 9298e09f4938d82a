import type { Role } from "./contract";

export const userStream = (id: string) => `user-${id}`;
export const sessionStream = (id: string) => `session-${id}`;

/** `restore_email`: the link mailed to the old address after a change of email, to undo it. */
export type TokenPurpose = "verify" | "reset" | "invite" | "restore_email";

export interface UserRegistered {
  type: "UserRegistered";
  data: {
    userId: string;
    role: Role;
    locale: string;
    country: string | null;
    agencyId: string | null;
    clientId: string | null;
    verified: boolean;
  };
  /** email, names and password hash are the person's own: sealed with their data key */
  personal: { subjectId: string; data: { email: string; firstName: string; lastName: string; passwordHash: string } };
}

/** A single-use link was mailed; only the token's hash is kept. */
export interface AccountTokenIssued {
  type: "AccountTokenIssued";
  data: { userId: string; purpose: TokenPurpose; tokenHash: string; expiresAt: string };
  /** restore_email: the address the link gives back */
  personal?: { subjectId: string; data: { email: string } };
}
export interface EmailVerified {
  type: "EmailVerified";
  data: { userId: string; tokenHash: string | null };
}
export interface PasswordChanged {
  type: "PasswordChanged";
  data: { userId: string; tokenHash: string | null };
  personal: { subjectId: string; data: { passwordHash: string } };
}
export interface EmailChanged {
  type: "EmailChanged";
  data: { userId: string };
  personal: { subjectId: string; data: { email: string } };
}
export interface AccountDeactivated {
  type: "AccountDeactivated";
  data: { userId: string; by: "self" | "agency" | "merge" };
  personal: { subjectId: string; data: { reason: string } };
}
export interface AccountReactivated {
  type: "AccountReactivated";
  data: { userId: string; by: "self" | "agency" | "merge" };
}

export interface SessionStarted {
  type: "SessionStarted";
  data: { sessionId: string; userId: string };
}

export interface SessionEnded {
  type: "SessionEnded";
  data: { sessionId: string; userId: string; reason: "logout" | "revoked" | "expired" };
}

export type UserEvent =
  | UserRegistered
  | AccountTokenIssued
  | EmailVerified
  | PasswordChanged
  | EmailChanged
  | AccountDeactivated
  | AccountReactivated;
export type IdentityEvent = UserEvent | SessionStarted | SessionEnded;
