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
  /** the sender's count of its messages: the last one wins */
  seq: number;
}

/**
 * A peer's message into the peers seen so far. The Postgres adapter publishes each broadcast
 * before delivering it, so two messages from one socket can arrive in either order: an older
 * one (a drag move overtaking the drop) is dropped instead of showing a finished drag for ever.
 */
export function withPeer(peers: Record<string, Peer>, p: Peer): Record<string, Peer> {
  const known = peers[p.socketId];
  if (known && known.seq >= p.seq) return peers;
  return {
    ...peers,
    [p.socketId]: {
      socketId: p.socketId,
      userId: p.userId,
      name: p.name,
      selection: p.selection,
      drag: p.drag,
      seq: p.seq,
    },
  };
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
  const seq = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout>>();

  const send = useCallback(
    (hello = false) => {
      if (!socket || !agencyId) return;
      last.current = Date.now();
      socket.emit("planning:presence", { agencyId, ...mine.current, hello, seq: ++seq.current });
    },
    [socket, agencyId],
  );

  useEffect(() => {
    if (!socket || !agencyId || !connected) return;
    const onPresence = (p: Peer & { hello: boolean }) => {
      setPeers((all) => withPeer(all, p));
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
  return useMemo(() => {
    const all = Object.values(peers);
    // one avatar per person, however many tabs they have open
    const people = all.filter((p, i) => all.findIndex((q) => q.userId === p.userId) === i);
    return { peers: all, people, update, connected };
  }, [peers, update, connected]);
}

export const initialsOf = (name: string) =>
  name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((w) => w[0]!.toUpperCase())
    .join("");
