import { useEffect, useState } from "react";

/** true once the page is scrolled past `px` (the scroll-to-top button appears after 300 px). */
export function useScrollPast(px: number) {
  const [past, setPast] = useState(false);
  useEffect(() => {
    const onScroll = () => setPast(window.scrollY > px);
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [px]);
  return past;
}
