import type { PgTable } from "drizzle-orm/pg-core";
import type postgres from "postgres";

/**
 * Read-model rows typed from db/schema, the one place that says what a table holds.
 *
 * Queries stay hand-written SQL (postgres.js) but select with camelCase aliases
 * (`select agency_id as "agencyId" …`) and type their result from the table:
 *   sql<Cols<typeof rmAds, "id" | "agencyId">[]>`select id, agency_id as "agencyId" from rm_ads …`
 * Columns computed by the query (a join's name, a count) are added with `&` and typed there.
 */

/** A row of a table as drizzle infers it: camelCase keys, nullability from the schema. */
export type Row<T extends PgTable> = T["$inferSelect"];

/**
 * Some columns of a row. `Narrow` states what the schema cannot: the shape of a jsonb column or the
 * enum a text column holds (only for the columns picked).
 */
export type Cols<T extends PgTable, K extends keyof Row<T>, Narrow extends { [P in K]?: unknown } = object> = Omit<
  Pick<Row<T>, K>,
  keyof Narrow
> &
  Narrow;

/**
 * postgres.js hands int8 values (bigint columns, count(*)) over as strings: the columns K of a row
 * as they arrive, before `Number()`.
 */
export type Int8AsString<R, K extends keyof R> = Omit<R, K> & { [P in K]: null extends R[P] ? string | null : string };

/**
 * A row keyed by the table's SQL column names (snake_case), for the few results that still cross
 * a module boundary in that shape (app/ reads them as they are); new queries use `Row`/`Cols`.
 */
export type SqlRow<T extends PgTable> = {
  [K in keyof T["_"]["columns"] as T["_"]["columns"][K]["_"]["name"]]: K extends keyof Row<T> ? Row<T>[K] : never;
};

/**
 * A value for a json or jsonb parameter (`${jsonb(tx, d.fields)}`). postgres.js types `json()`
 * with its JSONValue, which interfaces (no index signature) and optional fields do not meet though
 * they serialise alike: the one cast is here.
 */
export function jsonb(
  sql: { json(value: postgres.JSONValue): postgres.Parameter },
  value: unknown,
): postgres.Parameter {
  return sql.json(value as postgres.JSONValue);
}
