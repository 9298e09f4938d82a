import { flatRoutes } from "remix-flat-routes";

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/*"],
  serverModuleFormat: "esm",
  serverBuildPath: "build/server/index.js",
  assetsBuildDirectory: "public/build",
  publicPath: "/build/",
  tailwind: true,
  postcss: true,
  serverDependenciesToBundle: [/^remix-i18next/, /^remix-auth/, /^@conform-to/],
  routes: async (defineRoutes) => flatRoutes("routes", defineRoutes, { ignoredRouteFiles: ["**/.*", "**/*.test.*"] }),
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
};
