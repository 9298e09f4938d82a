import { describe, expect, it } from "vitest";
import { given, type DecideContext } from "../../event-store/decider";
import type { Recorded } from "../../event-store/types";
import { fixedClock } from "../../lib/clock";
import { agencyDocumentDecider } from "./decider";
import type { AgencyDocumentEvent } from "./events";

const ctx: DecideContext = {
  clock: fixedClock("2026-05-04T09:00:00Z"),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
};
const D = "11111111-1111-4111-8111-111111111111";
const A = "22222222-2222-4222-8222-222222222222";
const U = "33333333-3333-4333-8333-333333333333";
const shared: Recorded<AgencyDocumentEvent> = {
  type: "AgencyDocumentShared",
  data: {
    documentId: D,
    agencyId: A,
    agencyName: "Léman",
    title: "Règlement",
    kind: "rules",
    fileId: D,
    name: "r.pdf",
    mime: "application/pdf",
    size: 10,
    sharedBy: U,
  },
};

describe("agency documents: decide", () => {
  it("is acknowledged once per candidate, dated by the clock", () => {
    expect(given(agencyDocumentDecider, [shared]).when({ type: "Acknowledge", userId: U }, ctx).then()).toEqual([
      {
        type: "AgencyDocumentAcknowledged",
        data: { documentId: D, agencyId: A, userId: U, at: "2026-05-04T09:00:00.000Z" },
      },
    ]);
    const acked = {
      type: "AgencyDocumentAcknowledged",
      data: { documentId: D, agencyId: A, userId: U, at: "2026-05-04T09:00:00.000Z" },
    } as const;
    expect(given(agencyDocumentDecider, [shared, acked]).when({ type: "Acknowledge", userId: U }, ctx).then()).toEqual(
      [],
    );
  });

  it("is withdrawn by its agency only; a withdrawn or missing document is not found", () => {
    expect(
      given(agencyDocumentDecider, [shared])
        .when({ type: "Withdraw", agencyId: "44444444-4444-4444-8444-444444444444" }, ctx)
        .thenError(),
    ).toBe("document_not_found");
    const withdrawn = { type: "AgencyDocumentWithdrawn", data: { documentId: D, agencyId: A, fileId: D } } as const;
    expect(
      given(agencyDocumentDecider, [shared, withdrawn]).when({ type: "Acknowledge", userId: U }, ctx).thenError(),
    ).toBe("document_not_found");
    expect(given(agencyDocumentDecider, []).when({ type: "Acknowledge", userId: U }, ctx).thenError()).toBe(
      "document_not_found",
    );
  });

  it("refuses an empty title, an unknown kind, a file type outside the spec's", () => {
    const share = (over: Record<string, unknown>) =>
      given(agencyDocumentDecider, [])
        .when(
          {
            type: "Share",
            documentId: D,
            agencyId: A,
            agencyName: "L",
            title: "T",
            kind: "rules",
            fileId: D,
            name: "r.pdf",
            mime: "application/pdf",
            size: 1,
            sharedBy: U,
            ...over,
          } as never,
          ctx,
        )
        .thenError();
    expect(share({ title: "  " })).toBe("validation.required");
    expect(share({ kind: "memo" })).toBe("validation.required");
    expect(share({ mime: "application/zip" })).toBe("document_invalid_type");
    expect(share({})).toBeNull();
  });
});
