/**
 * The candidates module's contract (pure, shared with app/): its four parts' contracts in one
 * list, so app/ imports `#server/modules/candidates/contract` whichever part a rule belongs to.
 * Only `export *` lines (see identity/contract.ts); each part's contract names what it shares.
 */
export * from "./registration/contract";
export * from "./profile/contract";
export * from "./documents/contract";
export * from "./cv/contract";
