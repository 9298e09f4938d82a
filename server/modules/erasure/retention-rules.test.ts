import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { erasureDecider } from "./decider";
import { activityLimit, RETENTION_RULES, RETENTION_WARNING_DAYS, ruleById } from "./retention-rules";

const ctx = { clock: fixedClock("2028-01-01T09:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };

describe("retention rules (issue 30, ADR 0048)", () => {
  it("are written once, each with its legal source, and never keep longer than the law's delay", () => {
    expect(RETENTION_RULES.map((r) => r.id)).toEqual([
      "inactive-candidate",
      "candidate-abroad",
      "refused-applications",
      "expired-credentials",
    ]);
    for (const r of RETENTION_RULES) expect(r.source).toMatch(/GDPR|nLPD|CNIL|specification/);
    // two calendar years are at least 730 days, six months at least 181
    expect(ruleById("inactive-candidate")!.delayDays).toBeLessThanOrEqual(730);
    expect(ruleById("candidate-abroad")!.delayDays).toBeLessThanOrEqual(181);
    // refusals are anonymised, not their candidates erased
    expect(ruleById("refused-applications")).toMatchObject({ delayDays: 730, erases: false });
    expect(ruleById("expired-credentials")!.erases).toBe(false);
  });

  it("warn 30 days before the delay ends: the activity limit moves by the warning days", () => {
    const rule = ruleById("inactive-candidate")!;
    const now = new Date("2028-01-01T09:00:00Z");
    expect(activityLimit(rule, now).toISOString()).toBe("2026-01-01T09:00:00.000Z");
    expect(activityLimit(rule, now, RETENTION_WARNING_DAYS).toISOString()).toBe("2026-01-31T09:00:00.000Z");
  });

  it("a retention request falls due after the warning period and carries its rule and cancel link's hash", () => {
    const events = given(erasureDecider, [])
      .when(
        {
          type: "Request",
          userId: "u1",
          requestedBy: "retention",
          dueInDays: RETENTION_WARNING_DAYS,
          rule: "inactive-candidate",
          cancelTokenHash: "h",
        },
        ctx,
      )
      .then();
    expect(events).toEqual([
      {
        type: "ErasureRequested",
        data: {
          userId: "u1",
          requestedBy: "retention",
          requestedAt: "2028-01-01T09:00:00.000Z",
          dueAt: "2028-01-31T09:00:00.000Z",
          rule: "inactive-candidate",
          cancelTokenHash: "h",
        },
      },
    ]);
  });
});
