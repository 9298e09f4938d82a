import { AppError } from "../../lib/errors";
import type { Decider } from "../../event-store/decider";
import type { UserRegistered } from "./events";
import type { Role } from "./roles";

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

export type UserCommand = RegisterUser;
export interface UserState {
  registered: boolean;
}

export const userDecider: Decider<UserCommand, UserState, UserRegistered> = {
  initialState: { registered: false },
  evolve(state, event) {
    return event.type === "UserRegistered" ? { ...state, registered: true } : state;
  },
  decide(command, state) {
    if (state.registered) throw new AppError("email_exist", 409, "email");
    const { userId, email, passwordHash, firstName, lastName, role, locale, country, agencyId, clientId, verified } = command;
    // candidates and platform admins belong to no agency; every other role to exactly one
    const needsAgency = role !== "CANDIDATE" && role !== "PLATFORM_ADMIN";
    if (needsAgency !== (agencyId !== null)) throw new AppError("failed_operation");
    return [
      {
        type: "UserRegistered",
        data: { userId, role, locale, country, agencyId, clientId, verified },
        personal: { subjectId: userId, data: { email: email.toLowerCase(), firstName, lastName, passwordHash } },
      },
    ];
  },
};
