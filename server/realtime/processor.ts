import type { Server } from "socket.io";
import type { ProcessorDefinition } from "../event-store/processor";
import { livePayload, rooms, roomsFor, type LivePush, type RealtimeRoute } from "./routing";

/**
 * Pushes every event to its rooms once, whichever process appended it, then the modules' data
 * for the batch (livePush). A SessionEnded closes that session's sockets on every node (through
 * the adapter).
 */
export function realtimeProcessor(
  io: Server,
  routes: readonly RealtimeRoute[],
  onEmit?: (position: number) => void,
  pushes: readonly LivePush[] = [],
): ProcessorDefinition {
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
      for (const push of pushes) for (const m of await push(events)) io.to(m.room).emit(m.name, m.data);
    },
  };
}
