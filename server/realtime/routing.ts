import type { StoredEvent } from "../event-store/types";
import { isAgencyStaff, isClientUser, isPlatformAdmin, type Actor } from "../modules/identity/contract";

/** What a browser receives: enough to decide whether to revalidate, nothing personal. */
export interface LivePayload {
  type: string;
  streamId: string;
  position: number;
}

export const rooms = {
  user: (id: string) => `user:${id}`,
  /** agency staff (consultants, collaborators): everything of their agency */
  agency: (id: string) => `agency:${id}`,
  /** users of a client company: the ads and orders of that company only */
  client: (id: string) => `client:${id}`,
  planning: (agencyId: string) => `planning:${agencyId}`,
  /** agency staff of that country: the CV library's moves of candidates visible to the whole country */
  library: (country: string) => `library:${country}`,
  session: (id: string) => `session:${id}`,
  admin: "admin",
};

/** A module's own routing (its manifest's `realtime`): rooms besides the person's and the tenant's. */
export type RealtimeRoute = (event: StoredEvent) => string[];

/**
 * Data a module pushes with a batch of events (its manifest's `livePush`), to a room whose every
 * member may read it: the changed shifts to the editors of that agency's planning room, who then
 * need no reload.
 */
export interface LiveMessage {
  room: string;
  name: string;
  data: unknown;
}
export type LivePush = (events: readonly StoredEvent[]) => Promise<LiveMessage[]>;

/**
 * Rooms an event is pushed to: the tenant's agency room (staff), the client company's room
 * (metadata or data `clientId`), the person it concerns, and whatever the modules' routes add
 * (the platform admins for agency sign-ups, ...).
 */
export function roomsFor(event: StoredEvent, routes: readonly RealtimeRoute[] = []): string[] {
  const out = new Set<string>();
  const d = event.data as Record<string, unknown>;
  if (event.metadata.tenant) out.add(rooms.agency(event.metadata.tenant));
  const clientId = event.metadata.clientId ?? d.clientId;
  // memos are for platform admins only (spec section 6): never to the client's users
  if (typeof clientId === "string" && clientId && !event.type.endsWith("MemoWritten")) out.add(rooms.client(clientId));
  if (typeof d.userId === "string") out.add(rooms.user(d.userId));
  for (const route of routes) for (const room of route(event)) out.add(room);
  return [...out];
}

export function livePayload(event: StoredEvent): LivePayload {
  return { type: event.type, streamId: event.streamId, position: event.globalPosition };
}

/** The rooms a signed-in socket joins: only what its role may read (`agencyCountry`: the staff's agency's). */
export function roomsOfUser(user: Actor, sessionId: string, agencyCountry?: string | null): string[] {
  const joined = [rooms.user(user.id), rooms.session(sessionId)];
  if (isAgencyStaff(user) && user.agencyId) {
    joined.push(rooms.agency(user.agencyId), rooms.planning(user.agencyId));
    if (agencyCountry) joined.push(rooms.library(agencyCountry));
  }
  if (isClientUser(user) && user.clientId) joined.push(rooms.client(user.clientId));
  if (isPlatformAdmin(user)) joined.push(rooms.admin);
  return joined;
}
