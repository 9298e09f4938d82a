import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { activityDecider, feedDecider } from "./decider";
import type { ActivityEvent } from "./events";
import { logActivitySchema } from "./forms";
import { endOfToday, parseLocalTime, periodBounds } from "./rules";

const ctx = { clock: fixedClock("2026-11-27T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } };
const d = activityDecider("act-1");
const ids = { activityId: "act-1", agencyId: "ag-1" };
const noLinks = { candidateId: null, companyId: null, adId: null, orderId: null };
const DUE = "2026-11-27T14:00:00.000Z";
const logged = (over: Partial<Extract<ActivityEvent, { type: "ActivityLogged" }>["data"]> = {}): ActivityEvent => ({
  type: "ActivityLogged",
  data: {
    ...ids,
    ...noLinks,
    companyId: "co-1",
    kind: "task",
    authorId: "u-1",
    assigneeId: "u-2",
    dueAt: DUE,
    subject: "Rappeler",
    notes: "",
    ...over,
  },
});
const log = {
  type: "Log" as const,
  agencyId: "ag-1",
  kind: "call" as const,
  subject: "Appel de suivi",
  notes: "A rappeler lundi",
  authorId: "u-1",
  assigneeId: null,
  dueAt: null,
};

describe("activities: logging", () => {
  it("seals the subject and notes with the candidate's key when a candidate is linked, else keeps them in data", () => {
    const [withCandidate] = given(d, [])
      .when({ ...log, links: { ...noLinks, candidateId: "cand-1" } }, ctx)
      .then();
    expect(withCandidate).toMatchObject({
      type: "ActivityLogged",
      personal: { subjectId: "cand-1", data: { subject: "Appel de suivi", notes: "A rappeler lundi" } },
    });
    expect(withCandidate!.data).not.toHaveProperty("subject");
    const [withCompany] = given(d, [])
      .when({ ...log, links: { ...noLinks, companyId: "co-1" } }, ctx)
      .then();
    expect(withCompany).toEqual({
      type: "ActivityLogged",
      data: {
        ...ids,
        ...noLinks,
        companyId: "co-1",
        kind: "call",
        authorId: "u-1",
        assigneeId: null,
        dueAt: null,
        subject: "Appel de suivi",
        notes: "A rappeler lundi",
      },
    });
    // never a `userId` nor `clientId`: the candidate's and the company's rooms must not hear of it
    expect(Object.keys(withCandidate!.data)).not.toContain("userId");
    expect(Object.keys(withCompany!.data)).not.toContain("clientId");
  });

  it("refuses logging the same activity twice", () => {
    expect(
      given(d, [logged()])
        .when({ ...log, links: noLinks }, ctx)
        .thenError(),
    ).toBe("errors.activityExists");
  });
});

describe("activities: done and not done", () => {
  it("marks done, then not done; refuses each twice and on an activity that does not exist", () => {
    expect(given(d, [logged()]).when({ type: "Complete", by: "u-2" }, ctx).then()).toEqual([
      { type: "ActivityCompleted", data: { ...ids, by: "u-2" } },
    ]);
    const done: ActivityEvent = { type: "ActivityCompleted", data: { ...ids, by: "u-2" } };
    expect(given(d, [logged(), done]).when({ type: "Complete", by: "u-2" }, ctx).thenError()).toBe(
      "errors.alreadyDone",
    );
    expect(given(d, [logged(), done]).when({ type: "Reopen", by: "u-1" }, ctx).then()).toEqual([
      { type: "ActivityReopened", data: { ...ids, by: "u-1" } },
    ]);
    expect(given(d, [logged()]).when({ type: "Reopen", by: "u-1" }, ctx).thenError()).toBe("errors.notDone");
    expect(given(d, []).when({ type: "Complete", by: "u-1" }, ctx).thenError()).toBe("errors.activityNotFound");
  });
});

describe("activities: reminders", () => {
  const remind = { type: "Remind" as const, dueAt: DUE };
  it("reminds the assignee once per due time", () => {
    const told = given(d, [logged()]).when(remind, ctx).then();
    expect(told).toEqual([{ type: "ActivityReminded", data: { ...ids, assigneeId: "u-2", dueAt: DUE, kind: "task" } }]);
    // the job retried: the reminder is already told
    expect(given(d, [logged(), told[0]!]).when(remind, ctx).then()).toEqual([]);
  });

  it("tells nobody for a time that moved, a task done, or an activity without assignee", () => {
    const LATER = "2026-11-28T09:00:00.000Z";
    const moved: ActivityEvent = { type: "ActivityRescheduled", data: { ...ids, dueAt: LATER } };
    expect(given(d, [logged(), moved]).when(remind, ctx).then()).toEqual([]);
    expect(given(d, [logged(), moved]).when({ type: "Remind", dueAt: LATER }, ctx).then()).toHaveLength(1);
    const done: ActivityEvent = { type: "ActivityCompleted", data: { ...ids, by: "u-2" } };
    expect(given(d, [logged(), done]).when(remind, ctx).then()).toEqual([]);
    expect(
      given(d, [logged({ assigneeId: null })])
        .when(remind, ctx)
        .then(),
    ).toEqual([]);
  });

  it("moves a timed activity only, and only to a new time", () => {
    expect(given(d, [logged()]).when({ type: "Reschedule", dueAt: DUE }, ctx).then()).toEqual([]);
    expect(
      given(d, [logged({ kind: "call", dueAt: null })])
        .when({ type: "Reschedule", dueAt: DUE }, ctx)
        .thenError(),
    ).toBe("errors.notTimed");
  });
});

describe("calendar feed", () => {
  it("issues a secret (replacing the last), revokes only an active one", () => {
    const f = feedDecider("u-1");
    const issued = given(f, []).when({ type: "Issue", agencyId: "ag-1", tokenHash: "h1" }, ctx).then();
    expect(issued).toEqual([
      { type: "CalendarFeedIssued", data: { ownerId: "u-1", agencyId: "ag-1", tokenHash: "h1" } },
    ]);
    expect(given(f, issued).when({ type: "Revoke", agencyId: "ag-1" }, ctx).then()).toHaveLength(1);
    expect(given(f, []).when({ type: "Revoke", agencyId: "ag-1" }, ctx).thenError()).toBe("errors.feedNotActive");
  });
});

describe("the log form's rules", () => {
  const base = { type: "call", subject: "Suivi", candidateId: "6f1c4a5e-8f43-4c7e-9a57-0d5f3c1f2b10" };
  const errors = (input: Record<string, unknown>) => {
    const r = logActivitySchema.safeParse(input);
    return r.success ? {} : r.error.flatten().fieldErrors;
  };
  it("needs a linked record, a subject, a time for tasks and meetings, an assignee for tasks", () => {
    expect(errors(base)).toEqual({});
    expect(errors({ ...base, candidateId: "" })).toEqual({ candidateId: ["errors.linkRequired"] });
    expect(errors({ ...base, subject: " " })).toEqual({ subject: ["errors.subjectRequired"] });
    expect(errors({ ...base, type: "meeting" })).toEqual({ dueAt: ["errors.dueRequired"] });
    expect(errors({ ...base, type: "task", dueAt: "2026-11-27T16:00" })).toEqual({
      assigneeId: ["errors.assigneeRequired"],
    });
    expect(errors({ ...base, type: "task", dueAt: "2026-13-45T16:00", assigneeId: base.candidateId })).toEqual({
      dueAt: ["errors.dueInvalid"],
    });
    expect(errors({ ...base, adId: "abc" })).toEqual({ adId: ["errors.linkNotFound"] });
  });

  it("reads the wall-clock time where our users are (Zurich/Paris, summer and winter)", () => {
    expect(parseLocalTime("2026-11-27T14:30")?.toISOString()).toBe("2026-11-27T13:30:00.000Z");
    expect(parseLocalTime("2026-07-01T14:30")?.toISOString()).toBe("2026-07-01T12:30:00.000Z");
    expect(parseLocalTime("2026-02-30T10:00")).toBeNull();
    // half past midnight in Geneva is already the next day
    expect(endOfToday(new Date("2026-11-27T23:30:00Z")).toISOString()).toBe("2026-11-28T23:00:00.000Z");
    expect(periodBounds("today", new Date("2026-11-27T10:00:00Z"))).toEqual({
      from: new Date("2026-11-26T23:00:00.000Z"),
      to: new Date("2026-11-27T23:00:00.000Z"),
    });
  });
});
