/**
 * Which of a person's notification preferences (profile, "type.channel" pairs such as
 * "applications.email") a notice falls under. Kinds outside these types (account, data export,
 * the agency's own work) are always sent.
 */
const TYPE_OF_KIND: [prefix: string, type: string][] = [
  ["application_", "applications"],
  ["proposal_", "proposals"],
  ["search_alert", "job_alerts"],
  ["documents_", "documents"],
  ["shifts_", "timesheets"],
  ["timesheets_", "timesheets"],
];

export function preferenceTypeOf(kind: string): string | null {
  return TYPE_OF_KIND.find(([prefix]) => kind.startsWith(prefix))?.[1] ?? null;
}

/** Whether the person wants this notice on this channel; `channels` null: never chosen, everything on. */
export function wants(channels: readonly string[] | null, kind: string, channel: "in_app" | "email"): boolean {
  const type = preferenceTypeOf(kind);
  return !channels || !type || channels.includes(`${type}.${channel}`);
}
