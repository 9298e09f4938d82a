import { useFetchers, useNavigation, useRevalidator } from "@remix-run/react";
import { createContext, useContext, useEffect, useRef } from "react";
import type { Socket } from "socket.io-client";
import type { LivePayload } from "#server/realtime/routing";

/**
 * The hooks of the live connection. Its provider (with the Socket.IO client) is in
 * ./live-provider, which only the signed-in shell loads: visitors' public pages stay without it.
 */
export type Listener = (event: LivePayload) => void;
export const LiveContext = createContext<{
  subscribe(l: Listener): () => void;
  connected: boolean;
  leaving: { current: boolean };
  socket: Socket | null;
} | null>(null);

/**
 * The page signs the person out itself (spec: logout 1 s after a change of password or email):
 * the server closing the socket meanwhile must not cut that second short. Set while rendering,
 * as the socket may close before effects run.
 */
export function useSigningOut(active: boolean) {
  const ctx = useContext(LiveContext);
  if (ctx && active) ctx.leaving.current = true;
}

/** Every pushed event to a listener of the page (latest listener, one subscription); whether the socket is connected. */
export function useLiveListener(listener: Listener) {
  const ctx = useContext(LiveContext);
  const ref = useRef(listener);
  ref.current = listener;
  useEffect(() => ctx?.subscribe((e) => ref.current(e)), [ctx]);
  return ctx?.connected ?? false;
}

/**
 * Revalidate the page's loaders when a pushed event matches (all events when no filter). Not
 * while a form is being sent or a page is loading: React Router drops the redirect of a fetcher
 * whose submission a revalidation overtook (a duplicated ad never opened), and the page's data is
 * loaded again after any action or navigation anyway.
 */
export function useLive(filter?: (event: LivePayload) => boolean) {
  const { revalidate } = useRevalidator();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = useRef(false);
  busy.current =
    navigation.state !== "idle" ||
    fetchers.some(
      (f) =>
        f.state === "submitting" ||
        (f.state === "loading" && f.formMethod !== undefined && f.formMethod.toUpperCase() !== "GET"),
    );
  const timer = useRef<ReturnType<typeof setTimeout>>();
  useEffect(() => () => clearTimeout(timer.current), []);
  return useLiveListener((e) => {
    if (filter && !filter(e)) return;
    clearTimeout(timer.current);
    // a burst of events costs one reload of the data
    timer.current = setTimeout(() => busy.current || revalidate(), 50);
  });
}

/** The page's socket and whether it is connected (null before it opens or outside the signed-in shell). */
export function useLiveSocket() {
  const ctx = useContext(LiveContext);
  return { socket: ctx?.socket ?? null, connected: ctx?.connected ?? false };
}
