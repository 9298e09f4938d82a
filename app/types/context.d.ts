import type { AppServices } from "#server/services";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    services: AppServices;
    requestId: string;
    cspNonce: string;
    /** the client's address (rate limits, the local-only mail viewer) */
    clientIp: string;
  }
}
