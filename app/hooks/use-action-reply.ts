// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- the one place that reads it
import { useActionData, useLocation } from "@remix-run/react";
import { useRef } from "react";

/**
 * The page's action reply (field errors, a result, an undo), kept while the person stays on the
 * page. Remix forgets actionData on any revalidation, and live pages revalidate whenever a pushed
 * event arrives (a notification on every page, a colleague's change): the reply would vanish
 * under the person's eyes. A new submission replaces it; leaving the page (a new location) drops it.
 */
export function useActionReply<T = unknown>() {
  const data = useActionData<T>();
  const { key } = useLocation();
  const kept = useRef({ key, data });
  if (data !== undefined || kept.current.key !== key) kept.current = { key, data };
  return kept.current.data;
}
