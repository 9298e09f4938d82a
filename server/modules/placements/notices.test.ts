import { describe, expect, it } from "vitest";
import { renderMail } from "../notifications/templates";
import { proposalNotices } from "./notices";

const stored = (type: string, data: Record<string, unknown>) =>
  ({
    type,
    data,
    globalPosition: 1,
    transactionId: "1",
    streamId: "proposal-x",
    streamType: "proposal",
    streamVersion: 2,
    metadata: {},
    createdAt: new Date(),
  }) as never;
const terms = {
  adId: 7,
  adTitle: "Cuisinier",
  agencyId: "g",
  agencyName: "Alpha",
  branchId: null,
  adClientId: null,
  consultantId: "c",
  placeName: "Genève",
  startDate: null,
  endDate: "2027-01-31",
};

describe("proposal notices", () => {
  it("tells each candidate of a new proposal, with its deadline, in their language", async () => {
    const notices = proposalNotices.notices(
      stored("ProposalMade", {
        ...terms,
        proposalId: "p",
        candidateIds: ["u1", "u2"],
        mode: "first",
        places: 1,
        expiresAt: "2026-12-01T23:59:59.999Z",
        message: "",
        applicationId: null,
      }),
      { publicUrl: "https://m.example" },
    );
    expect(notices.map((n) => [n.userId, n.kind, n.link, n.mail?.template])).toEqual([
      ["u1", "proposal_new", "/mes-propositions", "proposalNew"],
      ["u2", "proposal_new", "/mes-propositions", "proposalNew"],
    ]);
    const mail = await renderMail(notices[0]!.mail!.template, "de", { name: "Lea", ...notices[0]!.mail!.params });
    expect(mail.text).toContain("Alpha schlägt Ihnen den Einsatz „Cuisinier“ vor. Antworten Sie bis 01/12/2026");
  });

  it("tells the consultant of an acceptance, the picked candidate of the pick, and the others when filled", () => {
    const site = { publicUrl: "" };
    expect(
      proposalNotices.notices(
        stored("ProposalAccepted", { proposalId: "p", userId: "u1", consultantId: "c", adTitle: "T", mode: "pick" }),
        site,
      ),
    ).toMatchObject([{ userId: "c", kind: "proposal_accepted_pick", mail: { template: "proposalAccepted" } }]);
    expect(
      proposalNotices.notices(
        stored("ProposalCandidatePlaced", { ...terms, proposalId: "p", userId: "u1", placementId: "m", by: "first" }),
        site,
      ),
    ).toEqual([]);
    expect(
      proposalNotices.notices(
        stored("ProposalCandidatePlaced", { ...terms, proposalId: "p", userId: "u1", placementId: "m", by: "pick" }),
        site,
      ),
    ).toMatchObject([{ userId: "u1", kind: "proposal_chosen", link: "/missions-valides" }]);
    expect(
      proposalNotices
        .notices(
          stored("ProposalFilled", { proposalId: "p", adTitle: "T", agencyName: "A", others: ["u2", "u3"] }),
          site,
        )
        .map((n) => [n.userId, n.kind, n.mail?.template]),
    ).toEqual([
      ["u2", "proposal_filled", "proposalFilled"],
      ["u3", "proposal_filled", "proposalFilled"],
    ]);
    expect(
      proposalNotices.notices(
        stored("ProposalClosed", { proposalId: "p", adTitle: "T", agencyName: "A", cancelled: false, others: ["u2"] }),
        site,
      ),
    ).toMatchObject([{ userId: "u2", kind: "proposal_closed" }]);
  });
});
