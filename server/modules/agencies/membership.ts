import { randomToken } from "../../lib/ids";
import { AppError } from "../../lib/errors";
import { SYSTEM_ACTOR, type Actor, type INVITABLE_ROLES } from "../identity/contract";
import { mayManageAgency } from "./contract";
import type { Country } from "./events";

/** What membership needs of the two modules (passed in: agencies do not write identity's streams). */
interface Modules {
  agencies: {
    registerAgency(
      actor: Actor,
      input: { name: string; country: Country; city: string; approved: boolean },
      agencyId?: string,
    ): Promise<string>;
    openBranch(actor: Actor, input: { agencyId: string; name: string; city: string }): Promise<string>;
    overview(
      actor: Actor,
      agencyId?: string | null,
    ): Promise<{ agency: { name: string }; clients: { id: string }[] } | null>;
  };
  identity: {
    credentialsByEmail(email: string): Promise<unknown>;
    registerUser(
      input: Record<string, unknown> & { email: string; firstName: string; locale: string },
      actor?: string,
      invitation?: { inviter: string; agency: string },
    ): Promise<string>;
  };
}

export interface AgencySignUp {
  agencyName: string;
  country: Country;
  city: string;
  branchName: string;
  branchCity: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  locale: string;
}

/**
 * /register/agency: the agency (pending until a platform admin approves it), its first branch
 * and its first user, an ADMIN_CONSULTANT who verifies their email. The user comes first, with
 * the agency's id chosen beforehand: the platform admins' open page reloads its cards the moment
 * the agency is registered (AgencyRegistered), and the card must then find the registrant's name
 * and email (it showed "--- · ---" when the user came after). A taken email (checked here, and
 * by the unique index in a race) therefore leaves nothing behind; a failure after the user would
 * leave an account whose agency never appears, which cannot sign in.
 */
export async function signUpAgency(
  { agencies, identity, newId }: Modules & { newId: () => string },
  input: AgencySignUp,
) {
  if (await identity.credentialsByEmail(input.email)) throw new AppError("conflict", "email_exist", "email");
  const agencyId = newId();
  await identity.registerUser({
    email: input.email,
    password: input.password,
    firstName: input.firstName,
    lastName: input.lastName,
    role: "ADMIN_CONSULTANT",
    locale: input.locale,
    country: input.country,
    agencyId,
    clientId: null,
    verified: false,
  });
  // nobody is signed in yet: the platform registers the agency, pending its admins' decision
  await agencies.registerAgency(
    SYSTEM_ACTOR,
    { name: input.agencyName, country: input.country, city: input.city, approved: false },
    agencyId,
  );
  await agencies.openBranch(SYSTEM_ACTOR, { agencyId, name: input.branchName, city: input.branchCity });
  return agencyId;
}

export interface Invitation {
  agencyId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: (typeof INVITABLE_ROLES)[number];
  /** required for client roles: the client company they belong to */
  clientId: string | null;
  locale: string;
  inviter: { id: string; name: string };
}

/** An agency admin invites a colleague or a client user; the mail carries a set-password link. */
export async function inviteMember({ agencies, identity }: Modules, actor: Actor, input: Invitation) {
  if (!mayManageAgency(actor, input.agencyId)) throw new AppError("forbidden", "not_authorized");
  const overview = await agencies.overview(actor, input.agencyId);
  if (!overview) throw new AppError("not_found", "failed_operation");
  const isClient = input.role === "MANAGER_CLIENT" || input.role === "CLIENT";
  if (isClient && !overview.clients.some((c) => c.id === input.clientId))
    throw new AppError("invalid", "validation.required", "clientId");
  if (await identity.credentialsByEmail(input.email)) throw new AppError("conflict", "email_exist", "email");
  return identity.registerUser(
    {
      email: input.email,
      // never used: the person chooses theirs from the invitation link
      password: randomToken(24),
      firstName: input.firstName,
      lastName: input.lastName,
      role: input.role,
      locale: input.locale,
      country: null,
      agencyId: input.agencyId,
      clientId: isClient ? input.clientId : null,
      verified: false,
    },
    input.inviter.id,
    { inviter: input.inviter.name, agency: overview.agency.name },
  );
}
