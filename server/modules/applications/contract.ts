/**
 * The applications module's contract (pure, shared with app/): statuses and their transitions as
 * data, limits, the forms' schemas and who may do what. The decider and the screens both read
 * the transition table, so a screen never offers a change the server refuses. The schemas (zod)
 * are a file of their own, which the bundler leaves out of pages that do not use them.
 */
export * from "./rules";
export * from "./forms";
