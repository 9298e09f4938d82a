/**
 * Roles, the Actor every command and tenant-scoped query takes first, the signed-in person as
 * pages see them, the login outcomes (re-exported by ./contract). Roles are defined here and
 * nowhere else.
 */
/** Roles of spec section 6. */
export const ROLES = [
  "CANDIDATE",
  "ADMIN_CONSULTANT",
  "MANAGER_CLIENT",
  "CLIENT",
  "COLLABORATOR",
  "PLATFORM_ADMIN",
] as const;
export type Role = (typeof ROLES)[number];

/** Roles an agency admin can invite into their agency (colleagues and client users). */
export const INVITABLE_ROLES = [
  "ADMIN_CONSULTANT",
  "COLLABORATOR",
  "MANAGER_CLIENT",
  "CLIENT",
] as const satisfies readonly Role[];

/** Landing page by role (spec section 2 "Root", section 4 "Login outcomes"). */
export function homeFor(role: Role): string {
  switch (role) {
    case "CANDIDATE":
      return "/tableau-de-bord";
    case "MANAGER_CLIENT":
    case "CLIENT":
      return "/creer-une-annonce";
    default:
      return "/tableau-bord-agence";
  }
}

/** Agency staff: they work on their agency's data. */
export const AGENCY_STAFF_ROLES = ["ADMIN_CONSULTANT", "COLLABORATOR"] as const satisfies readonly Role[];
/** People of a client company of an agency: they see their own company's data. */
export const CLIENT_ROLES = ["MANAGER_CLIENT", "CLIENT"] as const satisfies readonly Role[];
/** Who reaches the agency back office: agency staff and the platform's admins (who see every agency). */
export const BACK_OFFICE_ROLES = [...AGENCY_STAFF_ROLES, "PLATFORM_ADMIN"] as const satisfies readonly Role[];

/** Whoever acts: the signed-in person's facts that decide what they reach. First argument of every command. */
export interface Actor {
  id: string;
  role: Role;
  agencyId: string | null;
  clientId: string | null;
}

/** The platform itself: seeds, scheduled jobs and sign-ups act as it; it may do what a platform admin may. */
export const SYSTEM_ACTOR: Actor = { id: "system", role: "PLATFORM_ADMIN", agencyId: null, clientId: null };

export const isAgencyStaff = (a: Pick<Actor, "role">) => (AGENCY_STAFF_ROLES as readonly Role[]).includes(a.role);
export const isPlatformAdmin = (a: Pick<Actor, "role">) => a.role === "PLATFORM_ADMIN";
export const isClientUser = (a: Pick<Actor, "role">) => (CLIENT_ROLES as readonly Role[]).includes(a.role);
export const isCandidate = (a: Pick<Actor, "role">) => a.role === "CANDIDATE";

/** The signed-in person as loaders and pages see them. */
export interface SessionUser extends Actor {
  email: string;
  firstName: string;
  lastName: string;
  locale: string;
  country: string | null;
  verified: boolean;
  enabled: boolean;
  disabledBy: "self" | "agency" | "merge" | null;
}

/** Login outcomes of spec section 4 that stop short of a session (shown as a modal). */
export type LoginRefusal =
  | "WRONG_ACCOUNT_TYPE"
  | "REACTIVATE_ACCOUNT"
  | "ACCOUNT_DISABLED_BY_AGENCY"
  | "ACCOUNT_MERGED"
  | "AGENCY_NOT_VERIFIED_ACCOUNT"
  | "not_verified_account";

export const REFUSAL_STATUS: Record<LoginRefusal, number> = {
  WRONG_ACCOUNT_TYPE: 403,
  REACTIVATE_ACCOUNT: 200,
  ACCOUNT_DISABLED_BY_AGENCY: 409,
  ACCOUNT_MERGED: 409,
  AGENCY_NOT_VERIFIED_ACCOUNT: 403,
  not_verified_account: 403,
};

/** Policy: an agency admin may disable or enable a colleague of their own agency (the platform any member), never themselves. */
export function mayManageMember(actor: Actor, member: { id: string; agencyId: string | null }): boolean {
  if (member.id === actor.id) return false;
  return (
    isPlatformAdmin(actor) ||
    (actor.role === "ADMIN_CONSULTANT" && actor.agencyId !== null && member.agencyId === actor.agencyId)
  );
}
