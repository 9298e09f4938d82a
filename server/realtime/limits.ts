import type { Socket } from "socket.io";
import type { Logger } from "../lib/logger";

/**
 * What one socket may ask of this process (issue 27: 300 catch-ups sent at once kept a process
 * busy for 24 s). The browser's own client (app/hooks/live-provider.tsx, planning/presence.ts)
 * sends one catch-up per reconnect and a drag's presence at most every 40 ms: it never comes near.
 */
export const SOCKET_LIMITS = {
  /** bytes of one message; engine.io closes the connection on a bigger frame (maxHttpBufferSize) */
  maxMessageBytes: 16 * 1024,
  /** the events a browser sends, and the most bytes (as JSON) of each one's arguments */
  events: { catchup: 32, "planning:join": 128, "planning:presence": 1024 } as Record<string, number>,
  /** messages: a burst of 60, then 30 a second (a drag sends 25) */
  messages: { burst: 60, perSecond: 30 },
  /** catch-ups: one at a time, a burst of 3, then one every 10 s */
  catchups: { burst: 3, perSecond: 0.1 },
  /** events one catch-up reads at most */
  catchupEvents: 500,
  /** refused messages after which the socket is disconnected */
  strikes: 10,
};

export type LimitReason = "rate" | "size" | "unknown_event" | "catchup_busy" | "catchup_rate";

/** A token bucket: `burst` tokens, refilled at `perSecond`; each message takes one. */
export function tokenBucket({ burst, perSecond }: { burst: number; perSecond: number }, now = () => Date.now()) {
  let tokens = burst;
  let at = now();
  return () => {
    const t = now();
    tokens = Math.min(burst, tokens + ((t - at) / 1000) * perSecond);
    at = t;
    if (tokens < 1) return false;
    tokens--;
    return true;
  };
}

/**
 * Guards a socket's incoming messages: an unknown event, arguments over their size or a message
 * over the rate is dropped unanswered and counts as a strike; past `strikes` the socket is told
 * why (`limit`, { reason }) and disconnected. State lives on the connection and goes with it.
 * `catchup(run)` runs a catch-up if none is in flight and the catch-up rate allows it.
 */
export function limitSocket(socket: Socket, logger: Logger, limits = SOCKET_LIMITS) {
  const message = tokenBucket(limits.messages);
  const catchupAllowed = tokenBucket(limits.catchups);
  let strikes = 0;
  let catchingUp = false;
  const refuse = (reason: LimitReason) => {
    if (++strikes <= limits.strikes || socket.disconnected) return;
    logger.warn({ userId: (socket.data.user as { id?: string } | undefined)?.id, reason }, "socket over its limits");
    socket.emit("limit", { reason });
    socket.disconnect(true);
  };
  socket.use(([event, ...args], next) => {
    const name = String(event);
    if (!Object.hasOwn(limits.events, name)) return refuse("unknown_event");
    const max = limits.events[name]!;
    // the ack callback, last, is no argument of the client's
    if ((JSON.stringify(args.filter((a) => typeof a !== "function")) ?? "").length > max) return refuse("size");
    if (!message()) return refuse("rate");
    next();
  });
  return {
    async catchup(run: () => Promise<void>) {
      if (catchingUp) return refuse("catchup_busy");
      if (!catchupAllowed()) return refuse("catchup_rate");
      catchingUp = true;
      try {
        await run();
      } finally {
        catchingUp = false;
      }
    },
  };
}
