import type http from "node:http";
import { createAdapter } from "@socket.io/postgres-adapter";
import pg from "pg";
import { Server } from "socket.io";
import type { EventStore } from "../event-store/store";
import type { Logger } from "../lib/logger";
import type { identityQueries } from "../modules/identity/queries";
import type { Sessions } from "../modules/identity/sessions";
import { livePayload, rooms, roomsFor, type RealtimeRoute } from "./routing";

interface Deps {
  /** the modules' own routing (their manifests' `realtime`) */
  routes?: readonly RealtimeRoute[];
  databaseUrl: string;
  sessions: Sessions;
  users: ReturnType<typeof identityQueries>;
  store: EventStore;
  logger: Logger;
}

/**
 * Socket.IO on the app's HTTP server. The handshake reads the session cookie; signed-in sockets
 * join their user, session, agency (and planning / admin) rooms. Several app processes fan out
 * through the Postgres adapter.
 */
export function createRealtime(httpServer: http.Server | undefined, deps: Deps) {
  const pool = new pg.Pool({ connectionString: deps.databaseUrl, max: 3, application_name: "missio-io" });
  pool.on("error", (err) => deps.logger.warn({ err }, "socket.io adapter pool error"));
  const io = new Server({ serveClient: false, cors: { origin: false } });
  io.adapter(createAdapter(pool, { errorHandler: (err) => deps.logger.warn({ err }, "socket.io adapter error") }));
  if (httpServer) io.attach(httpServer);

  io.use(async (socket, next) => {
    try {
      const sessionId = await deps.sessions.idFromCookie(socket.request.headers.cookie);
      const userId = sessionId ? await deps.sessions.userIdOfSession(sessionId) : null;
      const user = userId ? await deps.users.userById(userId) : null;
      if (!user || !user.enabled || !sessionId) return next(new Error("unauthorized"));
      socket.data.user = { id: user.id, role: user.role, agencyId: user.agencyId };
      socket.data.sessionId = sessionId;
      next();
    } catch (error) {
      deps.logger.error({ err: error }, "socket handshake failed");
      next(new Error("unavailable"));
    }
  });

  io.on("connection", (socket) => {
    const { id, role, agencyId } = socket.data.user as { id: string; role: string; agencyId: string | null };
    const joined = [rooms.user(id), rooms.session(socket.data.sessionId as string)];
    if (agencyId) joined.push(rooms.agency(agencyId), rooms.planning(agencyId));
    if (role === "PLATFORM_ADMIN") joined.push(rooms.admin);
    void socket.join(joined);

    // After a reconnect the browser asks for what it missed since the last position it saw.
    socket.on("catchup", async (since: unknown, ack?: (n: number) => void) => {
      const from = Number(since);
      if (!Number.isSafeInteger(from) || from < 0) return ack?.(0);
      const missed = await deps.store.readAllByPosition(from, 500, null);
      let sent = 0;
      for (const e of missed) {
        if (roomsFor(e, deps.routes).some((r) => socket.rooms.has(r))) {
          socket.emit("live", livePayload(e));
          sent++;
        }
      }
      ack?.(sent);
    });
  });

  return {
    io,
    async close() {
      io.disconnectSockets(true);
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await pool.end().catch(() => undefined);
    },
  };
}

export type Realtime = ReturnType<typeof createRealtime>;
