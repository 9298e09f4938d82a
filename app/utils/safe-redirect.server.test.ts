import { describe, expect, it } from "vitest";
import { safeRedirect } from "./safe-redirect.server";

describe("safeRedirect", () => {
  it("keeps local paths with their query and hash", () => {
    expect(safeRedirect("/mes-favoris?x=1#top")).toBe("/mes-favoris?x=1#top");
    expect(safeRedirect("/annonce/12/S01")).toBe("/annonce/12/S01");
  });

  it.each([
    "/\t/evil.test", // what `redirectTo=/%09/evil.test` decodes to: the browser drops the tab
    "/\t\\evil.test",
    "/\n/evil.test",
    "/\\evil.test",
    "//evil.test",
    "/.//evil.test",
    "/%2e//evil.test",
    "https://evil.test/",
    "javascript:alert(1)",
    "evil.test",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to, "/home")).toBe("/home");
  });

  it("never returns a value a Location header cannot carry", () => {
    expect(safeRedirect("/a\r\nSet-Cookie: x=1")).toBe("/aSet-Cookie:%20x=1");
    expect(safeRedirect("/offres/zürich-日本")).toBe("/offres/z%C3%BCrich-%E6%97%A5%E6%9C%AC");
    for (const to of ["/a\r\nb", "/ü", "/日本?q=€"])
      expect(() => new Headers({ Location: safeRedirect(to) })).not.toThrow();
  });

  it("falls back on anything but a string path", () => {
    expect(safeRedirect(null, "/x")).toBe("/x");
    expect(safeRedirect(undefined)).toBe("/");
  });
});
