import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "~": path.resolve(import.meta.dirname, "app") } },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: ["{app,server,db,tests/unit}/**/*.test.{ts,tsx}"],
          exclude: ["**/*.int.test.ts", "node_modules/**"],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["{app,server,db,tests/integration}/**/*.int.test.ts"],
          globalSetup: ["tests/support/global-setup.ts"],
          testTimeout: 60_000,
          hookTimeout: 60_000,
          pool: "forks",
          // vitest's default is one worker on two cores; each file has its own database and
          // Meilisearch, so two run side by side (the embedded servers' work overlaps the tests')
          maxWorkers: 2,
        },
      },
    ],
  },
});
