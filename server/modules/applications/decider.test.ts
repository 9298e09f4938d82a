import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { STATUS, STATUS_TRANSITIONS, isFinal, mayChangeStatus } from "./contract";
import { applicationDecider, applicationIdFor } from "./decider";
import type { ApplicationEvent } from "./events";

const ctx = { clock: fixedClock("2026-11-24T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const ad = {
  id: 7,
  agencyId: "agency-a",
  online: true,
  questions: 1,
  title: "Cuisinier",
  agencyName: "Alpha",
  branchId: null,
  clientId: null,
  consultantId: "c1",
};
const submit = {
  type: "Submit" as const,
  applicationId: "app-1",
  userId: "u1",
  candidateEnabled: true,
  ad,
  source: "S01",
  answers: [true],
  cv: null,
  message: "",
  channel: "signed_in" as const,
};
const submitted = (answers = [true]): ApplicationEvent[] =>
  applicationDecider.decide({ ...submit, answers }, applicationDecider.initialState, ctx);
const changed = (
  from: 1 | 2 | 3 | 6,
  to: 1 | 2 | 3 | 6,
  at = "2026-11-24T10:00:00Z",
  batchId: string | null = null,
): ApplicationEvent => ({
  type: "ApplicationStatusChanged",
  data: {
    applicationId: "app-1",
    userId: "u1",
    adTitle: "Cuisinier",
    from,
    to,
    by: "consultant",
    reason: null,
    batchId,
    at,
  },
});

describe("application statuses as data", () => {
  it("rejected and on mission are final; on mission is never chosen by hand", () => {
    expect(isFinal(STATUS.rejected) && isFinal(STATUS.mission)).toBe(true);
    expect(Object.values(STATUS_TRANSITIONS).flat()).not.toContain(STATUS.mission);
    expect(mayChangeStatus(STATUS.pending, STATUS.retained)).toBe(true);
    expect(mayChangeStatus(STATUS.rejected, STATUS.pending)).toBe(false);
  });

  it("derives one id per ad and candidate", async () => {
    expect(await applicationIdFor(7, "u1")).toBe(await applicationIdFor(7, "u1"));
    expect(await applicationIdFor(7, "u1")).not.toBe(await applicationIdFor(8, "u1"));
    expect(await applicationIdFor(7, "u1")).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
  });
});

describe("application decider", () => {
  it("plans the negative reply 48 hours after a NO", () => {
    const [e] = submitted([false]);
    expect(e).toMatchObject({ type: "ApplicationSubmitted", data: { autoReplyDueAt: "2026-11-26T10:00:00.000Z" } });
    expect(submitted([true])[0]).toMatchObject({ data: { autoReplyDueAt: null } });
  });

  it("refuses a second application, a disabled account and an ad that is not online", () => {
    expect(given(applicationDecider, submitted()).when(submit, ctx).thenError()).toBe("candidature_exist");
    expect(
      given(applicationDecider, [])
        .when({ ...submit, candidateEnabled: false }, ctx)
        .thenError(),
    ).toBe("account_disabled_cannot_apply");
    expect(
      given(applicationDecider, [])
        .when({ ...submit, ad: { ...ad, online: false } }, ctx)
        .thenError(),
    ).toBe("announcement_not_found");
  });

  it("keeps another agency out as not found and refuses changes to a final status", () => {
    expect(
      given(applicationDecider, submitted())
        .when({ type: "ChangeStatus", by: { agencyId: "agency-b" }, to: 2, reason: null }, ctx)
        .thenError(),
    ).toBe("application_not_found");
    expect(
      given(applicationDecider, [...submitted(), changed(3, 1)])
        .when({ type: "ChangeStatus", by: { agencyId: "agency-a" }, to: 2, reason: null }, ctx)
        .thenError(),
    ).toBe("failed_operation_update_status");
    expect(
      given(applicationDecider, submitted())
        .when({ type: "ChangeStatus", by: { agencyId: null }, to: 3, reason: null }, ctx)
        .then(),
    ).toEqual([]);
  });

  it("anonymises a refusal once, for the retention job; nothing else (ADR 0048)", () => {
    const anonymised = {
      type: "ApplicationAnonymised",
      data: { applicationId: "app-1", userId: "u1", rule: "refused-applications" },
    };
    const refused = [...submitted(), changed(3, 1)];
    expect(given(applicationDecider, refused).when({ type: "Anonymise" }, ctx).then()).toEqual([anonymised]);
    expect(
      given(applicationDecider, [...refused, anonymised as ApplicationEvent])
        .when({ type: "Anonymise" }, ctx)
        .then(),
    ).toEqual([]);
    expect(given(applicationDecider, submitted()).when({ type: "Anonymise" }, ctx).thenError()).toBe(
      "failed_operation_update_status",
    );
    expect(given(applicationDecider, []).when({ type: "Anonymise" }, ctx).thenError()).toBe("application_not_found");
  });

  it("does not send the automatic reply once a consultant acted", () => {
    const later = { ...ctx, clock: fixedClock("2026-11-27T10:00:00Z") };
    const interest: ApplicationEvent = {
      type: "ApplicationInterestChanged",
      data: { applicationId: "app-1", candidateId: "u1", interest: "maybe" },
    };
    expect(
      given(applicationDecider, [...submitted([false]), interest])
        .when({ type: "AutoReply" }, later)
        .then(),
    ).toEqual([]);
    expect(
      given(applicationDecider, submitted([false]))
        .when({ type: "AutoReply" }, ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(applicationDecider, submitted([false]))
        .when({ type: "AutoReply" }, later)
        .then()
        .map((e) => e.type),
    ).toEqual(["ApplicationStatusChanged", "ApplicationRefusalNotified"]);
  });

  it("undoes only its own batch's change, within ten seconds", () => {
    const past = [...submitted(), changed(3, 1, "2026-11-24T09:59:55Z", "b1")];
    expect(
      given(applicationDecider, past)
        .when({ type: "UndoBatch", by: { agencyId: "agency-a" }, batchId: "b1" }, ctx)
        .then(),
    ).toMatchObject([{ data: { from: 1, to: 3 } }]);
    expect(
      given(applicationDecider, past)
        .when({ type: "UndoBatch", by: { agencyId: "agency-a" }, batchId: "b2" }, ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(applicationDecider, past)
        .when(
          { type: "UndoBatch", by: { agencyId: "agency-a" }, batchId: "b1" },
          { ...ctx, clock: fixedClock("2026-11-24T10:00:06Z") },
        )
        .thenError(),
    ).toBe("undo_expired");
  });
});
