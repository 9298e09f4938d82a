// negotiator 0.6.4's encoding negotiation with the server's preference (DefinitelyTyped lacks `preferred`)
declare module "negotiator" {
  import type { IncomingMessage } from "node:http";
  export default class Negotiator {
    constructor(request: IncomingMessage);
    /** the best of `available` for the request's Accept-Encoding; among equals, `preferred`'s order */
    encoding(available: readonly string[], preferred?: readonly string[]): string | undefined;
  }
}
