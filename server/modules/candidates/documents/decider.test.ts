import { describe, expect, it } from "vitest";
import { given, type DecideContext } from "../../../event-store/decider";
import type { Recorded } from "../../../event-store/types";
import { fixedClock } from "../../../lib/clock";
import { documentsDecider } from "./decider";
import { dueReminders, expiryState, parseDay } from "./rules";
import type { CandidateDocumentAdded, CandidateEvent } from "./events";

const ctx: DecideContext = {
  clock: fixedClock("2026-03-02T09:00:00Z"),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
};
const U = "22222222-2222-4222-8222-222222222222";
const D1 = "33333333-3333-4333-8333-333333333333";
const D2 = "44444444-4444-4444-8444-444444444444";
const F2 = "55555555-5555-4555-8555-555555555555";
const decider = documentsDecider(U);

const added = (
  documentId: string,
  expiresAt: string | null,
  category: CandidateDocumentAdded["data"]["category"] = "identity",
): Recorded<CandidateEvent> => ({
  type: "CandidateDocumentAdded",
  data: {
    userId: U,
    documentId,
    category,
    mime: "application/pdf",
    size: 100,
    expiresAt,
    name: `${documentId.slice(0, 2)}.pdf`,
  },
});

describe("candidate documents: decide", () => {
  it("adds a document of a category with its expiry, the name sealed with the person's key", () => {
    const events = given(decider, [])
      .when(
        {
          type: "AddDocument",
          documentId: D1,
          category: "work_permit",
          name: "permis.pdf",
          mime: "application/pdf",
          size: 10,
          expiresAt: "2027-01-31",
        },
        ctx,
      )
      .then();
    expect(events).toEqual([
      {
        type: "CandidateDocumentAdded",
        data: {
          userId: U,
          documentId: D1,
          category: "work_permit",
          mime: "application/pdf",
          size: 10,
          expiresAt: "2027-01-31",
        },
        personal: { subjectId: U, data: { name: "permis.pdf" } },
      },
    ]);
  });

  it("refuses an unknown category, a type outside the spec's, an oversize file, a wrong date", () => {
    const add = (over: Record<string, unknown>) =>
      given(decider, [])
        .when(
          {
            type: "AddDocument",
            documentId: D1,
            category: "identity",
            name: "x.pdf",
            mime: "application/pdf",
            size: 10,
            expiresAt: null,
            ...over,
          } as never,
          ctx,
        )
        .thenError();
    expect(add({ category: "passport" })).toBe("document_category_required");
    expect(add({ mime: "application/x-msdownload" })).toBe("document_invalid_type");
    expect(add({ size: 2 * 1024 * 1024 + 1 })).toBe("document_too_large");
    expect(add({ expiresAt: "2026-02-30" })).toBe("document_expiry_invalid");
    // a photo of a CV is a CV (issue 27); a file type no CV reader knows is not
    expect(add({ category: "cv", mime: "image/png" })).toBeNull();
    expect(add({ category: "cv", mime: "image/gif" })).toBe("document_invalid_type");
    expect(add({ mime: "image/jpeg" })).toBeNull();
  });

  it("replaces a document's file, naming the old file so it is removed after", () => {
    const [e] = given(decider, [added(D1, "2026-05-01")])
      .when(
        {
          type: "ReplaceDocument",
          documentId: D1,
          fileId: F2,
          name: "new.pdf",
          mime: "application/pdf",
          size: 20,
          expiresAt: "2028-05-01",
        },
        ctx,
      )
      .then();
    expect(e).toMatchObject({
      type: "CandidateDocumentReplaced",
      data: { documentId: D1, fileId: F2, replacedFileId: D1, expiresAt: "2028-05-01" },
    });
  });

  it("removes, changes the expiry; another's or a missing document is not found", () => {
    expect(
      given(decider, [added(D1, null)])
        .when({ type: "RemoveDocument", documentId: D1 }, ctx)
        .then(),
    ).toEqual([{ type: "CandidateDocumentRemoved", data: { userId: U, documentId: D1, fileId: D1 } }]);
    expect(
      given(decider, [added(D1, null)])
        .when({ type: "RemoveDocument", documentId: D2 }, ctx)
        .thenError(),
    ).toBe("document_not_found");
    expect(
      given(decider, [
        added(D1, null),
        { type: "CandidateDocumentRemoved", data: { userId: U, documentId: D1, fileId: D1 } },
      ])
        .when({ type: "ChangeExpiry", documentId: D1, expiresAt: null }, ctx)
        .thenError(),
    ).toBe("document_not_found");
    expect(
      given(decider, [added(D1, "2026-05-01")])
        .when({ type: "ChangeExpiry", documentId: D1, expiresAt: "2026-05-01" }, ctx)
        .then(),
    ).toEqual([]);
  });

  it("sends one digest a day, each threshold once, again after a new expiry date", () => {
    const past = [added(D1, "2026-04-01"), added(D2, "2026-03-09")];
    const [digest] = given(decider, past).when({ type: "RemindExpiring", day: "2026-03-02" }, ctx).then();
    expect(digest).toMatchObject({
      type: "CandidateDocumentsExpiring",
      data: {
        day: "2026-03-02",
        documents: [
          { documentId: D2, daysLeft: 7, threshold: 7 },
          { documentId: D1, daysLeft: 30, threshold: 30 },
        ],
      },
      personal: { data: { names: ["44.pdf", "33.pdf"] } },
    });
    const after = [...past, digest as Recorded<CandidateEvent>];
    // the same day again: nothing; the next day: nothing new to say
    expect(given(decider, after).when({ type: "RemindExpiring", day: "2026-03-02" }, ctx).then()).toEqual([]);
    expect(given(decider, after).when({ type: "RemindExpiring", day: "2026-03-03" }, ctx).then()).toEqual([]);
    // 7 days before D1's expiry: its second reminder
    expect(given(decider, after).when({ type: "RemindExpiring", day: "2026-03-25" }, ctx).then()[0]).toMatchObject({
      data: { documents: [{ documentId: D1, threshold: 7 }] },
    });
    // a new date starts the reminders again
    const moved = [
      ...after,
      {
        type: "CandidateDocumentExpiryChanged",
        data: { userId: U, documentId: D1, expiresAt: "2026-04-02" },
      } as Recorded<CandidateEvent>,
    ];
    expect(given(decider, moved).when({ type: "RemindExpiring", day: "2026-03-03" }, ctx).then()[0]).toMatchObject({
      data: { documents: [{ documentId: D1, threshold: 30 }] },
    });
  });
});

describe("reminder computation", () => {
  const doc = (expiresAt: string | null, reminded: number[] = []) => ({ documentId: D1, expiresAt, reminded });
  it("reaches 30, 7 and 0 days; the smallest threshold reached, once", () => {
    expect(dueReminders([doc("2026-04-01")], "2026-03-02")).toMatchObject([{ threshold: 30, daysLeft: 30 }]);
    expect(dueReminders([doc("2026-04-02")], "2026-03-02")).toEqual([]);
    expect(dueReminders([doc("2026-03-09", [30])], "2026-03-02")).toMatchObject([{ threshold: 7 }]);
    expect(dueReminders([doc("2026-03-02", [30, 7])], "2026-03-02")).toMatchObject([{ threshold: 0, daysLeft: 0 }]);
    expect(dueReminders([doc("2026-03-02", [30, 7, 0])], "2026-03-02")).toEqual([]);
    // a day missed is caught up the next day, not lost
    expect(dueReminders([doc("2026-03-31")], "2026-03-02")).toMatchObject([{ threshold: 30, daysLeft: 29 }]);
    // uploaded 5 days ahead: the 7-day reminder only; long expired or no date: none
    expect(dueReminders([doc("2026-03-07")], "2026-03-02")).toMatchObject([{ threshold: 7 }]);
    expect(dueReminders([doc("2026-01-01"), doc(null)], "2026-03-02")).toEqual([]);
  });

  it("says expiring 30 days ahead, expired after the day", () => {
    expect(expiryState("2026-04-01", "2026-03-02")).toBe("expiring");
    expect(expiryState("2026-04-02", "2026-03-02")).toBe("valid");
    expect(expiryState("2026-03-01", "2026-03-02")).toBe("expired");
    expect(expiryState(null, "2026-03-02")).toBe("none");
    expect(parseDay("2026-02-29")).toBeNull();
  });
});
