import { useEffect, useState } from "react";

/**
 * False on the server and during hydration, true once the page runs: parts that need JavaScript
 * render their plain HTML fallback first, so hydration matches the server's HTML.
 */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
