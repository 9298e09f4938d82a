/**
 * The geometry of the job search, done in the app so that Meilisearch keeps no geo index (see
 * ADR "job search without Meilisearch's geo index"). An ad stands at its locality's point, so a
 * radius is the set of points that have online ads within it, and a distance sort orders those
 * points. Both must decide as Meilisearch's `_geoRadius` and `_geoPoint` sort did:
 *
 * - distance: milli's `distance_between_two_points`, the `geoutils` crate's haversine on a sphere
 *   of 6,371 km, in metres rounded to the millimetre;
 * - radius: a point is in when that distance is <= radius + f64::EPSILON (the edge is in);
 * - sort: geo sort hands out buckets of documents whose distances lie within 1 m of the
 *   bucket's first (nearest) one; the next sort rule (date) orders each bucket.
 *
 * V8's Math.cos/asin may differ from Rust's libm in the last bit, which can flip the millimetre
 * rounding for a point within about a nanometre of radius + 0.5 mm: no real locality sits there.
 */

export interface Point {
  lat: number;
  lng: number;
}

const RADIANS = Math.PI / 180;
const EARTH_RADIUS_M = 6371e3;
/** geo sort's `distance_error_margin`: distances closer than this are one bucket */
const BUCKET_MARGIN_M = 1;

const haversine = (theta: number) => (1 - Math.cos(theta)) / 2;

/** Meilisearch's distance in metres (geoutils' formula, operation for operation). */
export function engineDistanceM(a: Point, b: Point): number {
  const phi1 = a.lat * RADIANS;
  const phi2 = b.lat * RADIANS;
  const total = haversine(phi2 - phi1) + Math.cos(phi1) * Math.cos(phi2) * haversine(b.lng * RADIANS - a.lng * RADIANS);
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.sqrt(total)) * 1000) / 1000;
}

/** `_geoRadius(center, radiusM)` keeps this point. */
export function inRadius(center: Point, point: Point, radiusM: number): boolean {
  return engineDistanceM(center, point) <= radiusM + Number.EPSILON;
}

/** The distance a result card shows: great-circle km, one decimal. */
export function displayDistanceKm(a: Point, b: Point): number {
  const h =
    Math.sin(((b.lat - a.lat) * RADIANS) / 2) ** 2 +
    Math.cos(a.lat * RADIANS) * Math.cos(b.lat * RADIANS) * Math.sin(((b.lng - a.lng) * RADIANS) / 2) ** 2;
  return Math.round(2 * 6371 * Math.asin(Math.sqrt(h)) * 10) / 10;
}

/** How an ad's point is written in the index (`placePoint`) and in the filter that matches it. */
export const pointKey = (p: Point) => `${p.lat},${p.lng}`;

/**
 * Points in the order a `_geoPoint(center):asc` sort reaches them, grouped as its buckets: each
 * group starts at the nearest point not yet taken and holds every point less than 1 m further.
 * Within a group, documents are in date order (the sort's next rule).
 */
export function distanceGroups<P extends Point>(center: Point, points: readonly P[]): P[][] {
  const measured = points.map((p) => ({ p, d: engineDistanceM(center, p) })).sort((x, y) => x.d - y.d);
  const groups: P[][] = [];
  let start = Number.NEGATIVE_INFINITY;
  for (const { p, d } of measured) {
    if (d - start > BUCKET_MARGIN_M || !groups.length) {
      groups.push([]);
      start = d;
    }
    groups.at(-1)!.push(p);
  }
  return groups;
}
