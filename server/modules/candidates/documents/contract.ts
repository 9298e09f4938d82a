/** The documents' part of the candidates contract (pure): categories, accepted files, expiry rules, the forms. */
export * from "./rules";
export * from "./forms";
