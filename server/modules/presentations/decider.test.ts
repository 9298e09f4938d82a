import { describe, expect, it } from "vitest";
import { given } from "../../event-store/decider";
import { fixedClock } from "../../lib/clock";
import { presentationDecider, type PresentationCommand } from "./decider";
import type { PresentationEvent } from "./events";
import { ageBand, answerSchema, buildDossierSchema, DOSSIER_MAX_CANDIDATES } from "./rules";

const at = (iso: string) => ({ clock: fixedClock(iso), ids: { uuid: () => "00000000-0000-4000-8000-000000000001" } });
const ctx = at("2026-11-27T10:00:00Z");
const d = presentationDecider("p-1");
const ids = { presentationId: "p-1", agencyId: "ag-1", ownerId: "owner" };
const build: PresentationCommand = {
  type: "Build",
  agencyId: "ag-1",
  ownerId: "owner",
  companyId: "co-1",
  title: "Caristes",
  language: "de",
  anonymised: true,
  alias: "initials",
  showEmployers: false,
  members: [
    { candidateId: "c-1", sections: ["summary"], documents: [], comment: "Très fiable" },
    { candidateId: "c-2", sections: [], documents: [{ id: "d-1", category: "cv" }], comment: "" },
  ],
};
const built = given(d, []).when(build, ctx).then();
const link = (hash: string, expiresAt = "2026-12-27T10:00:00.000Z"): PresentationEvent => ({
  type: "PresentationLinkIssued",
  data: { ...ids, tokenHash: hash, expiresAt },
});

describe("presentation dossiers: building", () => {
  it("builds once, each candidate's comment sealed with that candidate's key", () => {
    expect(built[0]).toMatchObject({ type: "PresentationBuilt", data: { memberIds: ["c-1", "c-2"], language: "de" } });
    expect(built[1]).toEqual({
      type: "PresentationMemberAdded",
      data: { ...ids, memberId: "c-1", position: 0, sections: ["summary"], documents: [] },
      personal: { subjectId: "c-1", data: { comment: "Très fiable" } },
    });
    expect(JSON.stringify(built[1]!.data)).not.toContain("fiable");
    expect(given(d, built).when(build, ctx).thenError()).toBe("errors.exists");
  });

  it("refuses a dossier without candidates or with too many", () => {
    expect(
      given(d, [])
        .when({ ...build, members: [] }, ctx)
        .thenError(),
    ).toBe("errors.noCandidate");
    const many = Array.from({ length: DOSSIER_MAX_CANDIDATES + 1 }, (_, i) => ({
      ...build.members[0]!,
      candidateId: `c${i}`,
    }));
    expect(
      given(d, [])
        .when({ ...build, members: many }, ctx)
        .thenError(),
    ).toBe("errors.tooMany");
  });

  it("refuses anything on a dossier that does not exist", () => {
    expect(given(d, []).when({ type: "DownloadPdf", by: "owner" }, ctx).thenError()).toBe("errors.notFound");
  });
});

describe("presentation dossiers: the client link", () => {
  it("issues a link valid 30 days; a new one replaces it; a send issues one too", () => {
    expect(given(d, built).when({ type: "IssueLink", by: "owner", tokenHash: "h1" }, ctx).then()).toEqual([link("h1")]);
    const sent = given(d, built).when({ type: "Send", by: "owner", recipientId: "u-9", tokenHash: "h2" }, ctx).then();
    expect(sent.map((e) => e.type)).toEqual(["PresentationLinkIssued", "PresentationSent"]);
    const answer = { type: "Answer", tokenHash: "h1", position: 0, answer: "interested", comment: "" } as const;
    expect(
      given(d, [...built, link("h1"), link("h2")])
        .when(answer, ctx)
        .thenError(),
    ).toBe("link.invalid");
  });

  it("answers with the current link only: revoked, tampered and expired links are refused", () => {
    const answer = (tokenHash: string) =>
      ({ type: "Answer", tokenHash, position: 1, answer: "meeting", comment: "Mardi ?" }) as const;
    expect(
      given(d, [...built, link("h1")])
        .when(answer("h1"), ctx)
        .then(),
    ).toEqual([
      {
        type: "PresentationAnswered",
        data: { ...ids, candidateId: "c-2", position: 1, answer: "meeting" },
        personal: { subjectId: "c-2", data: { comment: "Mardi ?" } },
      },
    ]);
    expect(
      given(d, [...built, link("h1")])
        .when(answer("forged"), ctx)
        .thenError(),
    ).toBe("link.invalid");
    const revoked: PresentationEvent = { type: "PresentationLinkRevoked", data: { ...ids, by: "owner" } };
    expect(
      given(d, [...built, link("h1"), revoked])
        .when(answer("h1"), ctx)
        .thenError(),
    ).toBe("link.invalid");
    expect(
      given(d, [...built, link("h1")])
        .when(answer("h1"), at("2026-12-28T00:00:00Z"))
        .thenError(),
    ).toBe("link.expired");
    expect(
      given(d, [...built, revoked])
        .when({ type: "RevokeLink", by: "owner" }, ctx)
        .thenError(),
    ).toBe("errors.noLink");
    const unknown = { ...answer("h1"), position: 5 };
    expect(
      given(d, [...built, link("h1")])
        .when(unknown, ctx)
        .thenError(),
    ).toBe("link.invalid");
  });

  it("records an opening at most once an hour", () => {
    const open = { type: "Open", tokenHash: "h1" } as const;
    const opened = given(d, [...built, link("h1")])
      .when(open, ctx)
      .then();
    expect(opened).toEqual([{ type: "PresentationOpened", data: { ...ids, at: "2026-11-27T10:00:00.000Z" } }]);
    expect(
      given(d, [...built, link("h1"), ...opened])
        .when(open, at("2026-11-27T10:30:00Z"))
        .then(),
    ).toEqual([]);
    expect(
      given(d, [...built, link("h1"), ...opened])
        .when(open, at("2026-11-27T11:30:00Z"))
        .then(),
    ).toHaveLength(1);
  });
});

describe("presentation dossiers: rules", () => {
  it("gives an age band, never an age, counting the birthday", () => {
    const today = new Date("2026-11-27T00:00:00Z");
    expect(ageBand("2001-11-28", today)).toBe("under25");
    expect(ageBand("2001-11-27", today)).toBe("25to34");
    expect(ageBand("1980-01-01", today)).toBe("45to54");
    expect(ageBand("1950-01-01", today)).toBe("55plus");
    expect(ageBand(null, today)).toBeNull();
  });

  it("needs at least one ticked candidate and an answer", () => {
    const base = { title: "T", clientId: "00000000-0000-4000-8000-000000000002", language: "fr" };
    const c = { candidateId: "00000000-0000-4000-8000-000000000003" };
    expect(buildDossierSchema.safeParse({ ...base, candidates: [c] }).error?.issues[0]?.message).toBe(
      "errors.noCandidate",
    );
    expect(buildDossierSchema.safeParse({ ...base, candidates: [{ ...c, include: "on" }] }).success).toBe(true);
    expect(answerSchema.safeParse({ n: "1" }).error?.issues[0]?.message).toBe("errors.answerRequired");
  });
});
