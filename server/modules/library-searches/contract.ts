/** Saved CV library searches (issue 28): limits and forms, shared with app/. Only `export *` lines. */
export * from "./rules";
