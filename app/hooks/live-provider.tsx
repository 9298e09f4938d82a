import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { io, type Socket } from "socket.io-client";
import type { LivePayload } from "#server/realtime/routing";
import { LiveContext, type Listener } from "./use-live";

/**
 * One Socket.IO connection per signed-in tab. It remembers the last position it saw and asks
 * for what it missed after a reconnect; when the server closes it (logout, revoked session)
 * the person is sent to /login with a notice.
 */
export function LiveProvider({ children }: { children: React.ReactNode }) {
  const listeners = useRef(new Set<Listener>());
  const [connected, setConnected] = useState(false);
  // the planning board sends its presence (ephemeral, not events) on the same connection
  const [socket, setSocket] = useState<Socket | null>(null);
  // A navigation under way (the logout's redirect to /login) already leaves the page; the server
  // closes the socket while it runs, and sending the person elsewhere then would cut it short.
  const navigating = useRef(false);
  navigating.current = useNavigation().state !== "idle";
  // a page that signs the person out itself, after showing why (useSigningOut)
  const leaving = useRef(false);
  const revalidator = useRevalidator();
  const revalidate = useRef(revalidator.revalidate);
  revalidate.current = revalidator.revalidate;
  useEffect(() => {
    let lastPosition = 0;
    let wasConnected = false;
    const socket: Socket = io({ transports: ["websocket"], withCredentials: true });
    setSocket(socket);
    const dispatch = (e: LivePayload) => {
      lastPosition = Math.max(lastPosition, e.position);
      listeners.current.forEach((l) => l(e));
    };
    socket.on("live", dispatch);
    // it missed more than a catch-up sends (server/realtime/io.ts): the page's data is read again
    socket.on("stale", () => revalidate.current());
    // the server closes a socket that keeps exceeding its limits (server/realtime/limits.ts) and
    // says why first: the session goes on, only live updates stop
    let limited = false;
    socket.on("limit", ({ reason }: { reason: string }) => {
      limited = true;
      console.warn(`live updates stopped: the socket exceeded its limits (${reason})`);
    });
    socket.on("connect", () => {
      setConnected(true);
      document.documentElement.dataset.live = "connected";
      if (wasConnected && lastPosition > 0) socket.emit("catchup", lastPosition);
      wasConnected = true;
    });
    socket.on("disconnect", (reason) => {
      setConnected(false);
      document.documentElement.dataset.live = "disconnected";
      // the server closed it: this session was ended (logout elsewhere, revoked, account disabled);
      // the login page finds out why from the ended session and says so
      if (reason === "io server disconnect" && !limited && !navigating.current && !leaving.current)
        window.location.assign("/login?signedOut=ended");
    });
    return () => {
      socket.close();
      setSocket(null);
    };
  }, []);
  const value = useRef({
    subscribe: (l: Listener) => (listeners.current.add(l), () => void listeners.current.delete(l)),
  }).current;
  return <LiveContext.Provider value={{ ...value, connected, leaving, socket }}>{children}</LiveContext.Provider>;
}
