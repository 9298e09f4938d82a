/** The candidate file's limits and choices (pure: shared with app/ through the contract). */
export const TAG_COLOURS = ["slate", "red", "amber", "green", "teal", "blue", "violet", "pink"] as const;
export type TagColour = (typeof TAG_COLOURS)[number];
export const TAG_MAX_LENGTH = 40;
export const TAGS_PER_FILE = 20;
export const COMMENT_MAX_LENGTH = 2000;
export const ARCHIVE_REASONS = ["not_interested", "unreachable", "placed_elsewhere", "other"] as const;
export type ArchiveReason = (typeof ARCHIVE_REASONS)[number];
export const ARCHIVE_TEXT_MAX_LENGTH = 500;
/** Deactivated by an agency for itself (ADR 0038): a reason for each way, "other" needs its text. */
export const DEACTIVATE_REASONS = ["no_show", "behaviour", "documents", "candidate_request", "other"] as const;
export type DeactivateReason = (typeof DEACTIVATE_REASONS)[number];
export const REACTIVATE_REASONS = ["resolved", "candidate_request", "error", "other"] as const;
export type ReactivateReason = (typeof REACTIVATE_REASONS)[number];
/** A bulk action takes at most one page of /cv-theque (20) and a proposal goes to at most 50: the page's limit. */
export const BULK_MAX = 50;
/** What became of each candidate of a proposal from the library or the file. */
export const PROPOSE_OUTCOMES = [
  "proposed",
  "not_found",
  "deactivated",
  "unreachable",
  "already_proposed",
  "already_applied",
] as const;
export type ProposeOutcome = (typeof PROPOSE_OUTCOMES)[number];
/** /old-cv-theque: rows per page, sortable columns, statuses */
export const LIST_PAGE_SIZE = 25;
export const LIST_SORTS = ["activity", "name", "email", "place"] as const;
export type ListSort = (typeof LIST_SORTS)[number];
export const LIST_STATUSES = ["active", "archived", "deactivated", "all"] as const;
export type ListStatus = (typeof LIST_STATUSES)[number];

/** A tag as stored and compared: spaces collapsed; two tags differing only in case are the same tag. */
export const cleanTag = (tag: string) => tag.trim().replace(/\s+/g, " ");
export const tagKey = (tag: string) => cleanTag(tag).toLocaleLowerCase("fr");
