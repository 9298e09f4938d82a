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

/** A module's own routing (its manifest's `realtime`): rooms besides the person's and the tenant's. */
export type RealtimeRoute = (event: StoredEvent) => string[];

/**
 * Rooms an event is pushed to: the tenant's agency room, the person it concerns, and whatever
 * the modules' routes add (the platform admins for agency sign-ups, ...).
 */
export function roomsFor(event: StoredEvent, routes: readonly RealtimeRoute[] = []): string[] {
  const out = new Set<string>();
  const d = event.data as Record<string, unknown>;
  if (event.metadata.tenant) out.add(rooms.agency(event.metadata.tenant));
  if (typeof d.userId === "string") out.add(rooms.user(d.userId));
  for (const route of routes) for (const room of route(event)) out.add(room);
  return [...out];
}

export function livePayload(event: StoredEvent): LivePayload {
  return { type: event.type, streamId: event.streamId, position: event.globalPosition };
}
