import { useLocation, useNavigationType } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";

/** Changes when the person goes back or forward in history (and not when the page navigates itself). */
export function usePopKey() {
  const location = useLocation();
  const type = useNavigationType();
  const [key, setKey] = useState(0);
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    // a removed chip (a link) changes the search too: the inputs follow it
    if (type === "POP" || (location.state as { searchChanged?: boolean } | null)?.searchChanged) setKey((k) => k + 1);
  }, [location.key]); // eslint-disable-line react-hooks/exhaustive-deps -- the navigation type is read at each location
  return key;
}
