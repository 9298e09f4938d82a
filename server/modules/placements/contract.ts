/**
 * The placements module's contract (pure, shared with app/): proposals of a mission to
 * candidates, their answers, and validated missions. Limits, modes, the propose form's schema and
 * who may do what.
 */
import { z } from "zod";
import { isAgencyStaff, isCandidate, isPlatformAdmin, type Actor } from "../identity/contract";

/** first: the first to accept takes a place; pick: the consultant chooses among those who accepted. */
export const PROPOSAL_MODES = ["first", "pick"] as const;
export type ProposalMode = (typeof PROPOSAL_MODES)[number];

export const PROPOSAL_STATUSES = ["open", "filled", "expired", "closed"] as const;
export type ProposalStatus = (typeof PROPOSAL_STATUSES)[number];

/** A candidate's answer; `chosen` means placed (validated mission), `accepted` waits for the consultant's pick. */
export const RESPONSES = ["pending", "accepted", "declined", "chosen", "not_chosen", "expired"] as const;
export type ProposalResponse = (typeof RESPONSES)[number];

export const PROPOSAL_CANDIDATES_MAX = 50;
export const PROPOSAL_EXPIRY_MAX_DAYS = 60;
export const PROPOSAL_EXPIRY_DEFAULT_DAYS = 7;
export const PROPOSAL_MESSAGE_MAX = 2000;
const DAY_MS = 24 * 3600 * 1000;

/** A day (YYYY-MM-DD) as the form sends it: the proposal runs until the end of that day (UTC). */
export const expiryOf = (day: string) => new Date(`${day}T23:59:59.999Z`);
const dayOf = (d: Date) => d.toISOString().slice(0, 10);
/** The latest instant a proposal may run to: the end of the day PROPOSAL_EXPIRY_MAX_DAYS from now. */
export const latestExpiry = (now: Date) => expiryOf(dayOf(new Date(now.getTime() + PROPOSAL_EXPIRY_MAX_DAYS * DAY_MS)));
export const defaultExpiryDay = (now: Date) => dayOf(new Date(now.getTime() + PROPOSAL_EXPIRY_DEFAULT_DAYS * DAY_MS));
export const maxExpiryDay = (now: Date) => dayOf(latestExpiry(now));

/** Who proposes, closes and picks: agency staff (their agency's ads), platform admins (any). */
export const mayPropose = (a: Actor) => (isAgencyStaff(a) && Boolean(a.agencyId)) || isPlatformAdmin(a);
export const mayAnswer = (a: Actor) => isCandidate(a);

/** The propose form (from an application: the candidate is the application's). */
export const proposeSchema = z.object({
  adId: z.coerce
    .number({ invalid_type_error: "validation.required" })
    .int("validation.required")
    .positive("validation.required"),
  mode: z.enum(PROPOSAL_MODES, { errorMap: () => ({ message: "validation.required" }) }),
  places: z.coerce
    .number({ invalid_type_error: "proposal_places_range" })
    .int("proposal_places_range")
    .min(1, "proposal_places_range"),
  expiresOn: z.string({ required_error: "validation.required" }).regex(/^\d{4}-\d{2}-\d{2}$/, "proposal_expiry_range"),
  message: z.string().trim().max(PROPOSAL_MESSAGE_MAX, "validation.too_long").optional(),
});
export type ProposeForm = z.infer<typeof proposeSchema>;
