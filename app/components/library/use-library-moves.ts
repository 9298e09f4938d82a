import { useNavigation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import { useLiveSocket } from "~/hooks/use-live";
import { LIBRARY_MOVED } from "#server/modules/library/contract";

/** at most one reload of the results a second, however many candidates move */
const THROTTLE_MS = 1000;

/**
 * The open results follow the candidates who move (ADR 0036): when the indexer says some changed
 * (ids only), the page's data is loaded again, at most once a second and not while the person is
 * already loading another search. A revalidation keeps the form as typed, the scroll and the
 * results on screen until the new ones arrive. After a lost connection it reloads once: moves
 * may have been missed meanwhile.
 */
export function useLibraryMoves() {
  const { socket } = useLiveSocket();
  const { revalidate } = useRevalidator();
  const reload = useRef(revalidate);
  reload.current = revalidate;
  const busy = useRef(false);
  busy.current = useNavigation().state !== "idle";
  useEffect(() => {
    if (!socket) return;
    let last = 0;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const moved = () => {
      if (timer) return;
      timer = setTimeout(
        () => {
          timer = undefined;
          if (busy.current) return; // the search being loaded is read after the move anyway
          last = Date.now();
          reload.current();
        },
        Math.max(0, last + THROTTLE_MS - Date.now()),
      );
    };
    socket.on(LIBRARY_MOVED, moved);
    socket.io.on("reconnect", moved);
    return () => {
      clearTimeout(timer);
      socket.off(LIBRARY_MOVED, moved);
      socket.io.off("reconnect", moved);
    };
  }, [socket]);
}
