/** The agencies module's contract (pure, shared with app/): countries and who may do what to an agency. */
import { isPlatformAdmin, type Actor } from "../identity/contract";

export { COUNTRIES, type Country } from "./events";

/** Policy: branches, client companies and invitations of an agency are its admins' (and the platform's). */
export const mayManageAgency = (actor: Actor, agencyId: string) =>
  isPlatformAdmin(actor) || (actor.role === "ADMIN_CONSULTANT" && actor.agencyId === agencyId);
/** An agency's logo: the upload (PNG, JPEG or WebP, 2 MB) is kept as a WebP of at most LOGO_SIZE pixels a side. */
export const LOGO_EXTENSIONS = ["png", "jpg", "jpeg", "webp"] as const;
export const LOGO_MIMES = ["image/png", "image/jpeg", "image/webp"] as const;
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
export const LOGO_SIZE = 256;
/** Where a logo is served: its file id in the address, so a new logo is a new address and each can be cached for good. */
export const logoUrl = (logoId: string) => `/logos/${logoId}`;

/** Policy: approving or rejecting an agency's registration is the platform admins'. */
export const mayDecideAgencies = (actor: Actor) => isPlatformAdmin(actor);
/** Policy: an agency's overview (branches, team, clients) is for its own people and the platform admins. */
export const mayReadAgency = (actor: Actor, agencyId: string) => isPlatformAdmin(actor) || actor.agencyId === agencyId;
