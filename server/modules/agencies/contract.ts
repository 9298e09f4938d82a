/** The agencies module's contract (pure, shared with app/): countries and who may do what to an agency. */
import { isPlatformAdmin, type Actor } from "../identity/contract";

export { COUNTRIES, type Country } from "./events";

/** Policy: branches, client companies and invitations of an agency are its admins' (and the platform's). */
export const mayManageAgency = (actor: Actor, agencyId: string) => isPlatformAdmin(actor) || (actor.role === "ADMIN_CONSULTANT" && actor.agencyId === agencyId);
/** Policy: approving or rejecting an agency's registration is the platform admins'. */
export const mayDecideAgencies = (actor: Actor) => isPlatformAdmin(actor);
/** Policy: an agency's overview (branches, team, clients) is for its own people and the platform admins. */
export const mayReadAgency = (actor: Actor, agencyId: string) => isPlatformAdmin(actor) || actor.agencyId === agencyId;
