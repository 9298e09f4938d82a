import type { Server } from "socket.io";
import type { ProcessorDefinition } from "../event-store/processor";
import { livePayload, rooms, roomsFor, type RealtimeRoute } from "./routing";

/**
 * Pushes every event to its rooms once, whichever process appended it. A SessionEnded closes
 * that session's sockets on every node (through the adapter).
 */
export function realtimeProcessor(io: Server, routes: readonly RealtimeRoute[], onEmit?: (position: number) => void): ProcessorDefinition {
  return {
    name: "realtime",
    transactional: false,
    batchSize: 200,
    async handle(events) {
      for (const e of events) {
        // an ended session's sockets close first: its pages then go to /login with the notice,
        // instead of revalidating into a plain login redirect on the event itself
        if (e.type === "SessionEnded") io.in(rooms.session(String(e.data.sessionId))).disconnectSockets(true);
        const targets = roomsFor(e, routes);
        if (targets.length) io.to(targets).emit("live", livePayload(e));
        onEmit?.(e.globalPosition);
      }
    },
  };
}
