import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useLiveSocket } from "~/hooks/use-live";

export interface DragPreview {
  assignmentId: string;
  day: string;
  startMin: number;
  endMin: number;
  kind: "move" | "resize";
}
export interface Peer {
  socketId: string;
  userId: string;
  name: string;
  selection: string | null;
  drag: DragPreview | null;
}

/**
 * The other editors on this agency's board: presence is socket traffic of the planning room
 * (the server checks the room is the user's), never events. A newcomer says hello and the
 * others answer with their state; a socket that leaves is dropped by the server's notice.
 */
export function usePresence(agencyId: string | null) {
  const { socket, connected } = useLiveSocket();
  const [peers, setPeers] = useState<Record<string, Peer>>({});
  const mine = useRef<{ selection: string | null; drag: DragPreview | null }>({ selection: null, drag: null });
  const last = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const send = useCallback(
    (hello = false) => {
      if (!socket || !agencyId) return;
      last.current = Date.now();
      socket.emit("planning:presence", { agencyId, ...mine.current, hello });
    },
    [socket, agencyId],
  );

  useEffect(() => {
    if (!socket || !agencyId || !connected) return;
    const onPresence = (p: Peer & { hello: boolean }) => {
      setPeers((all) => ({ ...all, [p.socketId]: { socketId: p.socketId, userId: p.userId, name: p.name, selection: p.selection, drag: p.drag } }));
      if (p.hello) send(false);
    };
    const onLeave = ({ socketId }: { socketId: string }) =>
      setPeers((all) => {
        const { [socketId]: _gone, ...rest } = all;
        return rest;
      });
    socket.on("planning:presence", onPresence);
    socket.on("planning:leave", onLeave);
    // after a reconnect the others may have changed: start over
    setPeers({});
    send(true);
    return () => {
      socket.off("planning:presence", onPresence);
      socket.off("planning:leave", onLeave);
    };
  }, [socket, agencyId, connected, send]);

  /** Selection and drag preview; drag moves are sent at most every 40 ms, the last one always. */
  const update = useCallback(
    (next: Partial<{ selection: string | null; drag: DragPreview | null }>) => {
      mine.current = { ...mine.current, ...next };
      clearTimeout(timer.current);
      const wait = 40 - (Date.now() - last.current);
      if (wait <= 0 || !("drag" in next) || next.drag === null) send(false);
      else timer.current = setTimeout(() => send(false), wait);
    },
    [send],
  );

  // one object while nothing changes: the board's chips take callbacks built on it
  return useMemo(() => ({ peers: Object.values(peers), update, connected }), [peers, update, connected]);
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
