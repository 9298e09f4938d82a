import type { Role } from "./roles";

export const userStream = (id: string) => `user-${id}`;
export const sessionStream = (id: string) => `session-${id}`;

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

export interface SessionStarted {
  type: "SessionStarted";
  data: { sessionId: string; userId: string };
}

export interface SessionEnded {
  type: "SessionEnded";
  data: { sessionId: string; userId: string; reason: "logout" | "revoked" | "expired" };
}

export type IdentityEvent = UserRegistered | SessionStarted | SessionEnded;
export const IDENTITY_EVENT_TYPES = ["UserRegistered", "SessionStarted", "SessionEnded"] as const;
