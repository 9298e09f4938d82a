import type http from "node:http";
import { createAdapter } from "@socket.io/postgres-adapter";
import { Server, type Socket } from "socket.io";
import type { EventStore } from "../event-store/store";
import { oneQueryAtATime, resilientPool } from "../infra/pg-pool";
import type { Logger } from "../lib/logger";
import { allowSocketOrigin, type OriginPolicy } from "../lib/origin-check";
import { isAgencyStaff, type Actor } from "../modules/identity/contract";
import type { identityQueries } from "../modules/identity/queries";
import type { Sessions } from "../modules/identity/sessions";
import { limitSocket, SOCKET_LIMITS } from "./limits";
import { relaySocketMessages } from "./relay";
import { livePayload, rooms, roomsFor, roomsOfUser, type RealtimeRoute } from "./routing";

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
  /** the country of a staff member's agency: its staff join that country's library room */
  agencyCountry?: (agencyId: string) => Promise<string | null>;
}

/**
 * Socket.IO on the app's HTTP server. The handshake checks the Origin and reads the session
 * cookie; signed-in sockets join the rooms their role may read (routing.ts roomsOfUser). Several
 * app processes fan out through the Postgres adapter, whose LISTEN connection reconnects by
 * itself when the database comes back (resilientPool keeps its errors from ending the process).
 */
export function createRealtime(httpServer: http.Server | undefined, deps: Deps) {
  const pool = resilientPool(
    {
      connectionString: deps.databaseUrl,
      max: 3,
      application_name: "missio-io",
      // a publish that must first open a connection on a loaded database timed out after 10 s and
      // the adapter dropped its message (a push lost between processes): its connections stay open,
      // and opening one may take longer
      idleTimeoutMillis: 0,
      connectionTimeoutMillis: 30_000,
    },
    deps.logger,
    "socket.io-adapter",
  );
  // websocket only (the browser's client asks for nothing else): a socket is one connection, so it
  // stays on one of several web processes without sticky sessions
  const io = new Server({
    serveClient: false,
    transports: ["websocket"],
    cors: { origin: false },
    maxHttpBufferSize: SOCKET_LIMITS.maxMessageBytes,
    ...(deps.originPolicy ? { allowRequest: allowSocketOrigin(deps.originPolicy) } : {}),
  });
  io.adapter(
    createAdapter(oneQueryAtATime(pool), {
      errorHandler: (err) => deps.logger.warn({ err }, "socket.io adapter error"),
    }),
  );
  if (httpServer) io.attach(httpServer);
  // what processors of any process send to sockets (relay.ts); without it only those messages stop
  const relay = relaySocketMessages(deps.store.sql, io, deps.logger).catch((err: unknown) => {
    deps.logger.warn({ err }, "socket relay: cannot listen; library moves will not reach this process's sockets");
    return null;
  });

  io.use(async (socket, next) => {
    try {
      const sessionId = await deps.sessions.idFromCookie(socket.request.headers.cookie);
      const userId = sessionId ? await deps.sessions.userIdOfSession(sessionId) : null;
      const user = userId ? await deps.users.userById(userId) : null;
      if (!user || !user.enabled || !sessionId) return next(new Error("unauthorized"));
      socket.data.user = { id: user.id, role: user.role, agencyId: user.agencyId, clientId: user.clientId };
      socket.data.name = `${user.firstName} ${user.lastName}`;
      socket.data.sessionId = sessionId;
      socket.data.agencyCountry =
        isAgencyStaff(user) && user.agencyId ? ((await deps.agencyCountry?.(user.agencyId)) ?? null) : null;
      next();
    } catch (error) {
      deps.logger.error({ err: error }, "socket handshake failed");
      next(new Error("unavailable"));
    }
  });

  io.on("connection", (socket) => {
    const user = socket.data.user as Actor;
    // first: every message the socket sends passes its limits (limits.ts)
    const limits = limitSocket(socket, deps.logger);
    void socket.join(roomsOfUser(user, socket.data.sessionId as string, socket.data.agencyCountry as string | null));
    planningPresence(socket, user);

    // After a reconnect the browser asks for what it missed since the last position it saw:
    // one catch-up at a time per socket, each reading at most catchupEvents events (past them,
    // "stale" tells the browser to reload its page's data).
    socket.on("catchup", (since: unknown, ack?: (n: number) => void) => {
      const from = Number(since);
      if (!Number.isSafeInteger(from) || from < 0) return ack?.(0);
      void limits.catchup(async () => {
        try {
          const missed = await deps.store.readAllByPosition(from, SOCKET_LIMITS.catchupEvents, null);
          let sent = 0;
          for (const e of missed) {
            if (roomsFor(e, deps.routes).some((r) => socket.rooms.has(r))) {
              socket.emit("live", livePayload(e));
              sent++;
            }
          }
          // more was missed than one catch-up reads: the browser reloads its page's data instead
          if (missed.length === SOCKET_LIMITS.catchupEvents) socket.emit("stale");
          ack?.(sent);
        } catch (err) {
          // the database is away: the browser asks again on its next reconnect
          deps.logger.warn({ err }, "socket catch-up failed");
          ack?.(0);
        }
      });
    });
  });

  return {
    io,
    async close() {
      // closes this process's sockets only, as a lost connection: their browsers reconnect (to
      // another web process, or to this one restarted). io.disconnectSockets would reach every
      // process through the adapter and tell each browser its session had ended.
      await (
        await relay
      )?.();
      await new Promise<void>((resolve) => io.close(() => resolve()));
      await pool.end().catch(() => undefined);
    },
  };
}

/**
 * Presence on the planning board (DESIGN section 5): who is here, their selection and drag
 * preview, relayed to the other sockets of `planning:<agencyId>`. Ephemeral, never events. Only
 * a socket already in that room (agency staff of that agency, roomsOfUser) may speak in it: a
 * message naming another agency is refused and the sender told so.
 */
function planningPresence(socket: Socket, user: Actor) {
  const room = (agencyId: unknown) => (typeof agencyId === "string" ? rooms.planning(agencyId) : null);
  const allowed = (agencyId: unknown) => {
    const r = room(agencyId);
    return r !== null && socket.rooms.has(r) && isAgencyStaff(user) && user.agencyId === agencyId;
  };
  socket.on("planning:join", (agencyId: unknown, ack?: (answer: { ok: boolean }) => void) => {
    ack?.({ ok: allowed(agencyId) });
  });
  socket.on("planning:presence", (message: unknown, ack?: (answer: { ok: boolean }) => void) => {
    const m = (message ?? {}) as {
      agencyId?: unknown;
      selection?: unknown;
      drag?: unknown;
      hello?: unknown;
      seq?: unknown;
    };
    if (!allowed(m.agencyId)) return ack?.({ ok: false });
    const selection = typeof m.selection === "string" && m.selection.length <= 64 ? m.selection : null;
    const d = m.drag as {
      assignmentId?: unknown;
      day?: unknown;
      startMin?: unknown;
      endMin?: unknown;
      kind?: unknown;
    } | null;
    const drag =
      d &&
      typeof d.assignmentId === "string" &&
      typeof d.day === "string" &&
      Number.isInteger(d.startMin) &&
      Number.isInteger(d.endMin)
        ? {
            assignmentId: d.assignmentId.slice(0, 64),
            day: d.day.slice(0, 10),
            startMin: d.startMin as number,
            endMin: d.endMin as number,
            kind: d.kind === "resize" ? "resize" : "move",
          }
        : null;
    // the sender's message count, relayed so receivers can drop one the adapter delivered late
    const seq = Number.isSafeInteger(m.seq) && (m.seq as number) > 0 ? (m.seq as number) : 0;
    socket.data.planning = m.agencyId;
    socket.to(room(m.agencyId)!).emit("planning:presence", {
      socketId: socket.id,
      userId: user.id,
      name: socket.data.name as string,
      selection,
      drag,
      hello: m.hello === true,
      seq,
    });
    ack?.({ ok: true });
  });
  socket.on("disconnecting", () => {
    const agencyId = socket.data.planning as string | undefined;
    if (agencyId) socket.to(rooms.planning(agencyId)).emit("planning:leave", { socketId: socket.id });
  });
}

export type Realtime = ReturnType<typeof createRealtime>;
