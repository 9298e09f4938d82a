import { useEffect, useState, type RefObject } from "react";

/** A phone: the board narrows its names column, fits the day view to the frame and folds the pool. */
const NARROW = "(max-width: 767px)";

/** Whether the window is a phone's (false on the server and until hydrated: the board needs JavaScript anyway). */
export function useNarrow() {
  const [narrow, setNarrow] = useState(false);
  useEffect(() => {
    const query = window.matchMedia(NARROW);
    const update = () => setNarrow(query.matches);
    update();
    query.addEventListener("change", update);
    return () => query.removeEventListener("change", update);
  }, []);
  return narrow;
}

/** The inner width of an element, followed as it changes (0 until measured). */
export function useWidthOf(ref: RefObject<HTMLElement>) {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const observer = new ResizeObserver(() => setWidth(el.clientWidth));
    observer.observe(el);
    setWidth(el.clientWidth);
    return () => observer.disconnect();
  }, [ref]);
  return width;
}
