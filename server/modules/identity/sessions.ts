import { createCookie, createSessionStorage, type Session } from "@remix-run/node";
import type { sessions } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import { jsonb, type Cols } from "../../lib/rows";
import { randomToken } from "../../lib/ids";

export const SESSION_COOKIE = "__session";
const IDLE_MS = 12 * 60 * 60 * 1000; // signed out after 12 h without a request
const ABSOLUTE_MS = 14 * 24 * 60 * 60 * 1000; // and in any case 14 days after sign-in

export interface SessionData {
  userId?: string;
  /** an account that proved its password but may not sign in yet (reactivation, verification) */
  pendingUserId?: string;
}

/** Sessions live in PostgreSQL; the cookie carries only the signed session id, so revoking works. */
export function createSessions(sql: Db, secret: string, secure: boolean) {
  const cookie = createCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure,
    path: "/",
    secrets: [secret],
    maxAge: ABSOLUTE_MS / 1000,
  });

  const storage = createSessionStorage<SessionData>({
    cookie,
    async createData(data, expires) {
      const [row] = await sql<Cols<typeof sessions, "id">[]>`
        insert into sessions (id, user_id, data, expires_at)
        values (${randomToken()}, ${data.userId ?? null}, ${jsonb(sql, data)}, ${expires ?? new Date(Date.now() + ABSOLUTE_MS)})
        returning id`;
      return row!.id;
    },
    async readData(id) {
      const [row] = await sql<
        Cols<typeof sessions, "data" | "createdAt" | "lastSeenAt" | "expiresAt", { data: SessionData }>[]
      >`
        select data, created_at as "createdAt", last_seen_at as "lastSeenAt", expires_at as "expiresAt" from sessions where id = ${id}`;
      if (!row) return null;
      const now = Date.now();
      if (
        row.expiresAt.getTime() < now ||
        now - row.lastSeenAt.getTime() > IDLE_MS ||
        now - row.createdAt.getTime() > ABSOLUTE_MS
      ) {
        return null;
      }
      // touch at most once a minute: idle timeout without a write per request
      if (now - row.lastSeenAt.getTime() > 60_000) await sql`update sessions set last_seen_at = now() where id = ${id}`;
      return row.data;
    },
    async updateData(id, data, expires) {
      await sql`update sessions set data = ${jsonb(sql, data)}, user_id = ${data.userId ?? null},
        expires_at = coalesce(${expires ?? null}, expires_at) where id = ${id}`;
    },
    async deleteData(id) {
      await sql`delete from sessions where id = ${id}`;
    },
  });

  return {
    storage,
    cookie,
    getSession: (cookieHeader: string | null) => storage.getSession(cookieHeader),
    commit: (session: Session<SessionData>) => storage.commitSession(session),
    destroy: (session: Session<SessionData>) => storage.destroySession(session),
    /** Session id from a raw Cookie header (Socket.IO handshake), if the cookie is valid. */
    async idFromCookie(cookieHeader: string | undefined) {
      if (!cookieHeader) return null;
      const id = (await cookie.parse(cookieHeader)) as string | null;
      return typeof id === "string" ? id : null;
    },
    /** Whether a session of that id still exists (a revoked one is deleted). */
    async exists(id: string) {
      const [row] = await sql`select 1 from sessions where id = ${id}`;
      return Boolean(row);
    },
    async userIdOfSession(id: string) {
      const data = await storage.getSession(await cookie.serialize(id));
      return data.get("userId") ?? null;
    },
    /** Deletes expired and idle sessions; returns how many. */
    async purgeExpired(): Promise<number> {
      const rows =
        await sql`delete from sessions where expires_at < now() or last_seen_at < now() - ${`${IDLE_MS / 1000} seconds`}::interval returning id`;
      return rows.length;
    },
  };
}

export type Sessions = ReturnType<typeof createSessions>;
