import type { Services } from "../../server/services";

declare module "@remix-run/server-runtime" {
  interface AppLoadContext {
    services: Services;
    requestId: string;
    cspNonce: string;
  }
}
