/** The duplicates' contract (pure, shared with app/): its rule files, listed. */
export * from "./rules";
export type { DuplicatePair, DuplicatePairs, PairPerson } from "./queries";
export * from "./merge-rules";
