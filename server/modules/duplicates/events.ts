/**
 * "Not a duplicate", said by an agency (scope = its id, tenant of the event: its room only) or by
 * the platform admins (scope "platform"). One stream per scope and pair, so each decides alone.
 */
export const dismissalStream = (scope: string, firstId: string, secondId: string) =>
  `duplicate-pair-${scope}-${firstId}-${secondId}`;

export interface DuplicateDismissed {
  type: "DuplicateDismissed";
  data: { scope: string; firstId: string; secondId: string; by: string };
}

export type DuplicateEvent = DuplicateDismissed;
export const DUPLICATE_EVENT_TYPES: DuplicateEvent["type"][] = ["DuplicateDismissed"];
