import { describe, expect, it } from "vitest";
import { renderMail } from "../notifications/templates";
import { applicationNotices } from "./notices";

const stored = (type: string, data: Record<string, unknown>) =>
  ({
    type,
    data,
    globalPosition: 1,
    transactionId: "1",
    streamId: "application-x",
    streamType: "application",
    streamVersion: 2,
    metadata: {},
    createdAt: new Date(),
  }) as never;

describe("application notices", () => {
  it("tells a retained candidate in their language, the status named in words", async () => {
    const [notice] = applicationNotices.notices(
      stored("ApplicationStatusChanged", {
        applicationId: "a",
        userId: "u",
        adTitle: "Cuisinier",
        from: 3,
        to: 2,
        by: "consultant",
        reason: null,
        batchId: null,
        at: "",
      }),
      { publicUrl: "https://m.example" },
    );
    expect(notice).toMatchObject({ userId: "u", kind: "application_retained", link: "/candidatures-retenues" });
    // since issue 27 a consultant's change is told once its window has passed, by its own event
    const held = stored("ApplicationStatusChanged", {
      applicationId: "a",
      userId: "u",
      adTitle: "Cuisinier",
      from: 3,
      to: 2,
      by: "consultant",
      reason: null,
      batchId: "b",
      at: "",
      toldLater: true,
    });
    expect(applicationNotices.notices(held, { publicUrl: "https://m.example" })).toEqual([]);
    const told = stored("ApplicationStatusNotified", {
      applicationId: "a",
      userId: "u",
      adTitle: "Cuisinier",
      status: 2,
    });
    expect(applicationNotices.notices(told, { publicUrl: "https://m.example" })).toEqual([notice]);
    const mail = await renderMail(notice!.mail!.template, "de", { name: "Lea", ...notice!.mail!.params });
    expect(mail.subject).toBe("Ihre Bewerbung für „Cuisinier“: berücksichtigt");
  });

  it("says nothing at the refusal itself; the refusal notice carries the reason in words", async () => {
    expect(
      applicationNotices.notices(
        stored("ApplicationStatusChanged", {
          applicationId: "a",
          userId: "u",
          adTitle: "X",
          from: 3,
          to: 1,
          by: "consultant",
          reason: null,
          batchId: null,
          at: "",
        }),
        { publicUrl: "" },
      ),
    ).toEqual([]);
    const [notice] = applicationNotices.notices(
      stored("ApplicationRefusalNotified", {
        applicationId: "a",
        userId: "u",
        adTitle: "Cuisinier",
        agencyName: "Alpha",
        reason: "position_filled",
        auto: false,
      }),
      { publicUrl: "" },
    );
    const mail = await renderMail(notice!.mail!.template, "fr", { name: "Léa", ...notice!.mail!.params });
    expect(mail.text).toContain("Alpha ne donnera pas suite à votre candidature (le poste a été pourvu)");
  });

  it("confirms to the candidate and tells the ad's consultant of a new application", () => {
    const notices = applicationNotices.notices(
      stored("ApplicationSubmitted", {
        applicationId: "a",
        userId: "u",
        adId: 1,
        agencyId: "g",
        adTitle: "T",
        agencyName: "A",
        branchId: null,
        adClientId: null,
        consultantId: "c",
        source: "S03",
        answers: [],
        cv: null,
        channel: "signed_in",
        autoReplyDueAt: null,
      }),
      { publicUrl: "https://m.example" },
    );
    expect(notices.map((n) => [n.userId, n.kind, n.mail?.template])).toEqual([
      ["u", "application_submitted", "applicationReceived"],
      ["c", "application_new", "applicationNew"],
    ]);
  });
});
