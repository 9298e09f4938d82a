/** Matching (issue 32): what pages and other modules may import. Pure. */
export * from "./fit";
export * from "./candidate-side";
