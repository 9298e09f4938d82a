import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { communicationDecider } from "./communication";
import {
  carriedOver,
  communicationKindOf,
  deliveryOf,
  kindsFor,
  preferencesSchema,
  withoutMail,
  type CommunicationChoices,
} from "./communication-rules";

const ctx = { clock: fixedClock(new Date("2026-11-27T10:00:00Z")), ids: { uuid: () => "id" } } as never;
const choices = (channels: CommunicationChoices["channels"]): CommunicationChoices => ({ channels, mailLocale: null });

describe("the per-kind, per-channel decision", () => {
  it("puts every notice kind under its kind; account notices under none (mandatory)", () => {
    expect(communicationKindOf("application_new")).toBe("applications");
    expect(communicationKindOf("applications_unanswered")).toBe("applications");
    expect(communicationKindOf("placement_direct")).toBe("proposals");
    expect(communicationKindOf("shifts_published")).toBe("planning");
    expect(communicationKindOf("timesheets_client_late")).toBe("timesheets");
    expect(communicationKindOf("documents_expiring")).toBe("documents");
    expect(communicationKindOf("search_alert")).toBe("alerts");
    expect(communicationKindOf("library_alert")).toBe("alerts");
    expect(communicationKindOf("activity_due_task")).toBe("activities");
    expect(communicationKindOf("data_export_ready")).toBeNull();
  });

  it.each([
    ["both", true, true],
    ["mail", false, true],
    ["in_app", true, false],
    ["none", false, false],
  ] as const)("%s: in-app %s, mail %s", (delivery, inApp, mail) => {
    expect(deliveryOf(choices({ proposals: delivery }), "proposal_new")).toEqual({ kind: "proposals", inApp, mail });
  });

  it("sends everything when nothing was chosen, and mandatory notices whatever was chosen", () => {
    expect(deliveryOf(null, "proposal_new")).toMatchObject({ inApp: true, mail: true });
    expect(deliveryOf(choices({ proposals: "none" }), "application_new")).toMatchObject({ inApp: true, mail: true });
    expect(deliveryOf(choices({ applications: "none" }), "data_export_ready")).toEqual({
      kind: null,
      inApp: true,
      mail: true,
    });
  });

  it("unsubscribing keeps only the in-app part", () => {
    expect([
      withoutMail(undefined),
      withoutMail("both"),
      withoutMail("mail"),
      withoutMail("in_app"),
      withoutMail("none"),
    ]).toEqual(["in_app", "in_app", "none", "in_app", "none"]);
  });

  it("shows each role its kinds only", () => {
    expect(kindsFor("CANDIDATE")).toContain("documents");
    expect(kindsFor("CANDIDATE")).not.toContain("activities");
    expect(kindsFor("COLLABORATOR")).toContain("activities");
    expect(kindsFor("CLIENT")).toEqual(["applications", "proposals", "timesheets", "support"]);
    expect(kindsFor("PLATFORM_ADMIN")).toEqual(["support"]);
  });

  it("carries the profile's old choices over", () => {
    expect(carriedOver(["applications.in_app", "applications.email", "job_alerts.email", "timesheets.in_app"])).toEqual(
      {
        applications: "both",
        proposals: "none",
        alerts: "mail",
        documents: "none",
        timesheets: "in_app",
        planning: "in_app",
      },
    );
  });

  it("refuses an unknown channel or language on its field", () => {
    const r = preferencesSchema.safeParse({ channels: { proposals: "pigeon" }, mailLocale: "xx" });
    expect(r.success).toBe(false);
    expect(r.error!.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["channels.proposals", "validation.invalid_choice"],
      ["mailLocale", "validation.invalid_choice"],
    ]);
  });
});

describe("the communication decider", () => {
  const saved = {
    type: "CommunicationPreferencesSaved",
    data: { userId: "u", channels: {}, mailLocale: "fr" },
  } as const;
  it("saves from the version the form was drawn from, else refuses as changed by someone else", () => {
    const save = { type: "Save", userId: "u", channels: { proposals: "mail" }, mailLocale: "de" } as const;
    expect(
      given(communicationDecider, [saved])
        .when({ ...save, version: 1 }, ctx)
        .then(),
    ).toHaveLength(1);
    expect(
      given(communicationDecider, [saved])
        .when({ ...save, version: 0 }, ctx)
        .thenError(),
    ).toBe("changed_by_someone_else");
  });

  it("records a change of consent or an unsubscribe once", () => {
    const consent = { type: "SetMarketing", userId: "u", consent: true } as const;
    expect(given(communicationDecider, []).when(consent, ctx).then()).toHaveLength(1);
    const given1 = [{ type: "MarketingConsentChanged", data: { userId: "u", consent: true, via: "page" } } as const];
    expect(given(communicationDecider, given1).when(consent, ctx).then()).toEqual([]);
    const off = { type: "Unsubscribe", userId: "u", kind: "alerts" } as const;
    expect(given(communicationDecider, []).when(off, ctx).then()).toEqual([
      { type: "CommunicationUnsubscribed", data: { userId: "u", kind: "alerts", delivery: "in_app" } },
    ]);
    const after = [
      { type: "CommunicationUnsubscribed", data: { userId: "u", kind: "alerts", delivery: "in_app" } } as const,
    ];
    expect(given(communicationDecider, after).when(off, ctx).then()).toEqual([]);
  });
});
