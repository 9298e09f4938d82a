import type http from "node:http";
import { createAdapter } from "@socket.io/postgres-adapter";
import { Server } from "socket.io";
import type { EventStore } from "../event-store/store";
import { resilientPool } from "../infra/pg-pool";
import type { Logger } from "../lib/logger";
import { allowSocketOrigin, type OriginPolicy } from "../lib/origin-check";
import type { Actor } from "../modules/identity/contract";
import type { identityQueries } from "../modules/identity/queries";
import type { Sessions } from "../modules/identity/sessions";
import { livePayload, roomsFor, roomsOfUser, type RealtimeRoute } from "./routing";

interface Deps {
  /** the modules' own routing (their manifests' `realtime`) */
  routes?: readonly RealtimeRoute[];
  databaseUrl: string;
  sessions: Sessions;
  users: ReturnType<typeof identityQueries>;
  store: EventStore;
  logger: Logger;
  /** the handshake's Origin must be the site's own (a page elsewhere must not use the victim's cookie) */
  originPolicy?: OriginPolicy;
}

/**
 * Socket.IO on the app's HTTP server. The handshake checks the Origin and reads the session
 * cookie; signed-in sockets join the rooms their role may read (routing.ts roomsOfUser). Several
 * app processes fan out through the Postgres adapter, whose LISTEN connection reconnects by
 * itself when the database comes back (resilientPool keeps its errors from ending the process).
 */
export function createRealtime(httpServer: http.Server | undefined, deps: Deps) {
  const pool = resilientPool({ connectionString: deps.databaseUrl, max: 3, application_name: "missio-io" }, deps.logger, "socket.io-adapter");
  const io = new Server({ serveClient: false, cors: { origin: false }, ...(deps.originPolicy ? { allowRequest: allowSocketOrigin(deps.originPolicy) } : {}) });
  io.adapter(createAdapter(pool, { errorHandler: (err) => deps.logger.warn({ err }, "socket.io adapter error") }));
  if (httpServer) io.attach(httpServer);

  io.use(async (socket, next) => {
    try {
      const sessionId = await deps.sessions.idFromCookie(socket.request.headers.cookie);
      const userId = sessionId ? await deps.sessions.userIdOfSession(sessionId) : null;
      const user = userId ? await deps.users.userById(userId) : null;
      if (!user || !user.enabled || !sessionId) return next(new Error("unauthorized"));
      socket.data.user = { id: user.id, role: user.role, agencyId: user.agencyId, clientId: user.clientId };
      socket.data.sessionId = sessionId;
      next();
    } catch (error) {
      deps.logger.error({ err: error }, "socket handshake failed");
      next(new Error("unavailable"));
    }
  });

  io.on("connection", (socket) => {
    const user = socket.data.user as Actor;
    void socket.join(roomsOfUser(user, socket.data.sessionId as string));

    // After a reconnect the browser asks for what it missed since the last position it saw.
    socket.on("catchup", async (since: unknown, ack?: (n: number) => void) => {
      const from = Number(since);
      if (!Number.isSafeInteger(from) || from < 0) return ack?.(0);
      try {
        const missed = await deps.store.readAllByPosition(from, 500, null);
        let sent = 0;
        for (const e of missed) {
          if (roomsFor(e, deps.routes).some((r) => socket.rooms.has(r))) {
            socket.emit("live", livePayload(e));
            sent++;
          }
        }
        ack?.(sent);
      } catch (err) {
        // the database is away: the browser asks again on its next reconnect
        deps.logger.warn({ err }, "socket catch-up failed");
        ack?.(0);
      }
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
