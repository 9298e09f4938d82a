/**
 * The platform's own contract, shared with app/ like each module's: refusals by kind and the
 * id format. Pure. Together with `#server/modules/<m>/contract` it is all app/ imports from
 * server/ at run time (the lint enforces it).
 */
export * from "./errors";
export * from "./days";
export * from "./numbers";
export { ConcurrencyError } from "../event-store/types";

export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === "string" && UUID_PATTERN.test(value);
