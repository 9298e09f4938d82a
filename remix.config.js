import { flatRoutes } from "remix-flat-routes";

// Development builds go elsewhere, so `npm start` never serves one by mistake.
const dev = process.env.NODE_ENV === "development";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  serverBuildPath: dev ? "build/dev/index.js" : "build/server/index.js",
  assetsBuildDirectory: dev ? "public/build-dev" : "public/build",
  publicPath: "/build/",
  tailwind: true,
  postcss: true,
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-auth/, /^@conform-to/],
  // a route splits into route.tsx and a sibling route.server.ts (loader, action), which is no route
  routes: async (defineRoutes) =>
    flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*", "**/*.server.*"] }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
