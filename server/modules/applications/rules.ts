/**
 * The applications module's rules (pure, shared with app/ through ./contract): statuses and their
 * transitions as data, limits and who may do what; the forms' schemas (zod) are in ./forms. The decider and the screens both read
 * the transition table, so a screen never offers a change the server refuses.
 */
import { isAgencyStaff, isCandidate, isClientUser, isPlatformAdmin, type Actor } from "../identity/contract";

/** Spec section 3/4: status codes of an application. */
export const STATUS = { rejected: 1, retained: 2, pending: 3, mission: 6 } as const;
export type StatusName = keyof typeof STATUS;
export type StatusCode = (typeof STATUS)[StatusName];
export const STATUS_CODES = Object.values(STATUS) as StatusCode[];
export const statusName = (code: number): StatusName | "unknown" =>
  (Object.keys(STATUS) as StatusName[]).find((k) => STATUS[k] === code) ?? "unknown";
export const isStatusCode = (code: unknown): code is StatusCode => STATUS_CODES.includes(code as StatusCode);

/**
 * What a consultant may change a status to. Rejected and on-mission applications are final
 * (failed_operation_update_status); "on mission" is reached only by accepting a proposal.
 */
export const STATUS_TRANSITIONS: Record<StatusCode, StatusCode[]> = {
  3: [2, 1],
  2: [3, 1],
  1: [],
  6: [],
};
export const isFinal = (code: StatusCode) => STATUS_TRANSITIONS[code].length === 0;
export const mayChangeStatus = (from: StatusCode, to: StatusCode) => STATUS_TRANSITIONS[from].includes(to);

/** The consultant's rating of an application (spec label-only statuses: interesting, maybe, none). */
export const INTERESTS = ["interesting", "maybe", "none"] as const;
export type Interest = (typeof INTERESTS)[number];

/** Why a consultant refused: the candidate sees the reason's label, never the internal note. */
export const REFUSAL_REASONS = [
  "profile_mismatch",
  "position_filled",
  "missing_qualification",
  "availability",
  "other",
] as const;
export type RefusalReason = (typeof REFUSAL_REASONS)[number];

/** Spec section 9: an application is new while it is two days old or less. */
export const NEW_FOR_MS = 2 * 24 * 3600 * 1000;
export const isNewApplication = (createdAt: Date | string, now: Date) =>
  now.getTime() - new Date(createdAt).getTime() <= NEW_FOR_MS;
/** Spec section 9: a NO to a qualification question gets the negative reply 48 hours after applying. */
export const AUTO_REPLY_AFTER_MS = 48 * 3600 * 1000;
/** Applications left unanswered longer than this are flagged to their consultant. */
export const UNANSWERED_AFTER_MS = 3 * 24 * 3600 * 1000;
export const isUnanswered = (
  a: { status: number; answeredAt: Date | string | null; withdrawnAt?: Date | string | null; createdAt: Date | string },
  now: Date,
) =>
  a.status === STATUS.pending &&
  !a.answeredAt &&
  !a.withdrawnAt &&
  now.getTime() - new Date(a.createdAt).getTime() > UNANSWERED_AFTER_MS;

export const MESSAGE_MAX = 2000;
export const NAME_MAX = 80;
export const NOTE_MAX = 2000;
export const BULK_MAX = 500;
/** A bulk change can be undone this long after it was made. */
export const UNDO_MS = 10_000;
export const PIPELINE_PAGE_SIZE = 25;

/** Who handles applications: agency staff (their agency's), platform admins (all). */
/**
 * What is the agency's own on an application (ADR 0028): its notes, interest rating and mail
 * bodies. Its staff and platform admins read them; a client company's users do not.
 */
export const readsAgencyOwn = (a: Actor) => !isClientUser(a);
export const mayHandleApplications = (a: Actor) => (isAgencyStaff(a) && Boolean(a.agencyId)) || isPlatformAdmin(a);
export const mayApply = (a: Actor) => isCandidate(a);

/** Spec section 5: the anonymous apply page's address, /apply/annonce/{digits}/S{digits}. */
export const ANONYMOUS_APPLY_PATH = /^\/apply\/annonce\/\d+\/S\d+$/;
/**
 * Spec section 8 "Anonymous apply statuses", by the account of the email: ACCOUNT_DISABLED is a
 * refusal (its message, nothing applied); the others applied. ACCOUNT_CREATED: no account had
 * the email, a pending one was made and mailed a set-password link.
 */
export const ANONYMOUS_OUTCOMES = ["ACCOUNT_NOT_VERIFIED", "ACCOUNT_VERIFIED", "ACCOUNT_CREATED"] as const;
export type AnonymousOutcome = (typeof ANONYMOUS_OUTCOMES)[number];
/** A CV kept from a refused anonymous form is offered again this long. */
export const KEPT_CV_MS = 24 * 3600 * 1000;

export const answersOf = (value: Record<string, unknown>, questions: number) =>
  Array.from({ length: questions }, (_, i) => value[`q${i}`] === "yes");

/** The pipeline's filters, as the query string carries them (anything else is ignored). */
export interface PipelineFilters {
  adId: number | null;
  status: StatusCode | null;
  interest: Interest | "unrated" | null;
  consultantId: string;
  branchId: string;
  clientId: string;
  source: string;
  from: string;
  to: string;
  q: string;
  unanswered: boolean;
  sort: "newest" | "oldest" | "candidate" | "ad";
  page: number;
}
export const PIPELINE_SORTS = ["newest", "oldest", "candidate", "ad"] as const;

/* ---------------------------------------------------------------------------------------------
 * Reply templates (issue "reply templates and custom emails"): per agency, language and purpose.
 * --------------------------------------------------------------------------------------------- */

/** What a template is for; "refusal" is also the one the automatic refusal mail uses. */
export const TEMPLATE_PURPOSES = ["refusal", "retained", "interview", "custom"] as const;
export type TemplatePurpose = (typeof TEMPLATE_PURPOSES)[number];
/** The five languages of the product (spec section 2). */
export const TEMPLATE_LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
export type TemplateLanguage = (typeof TEMPLATE_LANGUAGES)[number];
export const isTemplateLanguage = (v: unknown): v is TemplateLanguage =>
  (TEMPLATE_LANGUAGES as readonly unknown[]).includes(v);
export const TEMPLATE_NAME_MAX = 80;
export const TEMPLATE_SUBJECT_MAX = 200;
export const TEMPLATE_BODY_MAX = 5000;
export const TEMPLATES_MAX = 100;

/** The placeholders a template (or a free mail) may use, written `{{candidate}}`. */
export const PLACEHOLDERS = ["candidate", "ad", "agency", "consultant"] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];
export type PlaceholderValues = Record<Placeholder, string>;
const PLACEHOLDER = /\{\{\s*([^{}]*?)\s*\}\}/g;

/** The placeholders written in a text that are not ours (a typo would otherwise reach the candidate): refused at save and send. */
export const unknownPlaceholders = (text: string): string[] => [
  ...new Set(
    [...text.matchAll(PLACEHOLDER)]
      .map((m) => m[1]!)
      .filter((name) => !(PLACEHOLDERS as readonly string[]).includes(name)),
  ),
];

/** Fills the placeholders; one filled in is never read again (a candidate named "{{ad}}" stays so). */
export const renderPlaceholders = (text: string, values: PlaceholderValues): string =>
  text.replace(PLACEHOLDER, (whole, name: string) =>
    (PLACEHOLDERS as readonly string[]).includes(name) ? values[name as Placeholder] : whole,
  );

/** The placeholders as a consultant writes them (the forms' help text). */
export const placeholderList = () => PLACEHOLDERS.map((p) => `{{${p}}}`).join(", ");

/** Templates are the agency's own: its staff manage them (a platform admin belongs to no agency; clients never). */
export const mayManageTemplates = (a: Actor) => isAgencyStaff(a) && Boolean(a.agencyId);
