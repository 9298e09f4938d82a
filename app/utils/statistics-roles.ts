import { isAgencyStaff, type Role } from "#server/modules/identity/contract";

/** A member of the agency's team who may be a statistics' consultant (not its client users). */
export const isAgencyStaffRole = (role: string) => isAgencyStaff({ role: role as Role });
