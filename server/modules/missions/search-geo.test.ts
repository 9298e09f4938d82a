import { describe, expect, it } from "vitest";
import { displayDistanceKm, distanceGroups, engineDistanceM, inRadius, pointKey, type Point } from "./search-geo";

const geneva: Point = { lat: 46.20222, lng: 6.14569 };

/** The point due north of `from` whose engine distance is the last one <= metres (bisection). */
function northAt(from: Point, metres: number): Point {
  let lo = 0;
  let hi = 2;
  for (let i = 0; i < 200; i++) {
    const mid = (lo + hi) / 2;
    if (engineDistanceM(from, { lat: from.lat + mid, lng: from.lng }) <= metres) lo = mid;
    else hi = mid;
  }
  return { lat: from.lat + lo, lng: from.lng };
}

describe("the engine's distance", () => {
  it("is the haversine on a 6,371 km sphere, in metres rounded to the millimetre", () => {
    const lausanne = { lat: 46.5197, lng: 6.6323 };
    const d = engineDistanceM(geneva, lausanne);
    expect(d).toBe(51_386.52);
    expect(Math.round(d * 1000) / 1000).toBe(d);
    // one degree of latitude on that sphere
    expect(engineDistanceM({ lat: 0, lng: 0 }, { lat: 1, lng: 0 })).toBe(111_194.927);
    expect(engineDistanceM(geneva, geneva)).toBe(0);
  });

  it("keeps the edge of a radius in, and what lies a millimetre beyond out", () => {
    // the farthest point that rounds to 20,000 m (nearly half a millimetre beyond): in
    const edge = northAt(geneva, 20_000);
    expect(engineDistanceM(geneva, edge)).toBe(20_000);
    expect(inRadius(geneva, edge, 20_000)).toBe(true);
    const beyond = northAt(geneva, 20_000.001);
    expect(engineDistanceM(geneva, beyond)).toBe(20_000.001);
    expect(inRadius(geneva, beyond, 20_000)).toBe(false);
  });

  it("shows kilometres with one decimal", () => {
    expect(displayDistanceKm(geneva, { lat: 46.5197, lng: 6.6323 })).toBe(51.4);
  });
});

describe("distance groups", () => {
  it("orders points by distance and groups those within a metre of each group's nearest", () => {
    const at = (m: number) => northAt(geneva, m);
    const [a, b, c, d, e, f] = [at(1000), at(1000.5), at(1000.9), at(1001.4), at(1002.3), at(5000)];
    // a geo sort bucket runs from its nearest point to a metre further, not from point to point
    expect(distanceGroups(geneva, [f, e, d, c, b, a])).toEqual([[a, b, c], [d, e], [f]]);
    // points at the very same place are one group, whatever their number
    expect(distanceGroups(geneva, [f, { ...f }])).toEqual([[f, f]]);
    expect(distanceGroups(geneva, [])).toEqual([]);
  });

  it("writes a point as the index does", () => {
    expect(pointKey({ lat: 46.2044, lng: 6.1432 })).toBe("46.2044,6.1432");
  });
});
