/**
 * The missions module's contract (pure, shared with app/): ad and order rules, states and their
 * transitions, the form schemas, job boards, the job search's parameters. Imports nothing with
 * side effects (a unit test checks every contract's imports).
 */
export * from "./rules";
export * from "./order-rules";
export * from "./search-params";
export { jsonForScript } from "./job-posting";
export type { AdListFilters, AdRow, PublicAd } from "./queries";
export type { AdHit, AdSearchResult } from "./search";
