import { useLocation, useMatches } from "@remix-run/react";
import { useTranslation } from "react-i18next";

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
