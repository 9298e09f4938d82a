import os from "node:os";
import { describe, expect, it } from "vitest";
import { loadEnv } from "./env";
import { webProcessCount } from "./web-processes";

describe("webProcessCount", () => {
  it("one per core up to 4 by default, the setting when given, none for the worker role, always one in development", () => {
    expect(webProcessCount(loadEnv({ NODE_ENV: "production" }))).toBe(Math.min(os.availableParallelism(), 4));
    expect(webProcessCount(loadEnv({ NODE_ENV: "production", WEB_PROCESSES: "3" }))).toBe(3);
    expect(webProcessCount(loadEnv({ NODE_ENV: "production", ROLE: "web", WEB_PROCESSES: "1" }))).toBe(1);
    expect(webProcessCount(loadEnv({ NODE_ENV: "production", ROLE: "worker", WEB_PROCESSES: "3" }))).toBe(0);
    expect(webProcessCount(loadEnv({ NODE_ENV: "development", WEB_PROCESSES: "3" }))).toBe(1);
    expect(() => loadEnv({ NODE_ENV: "production", WEB_PROCESSES: "0" })).toThrow();
  });
});
