/**
 * The missions module's contract (pure, shared with app/): ad and order rules, states and their
 * transitions, the form schemas, job boards, the job search's parameters. Imports nothing with
 * side effects (a unit test checks every contract's imports). Only `export *` lines (type-only
 * re-exports aside): see identity/contract.ts.
 */
export * from "./rules";
export * from "./ad-form-schema";
export * from "./order-rules";
export * from "./search-params";
export * from "./json-for-script";
export type { AdListFilters, AdRow, PublicAd } from "./queries";
export type { AdFit, AdHit, AdSearchResult } from "./search";
export type { AdDocument } from "./indexer";
