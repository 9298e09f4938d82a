import { describe, expect, it } from "vitest";
import { fold, given, type DecideContext } from "../../../event-store/decider";
import { fixedClock } from "../../../lib/clock";
import { cvDecider } from "./decider";

const ctx: DecideContext = {
  clock: fixedClock("2026-03-02T09:00:00Z"),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
};
const U = "22222222-2222-4222-8222-222222222222";
const D = "33333333-3333-4333-8333-333333333333";
const progress = (page: number, pages: number) =>
  ({ type: "CvParsingProgressed", data: { userId: U, documentId: D, page, pages } }) as const;
const failed = { type: "CvParsingFailed", data: { userId: U, documentId: D, reason: "timeout" } } as const;

describe("cv decider: a scan's reading progress (issue 27)", () => {
  it("records each page while the CV is being read, and marks it handed to the OCR", () => {
    expect(
      given(cvDecider, []).when({ type: "RecordProgress", userId: U, documentId: D, page: 0, pages: 0 }, ctx).then(),
    ).toEqual([progress(0, 0)]);
    expect(
      given(cvDecider, [progress(0, 0)])
        .when({ type: "RecordProgress", userId: U, documentId: D, page: 1, pages: 2 }, ctx)
        .then(),
    ).toEqual([progress(1, 2)]);
    expect(fold(cvDecider, [progress(0, 0)]).reading).toBe(true);
  });

  it("records no progress after the outcome, and the outcome once", () => {
    expect(
      given(cvDecider, [progress(1, 1), failed])
        .when({ type: "RecordProgress", userId: U, documentId: D, page: 1, pages: 1 }, ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(cvDecider, [progress(1, 1)])
        .when({ type: "RecordParse", userId: U, documentId: D, result: { ok: false, reason: "image_too_large" } }, ctx)
        .then(),
    ).toEqual([{ type: "CvParsingFailed", data: { userId: U, documentId: D, reason: "image_too_large" } }]);
    expect(
      given(cvDecider, [progress(1, 1), failed])
        .when({ type: "RecordParse", userId: U, documentId: D, result: { ok: false, reason: "timeout" } }, ctx)
        .then(),
    ).toEqual([]);
  });
});
