import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { latestExpiry } from "./contract";
import { placementDecider, proposalDecider, type ProposalCommand } from "./decider";
import type { ProposalEvent } from "./events";

const ctx = { clock: fixedClock("2026-11-24T10:00:00Z"), ids: { uuid: () => "00000000-0000-4000-8000-0000000000aa" } };
const later = { ...ctx, clock: fixedClock("2026-12-02T10:00:00Z") };
const terms = {
  adId: 7,
  adTitle: "Cuisinier",
  agencyId: "agency-a",
  agencyName: "Alpha",
  branchId: null,
  adClientId: null,
  consultantId: "c1",
  placeName: "Genève",
  startDate: "2026-12-01",
  endDate: "2027-01-31",
};
const ad = { ...terms, online: true, places: 3 };
const make = (
  over: Partial<Extract<ProposalCommand, { type: "Make" }>> = {},
): Extract<ProposalCommand, { type: "Make" }> => ({
  type: "Make",
  proposalId: "p1",
  by: { agencyId: "agency-a" },
  ad,
  candidates: [
    { id: "u1", isCandidate: true },
    { id: "u2", isCandidate: true },
    { id: "u3", isCandidate: true },
  ],
  mode: "first",
  places: 1,
  expiresAt: new Date("2026-12-01T23:59:59.999Z"),
  message: "",
  applicationId: null,
  ...over,
});
const made = (over: Parameters<typeof make>[0] = {}): ProposalEvent[] =>
  proposalDecider.decide(make(over), proposalDecider.initialState, ctx);
const after = (past: ProposalEvent[], command: ProposalCommand, c = ctx) => [
  ...past,
  ...proposalDecider.decide(command, fold(past), c),
];
function fold(past: ProposalEvent[]) {
  return past.reduce((s, e) => proposalDecider.evolve(s, e as never), proposalDecider.initialState);
}

describe("making a proposal", () => {
  it("records the ad's terms, the candidates and the rules", () => {
    expect(made()).toMatchObject([
      {
        type: "ProposalMade",
        data: {
          proposalId: "p1",
          adId: 7,
          candidateIds: ["u1", "u2", "u3"],
          mode: "first",
          places: 1,
          expiresAt: "2026-12-01T23:59:59.999Z",
        },
      },
    ]);
  });

  it("refuses every rule it has, with the field it concerns", () => {
    const error = (over: Parameters<typeof make>[0], past: ProposalEvent[] = []) =>
      given(proposalDecider, past).when(make(over), ctx).thenError();
    expect(error({ ad: null })).toBe("announcement_not_found");
    expect(error({ by: { agencyId: "agency-b" } })).toBe("announcement_not_found");
    expect(error({ ad: { ...ad, online: false } })).toBe("proposal_ad_not_online");
    expect(error({ places: 0 })).toBe("proposal_places_range");
    expect(error({ places: 4 })).toBe("proposal_places_range");
    expect(error({ candidates: [] })).toBe("proposal_candidates_range");
    expect(error({ candidates: Array.from({ length: 51 }, (_, i) => ({ id: `u${i}`, isCandidate: true })) })).toBe(
      "proposal_candidates_range",
    );
    expect(
      error({
        candidates: [
          { id: "u1", isCandidate: true },
          { id: "u1", isCandidate: true },
        ],
      }),
    ).toBe("proposal_candidates_range");
    expect(error({ candidates: [{ id: "c9", isCandidate: false }] })).toBe("proposal_not_candidate");
    expect(error({ expiresAt: new Date("2026-11-24T09:00:00Z") })).toBe("proposal_expiry_range");
    expect(error({ expiresAt: new Date(latestExpiry(ctx.clock.now()).getTime() + 1) })).toBe("proposal_expiry_range");
    expect(error({ mode: "lottery" as never })).toBe("validation.required");
    expect(error({}, made())).toBe("proposal_exists");
    // a platform admin may propose any agency's ad; 50 candidates and the last day are allowed
    expect(
      given(proposalDecider, [])
        .when(
          make({
            by: { agencyId: null },
            candidates: Array.from({ length: 50 }, (_, i) => ({ id: `u${i}`, isCandidate: true })),
            expiresAt: latestExpiry(ctx.clock.now()),
          }),
          ctx,
        )
        .thenError(),
    ).toBeNull();
  });
});

describe("first to accept", () => {
  it("places the first who accepts and fills the proposal when the places run out; the others are named", () => {
    const past = after(made(), { type: "Decline", userId: "u3" });
    const events = proposalDecider.decide({ type: "Accept", userId: "u1" }, fold(past), ctx);
    expect(events.map((e) => e.type)).toEqual(["ProposalAccepted", "ProposalCandidatePlaced", "ProposalFilled"]);
    expect(events[1]).toMatchObject({
      data: {
        userId: "u1",
        placementId: "00000000-0000-4000-8000-0000000000aa",
        adId: 7,
        startDate: "2026-12-01",
        by: "first",
      },
    });
    expect(events[2]).toMatchObject({ data: { others: ["u2"] } });
    const filled = [...past, ...events];
    expect(given(proposalDecider, filled).when({ type: "Accept", userId: "u2" }, ctx).thenError()).toBe(
      "proposal_closed",
    );
    expect(given(proposalDecider, filled).when({ type: "Accept", userId: "u1" }, ctx).then()).toEqual([]);
    expect(fold(filled).responses).toEqual({ u1: "chosen", u2: "not_chosen", u3: "declined" });
  });

  it("keeps it open while places remain", () => {
    const events = proposalDecider.decide({ type: "Accept", userId: "u2" }, fold(made({ places: 2 })), ctx);
    expect(events.map((e) => e.type)).toEqual(["ProposalAccepted", "ProposalCandidatePlaced"]);
  });

  it("refuses a stranger, an expired proposal and a second answer", () => {
    expect(given(proposalDecider, made()).when({ type: "Accept", userId: "stranger" }, ctx).thenError()).toBe(
      "proposal_not_found",
    );
    expect(given(proposalDecider, made()).when({ type: "Decline", userId: "stranger" }, ctx).thenError()).toBe(
      "proposal_not_found",
    );
    expect(given(proposalDecider, []).when({ type: "Accept", userId: "u1" }, ctx).thenError()).toBe(
      "proposal_not_found",
    );
    expect(given(proposalDecider, made()).when({ type: "Accept", userId: "u1" }, later).thenError()).toBe(
      "proposal_expired",
    );
    expect(given(proposalDecider, made()).when({ type: "Decline", userId: "u1" }, later).thenError()).toBe(
      "proposal_expired",
    );
    const declined = after(made(), { type: "Decline", userId: "u1" });
    expect(given(proposalDecider, declined).when({ type: "Accept", userId: "u1" }, ctx).thenError()).toBe(
      "proposal_already_answered",
    );
    expect(given(proposalDecider, declined).when({ type: "Decline", userId: "u1" }, ctx).then()).toEqual([]);
    const placed = after(made({ places: 2 }), { type: "Accept", userId: "u1" });
    expect(given(proposalDecider, placed).when({ type: "Decline", userId: "u1" }, ctx).thenError()).toBe(
      "proposal_already_answered",
    );
  });
});

describe("the consultant picks", () => {
  const pick = () =>
    after(after(made({ mode: "pick" }), { type: "Accept", userId: "u1" }), { type: "Accept", userId: "u2" });

  it("accepting only says yes; the pick places and fills", () => {
    expect(fold(pick()).responses).toEqual({ u1: "accepted", u2: "accepted", u3: "pending" });
    const events = proposalDecider.decide(
      { type: "Choose", by: { agencyId: "agency-a" }, userId: "u2" },
      fold(pick()),
      ctx,
    );
    expect(events.map((e) => e.type)).toEqual(["ProposalCandidatePlaced", "ProposalFilled"]);
    expect(events[1]).toMatchObject({ data: { others: ["u1", "u3"] } });
  });

  it("refuses picking one who did not accept, in first mode, after expiry, or from another agency", () => {
    const choose = (userId: string, agencyId: string | null = "agency-a") => ({
      type: "Choose" as const,
      by: { agencyId },
      userId,
    });
    expect(given(proposalDecider, pick()).when(choose("u3"), ctx).thenError()).toBe("proposal_not_accepted");
    expect(given(proposalDecider, pick()).when(choose("stranger"), ctx).thenError()).toBe("proposal_not_found");
    expect(given(proposalDecider, pick()).when(choose("u1", "agency-b"), ctx).thenError()).toBe("proposal_not_found");
    expect(given(proposalDecider, pick()).when(choose("u1"), later).thenError()).toBe("proposal_expired");
    expect(given(proposalDecider, made()).when(choose("u1"), ctx).thenError()).toBe("proposal_not_pick");
    // a candidate may change their mind before the pick
    expect(given(proposalDecider, pick()).when({ type: "Decline", userId: "u1" }, ctx).then()).toMatchObject([
      { type: "ProposalDeclined" },
    ]);
  });
});

describe("closing and expiry", () => {
  it("closes or cancels an open proposal; cancel only while nobody is placed", () => {
    expect(
      proposalDecider.decide({ type: "Close", by: { agencyId: "agency-a" }, cancel: true }, fold(made()), ctx),
    ).toMatchObject([{ type: "ProposalClosed", data: { cancelled: true, others: ["u1", "u2", "u3"] } }]);
    const placed = after(made({ places: 2 }), { type: "Accept", userId: "u1" });
    expect(
      given(proposalDecider, placed)
        .when({ type: "Close", by: { agencyId: "agency-a" }, cancel: true }, ctx)
        .thenError(),
    ).toBe("proposal_has_placements");
    expect(
      given(proposalDecider, placed)
        .when({ type: "Close", by: { agencyId: "agency-b" }, cancel: false }, ctx)
        .thenError(),
    ).toBe("proposal_not_found");
    const closed = after(placed, { type: "Close", by: { agencyId: null }, cancel: false });
    expect(
      given(proposalDecider, closed)
        .when({ type: "Close", by: { agencyId: "agency-a" }, cancel: false }, ctx)
        .thenError(),
    ).toBe("proposal_closed");
    expect(given(proposalDecider, closed).when({ type: "Accept", userId: "u2" }, ctx).thenError()).toBe(
      "proposal_closed",
    );
  });

  it("expires by the clock only, once, and leaves the waiting ones expired", () => {
    expect(given(proposalDecider, made()).when({ type: "Expire" }, ctx).then()).toEqual([]);
    const expired = after(made(), { type: "Expire" }, later);
    expect(expired.at(-1)).toMatchObject({ type: "ProposalExpired", data: { others: ["u1", "u2", "u3"] } });
    expect(given(proposalDecider, expired).when({ type: "Expire" }, later).then()).toEqual([]);
    expect(given(proposalDecider, expired).when({ type: "Accept", userId: "u1" }, ctx).thenError()).toBe(
      "proposal_expired",
    );
    expect(fold(expired).responses.u1).toBe("expired");
    expect(given(proposalDecider, []).when({ type: "Expire" }, later).then()).toEqual([]);
  });
});

describe("validated mission", () => {
  it("is recorded once", () => {
    const validate = { type: "Validate" as const, placementId: "m1", proposalId: "p1", userId: "u1", terms };
    const [e] = placementDecider.decide(validate, placementDecider.initialState, ctx);
    expect(e).toMatchObject({ type: "PlacementValidated", data: { placementId: "m1", userId: "u1", adId: 7 } });
    expect(placementDecider.decide(validate, placementDecider.evolve(placementDecider.initialState, e!), ctx)).toEqual(
      [],
    );
  });
});
