/** Support's limits and choices (pure: shared with app/ through the contract). */
export const LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
export type FaqLanguage = (typeof LANGUAGES)[number];
/** whom an FAQ entry is for (a role family, not a role) */
export const AUDIENCES = ["candidate", "agency", "client", "visitor"] as const;
export type Audience = (typeof AUDIENCES)[number];
export const FAQ_TOPICS = ["account", "applying", "timesheets", "documents", "agencies", "privacy"] as const;
export type FaqTopic = (typeof FAQ_TOPICS)[number];
export const FAQ_QUESTION_MAX = 200;
export const FAQ_ANSWER_MAX = 4000;

export const REQUEST_KINDS = ["question", "deletion", "data_export"] as const;
export type RequestKind = (typeof REQUEST_KINDS)[number];
export const REQUEST_STATUSES = ["new", "in_progress", "answered", "closed"] as const;
export type RequestStatus = (typeof REQUEST_STATUSES)[number];
/** the statuses an admin sets by hand (answered comes with an answer, new with the requester's reply) */
export const MANUAL_STATUSES = ["in_progress", "closed"] as const;
export const SUPPORT_MESSAGE_MAX = 3000;
export const SUPPORT_NAME_MAX = 120;

/** The audience of a role: who sees which FAQ entries and which kinds a requester may choose. */
export function audienceOf(role: string | null | undefined): Audience {
  if (!role) return "visitor";
  if (role === "CANDIDATE") return "candidate";
  if (role === "MANAGER_CLIENT" || role === "CLIENT") return "client";
  return "agency";
}

/** Deletion and export of one's data are a candidate's requests (the spec's echec_delete_account). */
export const kindsFor = (role: string | null | undefined): RequestKind[] =>
  role === "CANDIDATE" ? [...REQUEST_KINDS] : ["question"];

export const languageOf = (locale: string | null | undefined): FaqLanguage =>
  (LANGUAGES as readonly string[]).includes(locale ?? "") ? (locale as FaqLanguage) : "fr";

/** Moves one id to a position (clamped) in an ordered list. */
export function moveTo(order: readonly string[], id: string, position: number): string[] {
  const rest = order.filter((x) => x !== id);
  const at = Math.max(0, Math.min(rest.length, position));
  return [...rest.slice(0, at), id, ...rest.slice(at)];
}
