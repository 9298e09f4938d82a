/** The CV library's pure surface (issue 28): the query syntax and the search form. Only `export *` lines. */
export * from "./boolean-query";
export * from "./search-params";
export * from "./document-shape";
export * from "./live";
