import { describe, expect, it } from "vitest";
import { additionFilters, tagAttribute } from "./agency-additions";

describe("an agency's additions in its library search", () => {
  it("filter on the actor's agency only: its archive left out by default, only it with the filter, any of its tags", () => {
    expect(additionFilters("a1", { tag: [], archived: false })).toEqual(['archivedBy != "a1"']);
    expect(additionFilters("a1", { tag: ["urgent", 'dit "oui"'], archived: true })).toEqual([
      'archivedBy = "a1"',
      'agencyTags.a1 IN ["urgent", "dit \\"oui\\""]',
    ]);
    expect(tagAttribute("a2")).toBe("agencyTags.a2");
  });
});
