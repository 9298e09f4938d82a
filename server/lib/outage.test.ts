import { describe, expect, it } from "vitest";
import { AppError } from "./errors";
import { isOutage } from "./outage";

const coded = (code: string, message = "x") => Object.assign(new Error(message), { code });

describe("isOutage", () => {
  it("knows the database's and the network's outages, also as a cause", () => {
    for (const code of ["ECONNREFUSED", "CONNECTION_ENDED", "CONNECT_TIMEOUT", "57P01", "08006", "53300"])
      expect(isOutage(coded(code)), code).toBe(true);
    expect(isOutage(coded("55000", 'database "m" is not currently accepting connections'))).toBe(true);
    expect(isOutage(new Error("wrapped", { cause: coded("ECONNRESET") }))).toBe(true);
    expect(isOutage(new AppError("unavailable", "search_unavailable"))).toBe(true);
  });

  it("leaves every other error an unexpected one", () => {
    for (const error of [
      new Error("bug"),
      coded("23505"),
      coded("55000", "cannot do that now"),
      new AppError("invalid", "x"),
      null,
      "ECONNREFUSED",
    ])
      expect(isOutage(error)).toBe(false);
  });
});
