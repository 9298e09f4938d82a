import { useLocation, useMatches, UNSAFE_RemixContext } from "@remix-run/react";
import { useContext, useEffect, type ScriptHTMLAttributes } from "react";
import { pageScripts } from "./scripts.server";

/**
 * Remix's `<Scripts>` for this app: a page's modules load once it has painted (ADR 0024).
 * Remix's own asks for every module as the browser parses the end of the body (modulepreload
 * links, and the static imports of its inline script) while the stylesheet is still coming: on a
 * slow phone network they shared the bandwidth with it and pushed the first paint back.
 *
 * The server and the browser render the same two script elements: the loaders' data, and a module
 * script that loads the page's modules after the first paint (scripts.server.ts makes both; in the
 * browser bundle that module is empty). The browser renders them empty and hydration leaves the
 * server's alone; once the page has hydrated, nothing, as Remix's.
 */
export function Scripts(props: ScriptHTMLAttributes<HTMLScriptElement>) {
  const remix = useContext(UNSAFE_RemixContext);
  const matches = useMatches();
  const { pathname } = useLocation();
  useEffect(() => void (hydrated = true), []);
  if (!remix) throw new Error("Scripts is rendered by a Remix app");
  if (hydrated) return null;
  // only the server has the loaders' data to hand over
  const { context, modules } =
    remix.serverHandoffString === undefined
      ? { context: " ", modules: " " }
      : pageScripts({
          ...remix,
          serverHandoffString: remix.serverHandoffString,
          routeIds: matches.map((match) => match.id),
          pathname,
          crossOrigin: props.crossOrigin,
        });
  return (
    <>
      <script {...props} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: context }} />
      <script {...props} type="module" async suppressHydrationWarning dangerouslySetInnerHTML={{ __html: modules }} />
    </>
  );
}

/** Set once the page has hydrated: later renders (navigations) add no scripts. */
let hydrated = false;
