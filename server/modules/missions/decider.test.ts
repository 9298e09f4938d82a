import { describe, expect, it } from "vitest";
import { given, type DecideContext } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { adDecider, localDay, orderDecider } from "./decider";
import type { AdFields } from "./rules";
import type { AdArchived, AdDeleted, AdDrafted, AdExpired, AdPublished, OrderPlaced } from "./events";

const ctx: DecideContext = {
  clock: fixedClock("2027-03-02T09:00:00Z"),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
};
const A = "11111111-1111-4111-8111-111111111111";
const U = "22222222-2222-4222-8222-222222222222";

const fields: AdFields = {
  title: "Maçon",
  qualification: "",
  description: "<p>Chantier</p>",
  language: "fr",
  sectorId: "construction",
  professionId: "mason",
  jobType: "full_time",
  contract: "temporary",
  activityRateMin: 100,
  activityRateMax: 100,
  places: 1,
  salaryMin: 30,
  salaryMax: 35,
  salaryPeriod: "hour",
  hideSalary: false,
  commitment: "date",
  commitmentDate: "2027-03-10",
  endDate: "2027-04-30",
  slots: "",
  duration: "",
  place: {
    localityId: "CH-1201-geneve",
    name: "Genève",
    postalCode: "1201",
    region: "Genève",
    regionCode: "CH-GE",
    lat: 46.2,
    lng: 6.14,
  },
  country: "CH",
  orderId: null,
  contactId: null,
  questions: [],
  imageId: null,
  jobBoards: ["S01"],
  internalId: "",
};
const drafted: AdDrafted = {
  type: "AdDrafted",
  data: {
    adId: 10001,
    slug: "macon-geneve",
    fields,
    by: U,
    byClient: false,
    duplicateOf: null,
    agencyId: A,
    branchId: null,
    clientId: null,
  },
};
const published: AdPublished = { type: "AdPublished", data: { adId: 10001, by: U } };
const draft = {
  type: "DraftAd" as const,
  adId: 10001,
  slug: "macon-geneve",
  fields,
  by: U,
  byClient: false,
  duplicateOf: null,
  agencyId: A,
  branchId: null,
  clientId: null,
};

describe("ad decider", () => {
  it("drafts a new ad, refuses a second draft on the same number", () => {
    expect(given(adDecider, []).when(draft, ctx).then()).toEqual([drafted]);
    expect(given(adDecider, [drafted]).when(draft, ctx).thenError()).toBe("failed_operation");
  });

  it("checks the form's rules again: dates in order, salary min not above max, at most five questions", () => {
    expect(
      given(adDecider, [])
        .when({ ...draft, fields: { ...fields, commitmentDate: "2027-05-01" } }, ctx)
        .thenError(),
    ).toBe("validation.end_after_start");
    expect(
      given(adDecider, [])
        .when({ ...draft, fields: { ...fields, salaryMin: 40 } }, ctx)
        .thenError(),
    ).toBe("validation.salary_order");
    expect(
      given(adDecider, [])
        .when({ ...draft, fields: { ...fields, questions: ["a", "b", "c", "d", "e", "f"] } }, ctx)
        .thenError(),
    ).toBe("validation.max_questions");
    expect(
      given(adDecider, [])
        .when({ ...draft, fields: { ...fields, activityRateMin: 100, activityRateMax: 50 } }, ctx)
        .thenError(),
    ).toBe("validation.rate_order");
  });

  it("publishes drafts for agency staff only, and not past their end date", () => {
    expect(
      given(adDecider, [drafted]).when({ type: "PublishAd", adId: 10001, by: U, staff: true }, ctx).then(),
    ).toEqual([published]);
    expect(
      given(adDecider, [drafted]).when({ type: "PublishAd", adId: 10001, by: U, staff: false }, ctx).thenError(),
    ).toBe("not_authorized");
    const old = {
      ...drafted,
      data: {
        ...drafted.data,
        fields: { ...fields, commitmentDate: null, commitment: "to_agree", endDate: "2027-03-01" },
      },
    };
    expect(given(adDecider, [old]).when({ type: "PublishAd", adId: 10001, by: U, staff: true }, ctx).thenError()).toBe(
      "ad_end_date_passed",
    );
  });

  it("follows the state machine: online → disabled → online, archived only deletable, deleted is the end", () => {
    expect(given(adDecider, [drafted]).when({ type: "DisableAd", adId: 10001, by: U }, ctx).thenError()).toBe(
      "ad_invalid_transition",
    );
    expect(given(adDecider, [drafted, published]).when({ type: "DisableAd", adId: 10001, by: U }, ctx).then()).toEqual([
      { type: "AdDisabled", data: { adId: 10001, by: U } },
    ]);
    const archived: AdArchived = { type: "AdArchived", data: { adId: 10001, by: U } };
    expect(
      given(adDecider, [drafted, archived])
        .when({ type: "PublishAd", adId: 10001, by: U, staff: true }, ctx)
        .thenError(),
    ).toBe("ad_invalid_transition");
    expect(
      given(adDecider, [drafted, archived])
        .when({ type: "EditAd", adId: 10001, slug: "x", fields, by: U }, ctx)
        .thenError(),
    ).toBe("ad_invalid_transition");
    const deleted: AdDeleted = { type: "AdDeleted", data: { adId: 10001, by: U } };
    expect(given(adDecider, [drafted, deleted]).when({ type: "DeleteAd", adId: 10001, by: U }, ctx).thenError()).toBe(
      "ad_invalid_transition",
    );
    expect(given(adDecider, []).when({ type: "PublishAd", adId: 1, by: U, staff: true }, ctx).thenError()).toBe(
      "announcement_not_found",
    );
  });

  it("keeps an online ad's end date from moving into the past", () => {
    const edit = {
      type: "EditAd" as const,
      adId: 10001,
      slug: "macon-geneve",
      fields: { ...fields, commitmentDate: null, commitment: "to_agree" as const, endDate: "2027-03-01" },
      by: U,
    };
    expect(given(adDecider, [drafted, published]).when(edit, ctx).thenError()).toBe("ad_end_date_passed");
    expect(given(adDecider, [drafted]).when(edit, ctx).then()).toHaveLength(1);
  });

  it("expires an online ad only after its end date, and does nothing twice", () => {
    expect(given(adDecider, [drafted, published]).when({ type: "ExpireAd", adId: 10001 }, ctx).then()).toEqual([]);
    const later: DecideContext = { ...ctx, clock: fixedClock("2027-05-01T06:00:00Z") };
    const expired: AdExpired = { type: "AdExpired", data: { adId: 10001, endDate: "2027-04-30" } };
    expect(given(adDecider, [drafted, published]).when({ type: "ExpireAd", adId: 10001 }, later).then()).toEqual([
      expired,
    ]);
    expect(
      given(adDecider, [drafted, published, expired]).when({ type: "ExpireAd", adId: 10001 }, later).then(),
    ).toEqual([]);
  });

  it("counts days in Swiss and French time, not UTC", () => {
    expect(localDay(new Date("2027-04-30T22:30:00Z"))).toBe("2027-05-01");
  });
});

const orderFields = {
  title: "Renfort",
  professionId: "mason",
  places: 2,
  startDate: "2027-03-10",
  endDate: "2027-04-10",
  placeText: "Genève",
  description: "",
  consultantId: null,
};
const placed = (status: "pending" | "validated"): OrderPlaced => ({
  type: "OrderPlaced",
  data: {
    orderId: "o1",
    number: 1001,
    agencyId: A,
    branchId: null,
    clientId: "c1",
    fields: orderFields,
    status,
    by: U,
  },
});

describe("order decider", () => {
  it("starts a client's order pending and the agency's validated", () => {
    const place = {
      type: "PlaceOrder" as const,
      orderId: "o1",
      number: 1001,
      agencyId: A,
      branchId: null,
      clientId: "c1",
      fields: orderFields,
      by: U,
    };
    expect(
      given(orderDecider, [])
        .when({ ...place, staff: false }, ctx)
        .then(),
    ).toEqual([placed("pending")]);
    expect(
      given(orderDecider, [])
        .when({ ...place, staff: true }, ctx)
        .then(),
    ).toEqual([placed("validated")]);
    expect(
      given(orderDecider, [])
        .when({ ...place, staff: true, fields: { ...orderFields, startDate: "2027-05-01" } }, ctx)
        .thenError(),
    ).toBe("validation.end_after_start");
  });

  it("moves only along the allowed transitions, by agency staff", () => {
    const change = (to: "validated" | "completed" | "in_progress", staff = true) => ({
      type: "ChangeOrderStatus" as const,
      orderId: "o1",
      to,
      by: U,
      staff,
    });
    expect(
      given(orderDecider, [placed("pending")])
        .when(change("validated"), ctx)
        .then(),
    ).toEqual([{ type: "OrderStatusChanged", data: { orderId: "o1", from: "pending", to: "validated", by: U } }]);
    expect(
      given(orderDecider, [placed("pending")])
        .when(change("completed"), ctx)
        .thenError(),
    ).toBe("order_invalid_transition");
    expect(
      given(orderDecider, [placed("pending")])
        .when(change("validated", false), ctx)
        .thenError(),
    ).toBe("not_authorized");
  });

  it("expires open orders after their end date", () => {
    const later: DecideContext = { ...ctx, clock: fixedClock("2027-04-11T06:00:00Z") };
    expect(
      given(orderDecider, [placed("validated")])
        .when({ type: "ExpireOrder", orderId: "o1" }, ctx)
        .then(),
    ).toEqual([]);
    expect(
      given(orderDecider, [placed("validated")])
        .when({ type: "ExpireOrder", orderId: "o1" }, later)
        .then(),
    ).toEqual([
      { type: "OrderStatusChanged", data: { orderId: "o1", from: "validated", to: "expired", by: "system" } },
    ]);
  });
});
