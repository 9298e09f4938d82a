import type { StoredEvent } from "../event-store/types";

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
  session: (id: string) => `session:${id}`,
  admin: "admin",
};

/**
 * Rooms an event is pushed to: the tenant's agency room (staff), the client company's room
 * (metadata or data `clientId`), the people it concerns, and the platform admins for agency
 * sign-ups. Modules extend this as they add events.
 */
export function roomsFor(event: StoredEvent): string[] {
  const out = new Set<string>();
  const d = event.data as Record<string, unknown>;
  if (event.metadata.tenant) out.add(rooms.agency(event.metadata.tenant));
  const clientId = event.metadata.clientId ?? d.clientId;
  // memos are for platform admins only (spec section 6): never to the client's users
  if (typeof clientId === "string" && clientId && !event.type.endsWith("MemoWritten")) out.add(rooms.client(clientId));
  if (typeof d.userId === "string") out.add(rooms.user(d.userId));
  if (event.type.startsWith("Agency")) out.add(rooms.admin); // registrations and decisions: the validation screen
  if (event.type.startsWith("Planning") && event.metadata.tenant) out.add(rooms.planning(event.metadata.tenant));
  return [...out];
}

export function livePayload(event: StoredEvent): LivePayload {
  return { type: event.type, streamId: event.streamId, position: event.globalPosition };
}

/** Roles of agency staff, who read everything of their agency (server/modules/missions/scope.ts). */
const STAFF_ROLES = new Set(["ADMIN_CONSULTANT", "COLLABORATOR"]);
const CLIENT_ROLES = new Set(["MANAGER_CLIENT", "CLIENT"]);

/** The rooms a signed-in socket joins: only what its role may read. */
export function roomsOfUser(user: { id: string; role: string; agencyId: string | null; clientId: string | null }, sessionId: string): string[] {
  const joined = [rooms.user(user.id), rooms.session(sessionId)];
  if (STAFF_ROLES.has(user.role) && user.agencyId) joined.push(rooms.agency(user.agencyId), rooms.planning(user.agencyId));
  if (CLIENT_ROLES.has(user.role) && user.clientId) joined.push(rooms.client(user.clientId));
  if (user.role === "PLATFORM_ADMIN") joined.push(rooms.admin);
  return joined;
}
