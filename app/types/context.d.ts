import type { Services } from "#server/services";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    services: Services;
    requestId: string;
    cspNonce: string;
    /** the client's address (rate limits, the local-only mail viewer) */
    clientIp: string;
  }
}
