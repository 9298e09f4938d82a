import { AsyncLocalStorage } from "node:async_hooks";
import pino from "pino";

/** Request or job id carried through async calls so every log line can name it. */
export const logContext = new AsyncLocalStorage<{ requestId?: string; jobId?: string }>();

export function createLogger(level: string) {
  return pino({
    level,
    base: { service: "missio", pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin: () => logContext.getStore() ?? {},
  });
}

export type Logger = ReturnType<typeof createLogger>;
