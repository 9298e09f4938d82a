import {
  matchRoutes,
  type UNSAFE_AssetsManifest,
  type UNSAFE_EntryRoute,
  type UNSAFE_FutureConfig,
} from "@remix-run/react";

/**
 * The contents of a page's two scripts (see Scripts): what Remix's client entry reads, filled as
 * Remix's `<Scripts>` does, and the page's modules loaded after the first paint.
 * - `window.__remixContext`, the loaders' data, as a JSON text given to JSON.parse: the search
 *   page's 20 KB as an object literal took Chromium 18 ms to compile on a slow machine. The string
 *   is HTML-escaped already (Remix's escapeHtml).
 * - `window.__remixManifest` (lazy route discovery): the routes this page may need first.
 * - `window.__remixRouteModules`, then the client entry, imported by LOAD_AFTER_FIRST_PAINT.
 * The app uses no single fetch and no `defer` (entry.server renders whole pages), so their scripts
 * are not made. A Remix upgrade that changes these globals breaks every hydrating e2e test.
 */
export function pageScripts({
  manifest,
  serverHandoffString,
  future,
  routeIds,
  pathname,
  crossOrigin,
}: {
  manifest: UNSAFE_AssetsManifest;
  serverHandoffString: string;
  future: UNSAFE_FutureConfig;
  routeIds: string[];
  pathname: string;
  crossOrigin: string | undefined;
}) {
  const lazyDiscovery = future.v3_lazyRouteDiscovery;
  const routes = routeIds.flatMap((id) => manifest.routes[id] ?? []);
  const preload = [
    ...new Set([
      ...(lazyDiscovery ? [] : [manifest.url]),
      manifest.entry.module,
      ...manifest.entry.imports,
      ...routes.flatMap((route) => [...(route.imports ?? []), route.module]),
    ]),
  ];
  const first = [...(manifest.hmr ? [manifest.hmr.runtime] : []), ...(lazyDiscovery ? [] : [manifest.url])];
  const args = [
    preload,
    manifest.entry.imports,
    first,
    routes.map((route) => [route.id, route.module]),
    manifest.entry.module,
    crossOrigin ?? null,
  ];
  return {
    context: `window.__remixContext = JSON.parse(${JSON.stringify(serverHandoffString)});`,
    modules:
      (lazyDiscovery ? `window.__remixManifest = ${json(partialManifest(manifest, routes, pathname))};\n` : "") +
      `(${LOAD_AFTER_FIRST_PAINT})(${args.map(json).join(", ")});`,
  };
}

/** JSON for an inline script: `<` escaped, so no text can close the script element. */
const json = (value: unknown) => JSON.stringify(value).replace(/</g, "\\u003c");

/**
 * The module script's code. It waits two animation frames (the first is the first paint: no frame
 * runs while a stylesheet blocks rendering), then makes the modulepreload links, two per task (a
 * request start cost Chromium 0.3-4 ms of main thread on a slow machine; a page's 27-35 links in
 * one task made a long task), evaluates the entry's shared chunks (React, React DOM, Remix) one
 * per task (all at once: a task of about 58 ms), then the route modules, then the client entry, as
 * Remix's static imports did. A 2 s timer starts it too, for a tab hidden before it painted (hidden
 * tabs run no frames). Its arguments: the modules to preload (Remix's links, in their order), the
 * entry's shared chunks, what Remix imported first (the development build's HMR runtime, the
 * manifest without lazy discovery), the matched routes' ids and modules, the client entry, and
 * the links' crossOrigin.
 */
const LOAD_AFTER_FIRST_PAINT = `(preload, shared, first, routes, entry, crossOrigin) => {
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const link = (from) => {
      for (const href of preload.slice(from, from + 2)) {
        const element = document.createElement("link");
        element.rel = "modulepreload";
        element.href = href;
        if (crossOrigin) element.crossOrigin = crossOrigin;
        document.head.appendChild(element);
      }
      if (from + 2 < preload.length) setTimeout(() => link(from + 2));
      else load();
    };
    const load = async () => {
      for (const url of shared) {
        await import(url);
        await new Promise((resolve) => setTimeout(resolve));
      }
      await Promise.all(first.map((url) => import(url)));
      const modules = await Promise.all(routes.map(([, url]) => import(url)));
      window.__remixRouteModules = Object.fromEntries(routes.map(([id], i) => [id, modules[i]]));
      await import(entry);
    };
    link(0);
  };
  requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start)));
  setTimeout(start, 2000);
}`.replace(/\n\s*/g, ""); // one line on the page: each line above ends a statement or opens or closes a block

/**
 * The manifest's routes a page needs before lazy route discovery asks for more (Remix's
 * getPartialManifest): the page's matches and those of each of its parent paths, which bring
 * their pathless and index routes.
 */
function partialManifest(
  manifest: UNSAFE_AssetsManifest,
  matched: UNSAFE_EntryRoute[],
  pathname: string,
): UNSAFE_AssetsManifest {
  const ids = new Set(matched.map((route) => route.id));
  const segments = pathname.split("/").filter(Boolean);
  for (let n = Math.max(segments.length - 1, 0); n >= 0; n--) {
    for (const match of matchRoutes(routeTree(manifest.routes), `/${segments.slice(0, n).join("/")}`) ?? [])
      ids.add(match.route.id);
  }
  return {
    ...manifest,
    routes: Object.fromEntries([...ids].flatMap((id) => manifest.routes[id] ?? []).map((route) => [route.id, route])),
  };
}

type RouteNode = Parameters<typeof matchRoutes>[0][number] & { id: string };

const trees = new WeakMap<UNSAFE_AssetsManifest["routes"], RouteNode[]>();

/** The manifest's routes as a tree for matchRoutes, made once per build. */
function routeTree(routes: UNSAFE_AssetsManifest["routes"]): RouteNode[] {
  let tree = trees.get(routes);
  if (!tree) {
    const childrenOf = (parentId: string | undefined): RouteNode[] =>
      Object.values(routes)
        .filter((route) => route.parentId === parentId)
        .map(({ id, path, index, caseSensitive }) =>
          index ? { id, path, index: true, caseSensitive } : { id, path, caseSensitive, children: childrenOf(id) },
        );
    tree = childrenOf(undefined);
    trees.set(routes, tree);
  }
  return tree;
}
