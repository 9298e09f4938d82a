import type { UNSAFE_AssetsManifest, UNSAFE_EntryRoute, UNSAFE_FutureConfig } from "@remix-run/react";
import { describe, expect, it } from "vitest";
import { pageScripts } from "./scripts.server";

const route = (id: string, more: Partial<UNSAFE_EntryRoute>): UNSAFE_EntryRoute => ({
  id,
  module: `/build/${id}.js`,
  hasAction: false,
  hasLoader: true,
  hasClientAction: false,
  hasClientLoader: false,
  hasErrorBoundary: false,
  ...more,
});
const manifest: UNSAFE_AssetsManifest = {
  entry: { module: "/build/entry.js", imports: ["/build/react.js", "/build/remix.js"] },
  routes: {
    root: route("root", { path: "", imports: ["/build/react.js", "/build/root-chunk.js"] }),
    index: route("index", { parentId: "root", index: true }),
    app: route("app", { parentId: "root" }),
    list: route("list", { parentId: "app", path: "candidatures" }),
    listIndex: route("listIndex", { parentId: "list", index: true }),
    detail: route("detail", { parentId: "list", path: ":id", imports: ["/build/detail-chunk.js"] }),
    other: route("other", { parentId: "app", path: "planification" }),
  },
  url: "/build/manifest.js",
  version: "1",
};
const future = { v3_lazyRouteDiscovery: true } as UNSAFE_FutureConfig;
const scripts = (serverHandoffString = "{}") =>
  pageScripts({
    manifest,
    serverHandoffString,
    future,
    routeIds: ["root", "app", "list", "detail"],
    pathname: "/candidatures/12",
    crossOrigin: undefined,
  });

/** The module script's parts: the partial manifest and the arguments of its code. */
function parts(modules: string) {
  const [manifestLine, call] = modules.split("\n") as [string, string];
  const args = JSON.parse(`[${call.slice(call.indexOf("})(") + 3, -2)}]`) as unknown[];
  return {
    manifest: JSON.parse(manifestLine.slice("window.__remixManifest = ".length, -1)) as UNSAFE_AssetsManifest,
    args,
  };
}

describe("the page's scripts (Remix's <Scripts>, modules after the first paint)", () => {
  it("hand the loaders' data over as a JSON text", () => {
    const window = {} as { __remixContext?: unknown };
    new Function("window", scripts('{"state":{"loaderData":{"root":{"a":"\\u003c/script>"}}}}').context)(window);
    expect(window.__remixContext).toEqual({ state: { loaderData: { root: { a: "</script>" } } } });
  });

  it("send the page's routes and those of its parent paths (their index and pathless routes) in the manifest", () => {
    expect(Object.keys(parts(scripts().modules).manifest.routes).sort()).toEqual([
      "app",
      "detail",
      "index",
      "list",
      "listIndex",
      "root",
    ]);
  });

  it("preload the entry, its chunks and the matched routes' modules once each, in Remix's order, and import the route modules by id", () => {
    const [preload, shared, first, routes, entry] = parts(scripts().modules).args;
    expect(preload).toEqual([
      "/build/entry.js",
      "/build/react.js",
      "/build/remix.js",
      "/build/root-chunk.js",
      "/build/root.js",
      "/build/app.js",
      "/build/list.js",
      "/build/detail-chunk.js",
      "/build/detail.js",
    ]);
    expect(shared).toEqual(manifest.entry.imports);
    expect(first).toEqual([]);
    expect(routes).toEqual([
      ["root", "/build/root.js"],
      ["app", "/build/app.js"],
      ["list", "/build/list.js"],
      ["detail", "/build/detail.js"],
    ]);
    expect(entry).toBe("/build/entry.js");
  });

  it("are valid code on one line each, with no text that could close the script element", () => {
    const { modules } = scripts();
    expect(modules.split("\n")).toHaveLength(2);
    expect(() => new Function(modules)).not.toThrow();
    const odd = pageScripts({
      manifest: { ...manifest, version: "</script>" },
      serverHandoffString: "{}",
      future,
      routeIds: ["root"],
      pathname: "/",
      crossOrigin: undefined,
    });
    expect(odd.modules).not.toContain("</");
  });
});
