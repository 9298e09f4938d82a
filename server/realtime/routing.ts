import type { StoredEvent } from "../event-store/types";

/** What a browser receives: enough to decide whether to revalidate, nothing personal. */
export interface LivePayload {
  type: string;
  streamId: string;
  position: number;
}

export const rooms = {
  user: (id: string) => `user:${id}`,
  agency: (id: string) => `agency:${id}`,
  planning: (agencyId: string) => `planning:${agencyId}`,
  session: (id: string) => `session:${id}`,
  admin: "admin",
};

/**
 * Rooms an event is pushed to: the tenant's agency room, the people it concerns, and the
 * platform admins for agency sign-ups. Modules extend this as they add events.
 */
export function roomsFor(event: StoredEvent): string[] {
  const out = new Set<string>();
  const d = event.data as Record<string, unknown>;
  if (event.metadata.tenant) out.add(rooms.agency(event.metadata.tenant));
  if (typeof d.userId === "string") out.add(rooms.user(d.userId));
  if (event.type.startsWith("Agency")) out.add(rooms.admin); // registrations and decisions: the validation screen
  if (event.type.startsWith("Planning") && event.metadata.tenant) out.add(rooms.planning(event.metadata.tenant));
  return [...out];
}

export function livePayload(event: StoredEvent): LivePayload {
  return { type: event.type, streamId: event.streamId, position: event.globalPosition };
}
