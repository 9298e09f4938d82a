import { z } from "zod";
import type { Role } from "../identity/roles";

/**
 * Communication preferences (/communication, ADR 0047): per kind of notice, the channel it comes
 * by; the language of mails; marketing consent. Pure, shared with the page and the notifier: the
 * one place that says which notice falls under which kind and whether it is delivered.
 */
export const COMMUNICATION_KINDS = [
  "applications",
  "proposals",
  "planning",
  "timesheets",
  "documents",
  "alerts",
  "activities",
  "support",
] as const;
export type CommunicationKind = (typeof COMMUNICATION_KINDS)[number];

export const DELIVERIES = ["both", "mail", "in_app", "none"] as const;
export type Delivery = (typeof DELIVERIES)[number];

export const MAIL_LOCALES = ["fr", "en", "de", "it", "pt"] as const;
export type MailLocale = (typeof MAIL_LOCALES)[number];

/**
 * Which kind a notice (`Notice.kind`, the notifier's) falls under, by prefix. A notice of no kind
 * here (the data export ready, account mails) is mandatory: always sent, never unsubscribed.
 */
const KIND_OF_NOTICE: [prefix: string, kind: CommunicationKind][] = [
  ["application_", "applications"],
  ["applications_", "applications"],
  ["proposal_", "proposals"],
  ["placement_", "proposals"],
  ["shifts_", "planning"],
  ["timesheets_", "timesheets"],
  ["documents_", "documents"],
  ["search_alert", "alerts"],
  ["library_alert", "alerts"],
  ["activity_", "activities"],
  ["support_", "support"],
];

export function communicationKindOf(noticeKind: string): CommunicationKind | null {
  return KIND_OF_NOTICE.find(([prefix]) => noticeKind.startsWith(prefix))?.[1] ?? null;
}

/** The kinds a role receives notices of (the page shows only these). */
export function kindsFor(role: Role): CommunicationKind[] {
  switch (role) {
    case "CANDIDATE":
      return ["applications", "proposals", "planning", "timesheets", "documents", "alerts", "support"];
    case "ADMIN_CONSULTANT":
    case "COLLABORATOR":
      return ["applications", "proposals", "timesheets", "alerts", "activities", "support"];
    case "MANAGER_CLIENT":
    case "CLIENT":
      return ["applications", "proposals", "timesheets", "support"];
    default:
      return ["support"];
  }
}

/** A person's choices; a kind missing from `channels` comes both ways (nothing chosen: everything on). */
export interface CommunicationChoices {
  channels: Partial<Record<CommunicationKind, Delivery>>;
  mailLocale: MailLocale | null;
}

/** The decision, in one place: whether a notice of this kind goes in-app and by mail. */
export function deliveryOf(choices: CommunicationChoices | null, noticeKind: string) {
  const kind = communicationKindOf(noticeKind);
  const delivery: Delivery = (kind && choices?.channels[kind]) || "both";
  return {
    kind,
    inApp: delivery === "both" || delivery === "in_app",
    mail: delivery === "both" || delivery === "mail",
  };
}

/** What one-click unsubscribing from a kind's mails leaves: the in-app part, if it was chosen. */
export const withoutMail = (delivery: Delivery | undefined): Delivery =>
  delivery === "mail" || delivery === "none" ? "none" : "in_app";

/**
 * The choices the profile offered before (issue 30 moved them here): "type.channel" pairs, a type
 * unticked on both channels is off. The old "timesheets" covered the schedule's changes too.
 */
export function carriedOver(pairs: readonly string[]): Partial<Record<CommunicationKind, Delivery>> {
  const map: [old: string, kind: CommunicationKind][] = [
    ["applications", "applications"],
    ["proposals", "proposals"],
    ["job_alerts", "alerts"],
    ["documents", "documents"],
    ["timesheets", "timesheets"],
    ["timesheets", "planning"],
  ];
  const on = new Set(pairs);
  return Object.fromEntries(
    map.map(([old, kind]) => {
      const inApp = on.has(`${old}.in_app`);
      const mail = on.has(`${old}.email`);
      return [kind, inApp && mail ? "both" : inApp ? "in_app" : mail ? "mail" : "none"];
    }),
  );
}

const choice = <T extends readonly [string, ...string[]]>(values: T) =>
  z.enum(values, { errorMap: () => ({ message: "validation.invalid_choice" }) });

/** The preferences form: a channel per kind shown (radios), the mail language (select). */
export const preferencesSchema = z.object({
  channels: z.object(Object.fromEntries(COMMUNICATION_KINDS.map((k) => [k, choice(DELIVERIES).optional()]))),
  mailLocale: choice(MAIL_LOCALES),
  version: z.coerce.number().int().min(0).default(0),
});
export type PreferencesValues = z.output<typeof preferencesSchema>;

/** The marketing form: consent given or withdrawn, said explicitly (a radio, never a pre-ticked box). */
export const marketingSchema = z.object({ marketing: choice(["yes", "no"] as const) });
