/** Roles of spec section 6. Pure: shared with the UI. */
export const ROLES = ["CANDIDATE", "ADMIN_CONSULTANT", "MANAGER_CLIENT", "CLIENT", "COLLABORATOR", "PLATFORM_ADMIN"] as const;
export type Role = (typeof ROLES)[number];

/** Roles an agency admin can invite into their agency (colleagues and client users). */
export const INVITABLE_ROLES = ["ADMIN_CONSULTANT", "COLLABORATOR", "MANAGER_CLIENT", "CLIENT"] as const satisfies readonly Role[];

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
