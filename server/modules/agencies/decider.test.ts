import { describe, expect, it } from "vitest";
import { given, type DecideContext } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { agencyDecider } from "./decider";
import type { AgencyEvent, AgencyRegistered, BranchOpened, ClientCompanyAdded } from "./events";

const ctx: DecideContext = {
  clock: fixedClock("2026-03-02T09:00:00Z"),
  ids: { uuid: () => "00000000-0000-4000-8000-000000000099" },
};
const A = "11111111-1111-4111-8111-111111111111";

const registered: AgencyRegistered = {
  type: "AgencyRegistered",
  data: { agencyId: A, name: "Léman Intérim SA", country: "CH", city: "Genève", status: "approved" },
};
const branch = (name: string): BranchOpened => ({
  type: "BranchOpened",
  data: { agencyId: A, branchId: `b-${name}`, name, city: "Genève" },
});
const client = (name: string): ClientCompanyAdded => ({
  type: "ClientCompanyAdded",
  data: { agencyId: A, clientId: `c-${name}`, name, city: "Genève" },
});

describe("agency decider: RegisterAgency", () => {
  it("registers an approved agency", () => {
    const events = given(agencyDecider, [])
      .when(
        {
          type: "RegisterAgency",
          agencyId: A,
          name: "Léman Intérim SA",
          country: "CH",
          city: "Genève",
          approved: true,
        },
        ctx,
      )
      .then();
    expect(events).toEqual([registered]);
  });

  it("registers an agency awaiting approval as pending", () => {
    const events = given(agencyDecider, [])
      .when(
        { type: "RegisterAgency", agencyId: A, name: "Rhône Emploi", country: "FR", city: "Lyon", approved: false },
        ctx,
      )
      .then();
    expect(events).toEqual([
      {
        type: "AgencyRegistered",
        data: { agencyId: A, name: "Rhône Emploi", country: "FR", city: "Lyon", status: "pending" },
      },
    ]);
  });

  it("refuses to register the same agency twice (failed_operation)", () => {
    const error = given(agencyDecider, [registered])
      .when({ type: "RegisterAgency", agencyId: A, name: "Other", country: "CH", city: "Sion", approved: true }, ctx)
      .thenError();
    expect(error).toBe("failed_operation");
  });
});

describe("agency decider: OpenBranch", () => {
  it("opens a branch of an existing agency", () => {
    const events = given(agencyDecider, [registered])
      .when({ type: "OpenBranch", agencyId: A, branchId: "b1", name: "Genève Cornavin", city: "Genève" }, ctx)
      .then();
    expect(events).toEqual([
      { type: "BranchOpened", data: { agencyId: A, branchId: "b1", name: "Genève Cornavin", city: "Genève" } },
    ]);
  });

  it("refuses a branch for an agency that does not exist (failed_operation)", () => {
    expect(
      given(agencyDecider, [])
        .when({ type: "OpenBranch", agencyId: A, branchId: "b1", name: "X", city: "Y" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });

  it("refuses a second branch with the same name, ignoring case and spaces (branch_exists)", () => {
    const past = [registered, branch("Genève Cornavin")];
    expect(
      given(agencyDecider, past)
        .when({ type: "OpenBranch", agencyId: A, branchId: "b2", name: "  genève cornavin ", city: "Genève" }, ctx)
        .thenError(),
    ).toBe("branch_exists");
  });

  it("accepts a branch named like a client company or another branch's prefix", () => {
    const past = [registered, branch("Genève Cornavin"), client("Lausanne Flon")];
    expect(
      given(agencyDecider, past)
        .when({ type: "OpenBranch", agencyId: A, branchId: "b2", name: "Lausanne Flon", city: "Lausanne" }, ctx)
        .thenError(),
    ).toBeNull();
    expect(
      given(agencyDecider, past)
        .when({ type: "OpenBranch", agencyId: A, branchId: "b3", name: "Genève", city: "Genève" }, ctx)
        .thenError(),
    ).toBeNull();
  });
});

describe("agency decider: AddClientCompany", () => {
  it("adds a client company to an existing agency", () => {
    const events = given(agencyDecider, [registered])
      .when(
        { type: "AddClientCompany", agencyId: A, clientId: "c1", name: "Horlogerie du Rhône SA", city: "Genève" },
        ctx,
      )
      .then();
    expect(events).toEqual([
      {
        type: "ClientCompanyAdded",
        data: { agencyId: A, clientId: "c1", name: "Horlogerie du Rhône SA", city: "Genève" },
      },
    ]);
  });

  it("refuses a client for an agency that does not exist (failed_operation)", () => {
    expect(
      given(agencyDecider, [])
        .when({ type: "AddClientCompany", agencyId: A, clientId: "c1", name: "X", city: "Y" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });

  it("refuses a second client with the same name, ignoring case and spaces (client_exists)", () => {
    const past = [registered, client("Clinique des Eaux-Vives")];
    expect(
      given(agencyDecider, past)
        .when(
          { type: "AddClientCompany", agencyId: A, clientId: "c2", name: "CLINIQUE DES EAUX-VIVES ", city: "Genève" },
          ctx,
        )
        .thenError(),
    ).toBe("client_exists");
  });

  it("accepts a client named like a branch", () => {
    const past = [registered, branch("Lyon Part-Dieu")];
    expect(
      given(agencyDecider, past)
        .when({ type: "AddClientCompany", agencyId: A, clientId: "c2", name: "Lyon Part-Dieu", city: "Lyon" }, ctx)
        .then(),
    ).toHaveLength(1);
  });
});

describe("agency decider: ApproveAgency and RejectAgency", () => {
  const pending: AgencyRegistered = { ...registered, data: { ...registered.data, status: "pending" } };
  const ADMIN = "33333333-3333-4333-8333-333333333333";

  it("approves a pending agency", () => {
    expect(given(agencyDecider, [pending]).when({ type: "ApproveAgency", agencyId: A, by: ADMIN }, ctx).then()).toEqual(
      [{ type: "AgencyApproved", data: { agencyId: A, by: ADMIN } }],
    );
  });

  it("rejects a pending agency with its reason, trimmed", () => {
    expect(
      given(agencyDecider, [pending])
        .when({ type: "RejectAgency", agencyId: A, by: ADMIN, reason: "  incomplete file " }, ctx)
        .then(),
    ).toEqual([{ type: "AgencyRejected", data: { agencyId: A, by: ADMIN, reason: "incomplete file" } }]);
  });

  it("refuses a rejection without a real reason (validation.required)", () => {
    expect(
      given(agencyDecider, [pending])
        .when({ type: "RejectAgency", agencyId: A, by: ADMIN, reason: "  no " }, ctx)
        .thenError(),
    ).toBe("validation.required");
  });

  it("refuses to decide on an agency that does not exist (failed_operation)", () => {
    expect(given(agencyDecider, []).when({ type: "ApproveAgency", agencyId: A, by: ADMIN }, ctx).thenError()).toBe(
      "failed_operation",
    );
    expect(
      given(agencyDecider, [])
        .when({ type: "RejectAgency", agencyId: A, by: ADMIN, reason: "duplicate" }, ctx)
        .thenError(),
    ).toBe("failed_operation");
  });

  it("decides only once: an approved or rejected agency cannot be decided again (agency_already_decided)", () => {
    const approved: AgencyEvent[] = [pending, { type: "AgencyApproved", data: { agencyId: A, by: ADMIN } }];
    const rejected: AgencyEvent[] = [
      pending,
      { type: "AgencyRejected", data: { agencyId: A, by: ADMIN, reason: "duplicate" } },
    ];
    for (const past of [[registered], approved, rejected]) {
      expect(given(agencyDecider, past).when({ type: "ApproveAgency", agencyId: A, by: ADMIN }, ctx).thenError()).toBe(
        "agency_already_decided",
      );
      expect(
        given(agencyDecider, past)
          .when({ type: "RejectAgency", agencyId: A, by: ADMIN, reason: "duplicate" }, ctx)
          .thenError(),
      ).toBe("agency_already_decided");
    }
  });
});
