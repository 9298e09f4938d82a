import { useLocation, useMatches } from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { NAMESPACES } from "~/i18n";

/** The namespaces a route's page uses, as it declares them (`export const handle = { i18n: [...] }`). */
export const namespacesOf = (matches: { handle?: unknown }[]): string[] => [
  ...new Set(matches.flatMap((m) => [(m.handle as { i18n?: string | string[] } | undefined)?.i18n ?? []].flat())),
];

/**
 * Loads the namespaces of the routes shown. The server loads them for the first page; on a
 * client-side navigation nothing else would (a component's `t("documents:…")` only reads what is
 * loaded), so the page showed raw keys until a reload (issue 27). Every `useTranslation` renders
 * again once a namespace arrives (`bindI18nStore: "added"` in ~/i18n). Returns the path shown
 * once all of them are there, else undefined.
 */
export function useRouteNamespaces(): string | undefined {
  const { pathname } = useLocation();
  const { ready } = useTranslation(namespacesOf(useMatches()));
  return ready ? pathname : undefined;
}

/**
 * Loads every namespace of the page's language once the browser is idle, so that the next
 * client-side navigation finds its texts there instead of showing keys for the time a file takes
 * to arrive. For the signed-in shell, whose people move between many pages; public pages load
 * only their own (ADR 0022).
 */
export function usePreloadedNamespaces() {
  const { i18n } = useTranslation();
  useEffect(() => {
    const load = () => void i18n.loadNamespaces([...NAMESPACES]);
    if (typeof window.requestIdleCallback !== "function") {
      const timer = setTimeout(load, 1000);
      return () => clearTimeout(timer);
    }
    const id = window.requestIdleCallback(load, { timeout: 5000 });
    return () => window.cancelIdleCallback(id);
  }, [i18n, i18n.language]);
}
