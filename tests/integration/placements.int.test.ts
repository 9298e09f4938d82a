import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  ConcurrencyError,
  createLogger,
  integrationHarness,
  notifierProcessor,
  ProcessorRunner,
  roomsFor,
  type Actor,
} from "../support/harness";
import { agencyWithPeople, sampleAdFields } from "../support/missions";
import { MODULES } from "../../server/modules";
import { STATUS } from "../../server/modules/applications/contract";
import type { ProposeInput } from "../../server/modules/placements/commands";

/** Proposals and validated missions against the real Postgres and event store, with a clock the tests move. */
const { db, domain, clock } = integrationHarness({ clock: true, domain: { publicUrl: "https://missio.example" } });
let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
let other: Awaited<ReturnType<typeof agencyWithPeople>>;
const DAY = 24 * 3600 * 1000;

const keyOf = (p: Promise<unknown>) =>
  p.then(
    () => null,
    (e: unknown) => (e instanceof AppError ? e.key : e instanceof ConcurrencyError ? "concurrency" : Promise.reject(e)),
  );

let seq = 0;
async function candidate(): Promise<Actor> {
  seq++;
  const id = await domain.identity.registerUser({
    email: `prop${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Zoé${seq}`,
    lastName: "Rochat",
    locale: "fr",
    role: "CANDIDATE",
    country: "CH",
    agencyId: null,
    clientId: null,
    verified: true,
  });
  return { id, role: "CANDIDATE", agencyId: null, clientId: null };
}

const publish = (owner = agency, places = 2) =>
  domain.missions.createAd(owner.consultant, { fields: sampleAdFields({ questions: [], places }), publish: true });
const propose = (adId: number, candidates: Actor[], over: Partial<ProposeInput> = {}, who: Actor = agency.consultant) =>
  domain.placements.propose(who, {
    adId,
    candidateIds: candidates.map((c) => c.id),
    mode: "first",
    places: 1,
    expiresAt: new Date(clock.now().getTime() + 3 * DAY),
    message: "Chantier à Genève",
    ...over,
  });
const responses = async (proposalId: string) =>
  Object.fromEntries(
    (
      await db.sql<
        { candidate_id: string; response: string }[]
      >`select candidate_id, response from rm_proposal_candidates where proposal_id = ${proposalId}`
    ).map((r) => [r.candidate_id, r.response]),
  );
const statusOf = async (proposalId: string) =>
  (await db.sql<{ status: string }[]>`select status from rm_proposals where id = ${proposalId}`)[0]?.status;

/** Runs the notifier over everything appended so far (the app runs it as a processor). */
async function notify() {
  const runner = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: MODULES.flatMap((m) => (m.notices ? [m.notices] : [])),
      recipients: domain.identity,
      logger: createLogger("silent"),
      publicUrl: "https://missio.example",
    }),
    createLogger("silent"),
    100,
  );
  while (await runner.runOnce());
}
const mailsTo = async ({ id }: Actor) =>
  (
    await db.sql<
      { template: string }[]
    >`select template from mail_outbox where recipient = (select email from rm_users where id = ${id}) order by created_at`
  ).map((m) => m.template);

beforeAll(async () => {
  agency = await agencyWithPeople(domain);
  other = await agencyWithPeople(domain);
});

describe("first to accept", () => {
  it("places the first who accepts: application on mission, a validated mission, the others told when filled", async () => {
    const adId = await publish();
    const [lea, tom, ana] = [await candidate(), await candidate(), await candidate()];
    const applicationId = await domain.applications.apply(lea, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "registered" },
    });
    const id = await domain.placements.proposeFromApplication(agency.consultant, applicationId, {
      adId,
      mode: "first",
      places: 1,
      expiresAt: new Date(clock.now().getTime() + DAY),
    });
    // from an application: to its candidate only; then another proposal of the same ad to three
    expect(Object.keys(await responses(id))).toEqual([lea.id]);
    await domain.placements.closeProposal(agency.consultant, id, { cancel: true });
    const proposalId = await propose(adId, [lea, tom, ana]);
    expect((await domain.placements.myProposals(tom)).map((p) => [p.id, p.response, p.status])).toEqual([
      [proposalId, "pending", "open"],
    ]);

    await domain.placements.declineProposal(ana, proposalId);
    const [placementId] = await domain.placements.acceptProposal(lea, proposalId);
    expect(await statusOf(proposalId)).toBe("filled");
    expect(await responses(proposalId)).toEqual({ [lea.id]: "chosen", [tom.id]: "not_chosen", [ana.id]: "declined" });
    expect(await keyOf(domain.placements.acceptProposal(tom, proposalId))).toBe("proposal_closed");
    // accepting again (a retried form) changes nothing
    expect(await domain.placements.acceptProposal(lea, proposalId)).toEqual([]);

    const [app] = await db.sql<{ status: number }[]>`select status from rm_applications where id = ${applicationId}`;
    expect(app!.status).toBe(STATUS.mission);
    const [row] =
      await db.sql`select ad_id::int as ad_id, agency_id, candidate_id, client_id, branch_id, consultant_id, proposal_id, place_name, start_date::text, end_date::text, status
      from rm_placements where id = ${placementId!}`;
    const fields = sampleAdFields();
    expect(row).toMatchObject({
      ad_id: adId,
      agency_id: agency.agencyId,
      candidate_id: lea.id,
      proposal_id: proposalId,
      place_name: "Genève",
      start_date: fields.commitmentDate,
      end_date: fields.endDate,
      status: "validated",
      consultant_id: agency.consultant.id,
    });
    expect((await domain.placements.myPlacements(lea)).map((m) => m.id)).toEqual([placementId]);
    expect((await domain.placements.agencyPlacements(agency.consultant)).map((m) => m.id)).toContain(placementId);
    expect(await domain.placements.myPlacements(tom)).toEqual([]);

    await notify();
    expect(await mailsTo(lea)).toContain("proposalNew");
    expect(await mailsTo(lea)).not.toContain("proposalFilled");
    expect(await mailsTo(tom)).toEqual(expect.arrayContaining(["proposalNew", "proposalFilled"]));
    // who declined is not told the places are filled
    expect(await mailsTo(ana)).not.toContain("proposalFilled");
    expect(await mailsTo(agency.consultant)).toContain("proposalAccepted");
    const [note] = await db.sql<
      { kind: string }[]
    >`select kind from rm_notifications where user_id = ${tom.id} and kind = 'proposal_filled'`;
    expect(note).toBeTruthy();
  });

  it("keeps the proposal open while places remain", async () => {
    const adId = await publish();
    const [a, b, c] = [await candidate(), await candidate(), await candidate()];
    const proposalId = await propose(adId, [a, b, c], { places: 2 });
    await domain.placements.acceptProposal(a, proposalId);
    expect(await statusOf(proposalId)).toBe("open");
    await domain.placements.acceptProposal(b, proposalId);
    expect(await statusOf(proposalId)).toBe("filled");
    expect((await responses(proposalId))[c.id]).toBe("not_chosen");
  });
});

describe("the consultant picks", () => {
  it("waits for the pick among those who accepted; the pick places and fills", async () => {
    const adId = await publish();
    const [a, b] = [await candidate(), await candidate()];
    const proposalId = await propose(adId, [a, b], { mode: "pick" });
    expect(await keyOf(domain.placements.chooseCandidate(agency.consultant, proposalId, a.id))).toBe(
      "proposal_not_accepted",
    );
    expect(await domain.placements.acceptProposal(a, proposalId)).toEqual([]);
    await domain.placements.acceptProposal(b, proposalId);
    expect(await db.sql`select 1 from rm_placements where proposal_id = ${proposalId}`).toHaveLength(0);
    expect(await keyOf(domain.placements.chooseCandidate(other.consultant, proposalId, b.id))).toBe(
      "proposal_not_found",
    );
    const [placementId] = await domain.placements.chooseCandidate(agency.consultant, proposalId, b.id);
    expect(await statusOf(proposalId)).toBe("filled");
    expect(await responses(proposalId)).toEqual({ [a.id]: "not_chosen", [b.id]: "chosen" });
    expect((await domain.placements.myPlacements(b)).map((m) => m.id)).toEqual([placementId]);
    await notify();
    expect(await mailsTo(b)).toContain("proposalChosen");
    expect(await mailsTo(a)).toContain("proposalFilled");
    expect(await mailsTo(a)).not.toContain("proposalChosen");
  });
});

describe("expiry and closing", () => {
  it("expires by the injected clock: answers refused from the expiry on, the sweep closes it once", async () => {
    const adId = await publish();
    const [a, b] = [await candidate(), await candidate()];
    const proposalId = await propose(adId, [a, b], { expiresAt: new Date(clock.now().getTime() + DAY) });
    const start = clock.now();
    try {
      expect(await domain.placements.sweepExpiredProposals()).toBe(0);
      clock.advance(DAY + 1000);
      expect(await keyOf(domain.placements.acceptProposal(a, proposalId))).toBe("proposal_expired");
      expect(await domain.placements.sweepExpiredProposals()).toBeGreaterThanOrEqual(1);
      expect(await statusOf(proposalId)).toBe("expired");
      expect(await responses(proposalId)).toEqual({ [a.id]: "expired", [b.id]: "expired" });
      expect(await domain.placements.expireProposal(proposalId)).toBe(false);
      expect(await keyOf(domain.placements.declineProposal(b, proposalId))).toBe("proposal_expired");
    } finally {
      clock.set(start);
    }
  });

  it("closes (cancels only while nobody is placed) and tells those still waiting", async () => {
    const adId = await publish();
    const [a, b] = [await candidate(), await candidate()];
    const proposalId = await propose(adId, [a, b], { places: 2 });
    await domain.placements.acceptProposal(a, proposalId);
    expect(await keyOf(domain.placements.closeProposal(agency.consultant, proposalId, { cancel: true }))).toBe(
      "proposal_has_placements",
    );
    await domain.placements.closeProposal(agency.consultant, proposalId);
    expect(await statusOf(proposalId)).toBe("closed");
    expect(await keyOf(domain.placements.closeProposal(agency.consultant, proposalId))).toBe("proposal_closed");
    await notify();
    const kinds = await db.sql<
      { user_id: string }[]
    >`select user_id from rm_notifications where kind = 'proposal_closed' and user_id in ${db.sql([a.id, b.id])}`;
    expect(kinds.map((k) => k.user_id)).toEqual([b.id]);
  });
});

describe("rules and isolation", () => {
  it("refuses what the rules forbid", async () => {
    const adId = await publish(agency, 2);
    const lea = await candidate();
    const now = clock.now().getTime();
    expect(await keyOf(propose(adId, [lea], { places: 3 }))).toBe("proposal_places_range");
    expect(await keyOf(propose(adId, [lea], { places: 0 }))).toBe("proposal_places_range");
    expect(await keyOf(propose(adId, [lea], { expiresAt: new Date(now - 1000) }))).toBe("proposal_expiry_range");
    expect(await keyOf(propose(adId, [lea], { expiresAt: new Date(now + 62 * DAY) }))).toBe("proposal_expiry_range");
    expect(await keyOf(propose(adId, []))).toBe("proposal_candidates_range");
    expect(await keyOf(propose(adId, [lea, agency.consultant]))).toBe("proposal_not_candidate");
    expect(await keyOf(propose(adId, [lea], {}, agency.client))).toBe("not_authorized");
    expect(await keyOf(propose(adId, [lea], {}, lea))).toBe("not_authorized");
    expect(await keyOf(propose(99_999_999, [lea]))).toBe("announcement_not_found");
    const [{ n }] = await db.sql<
      [{ n: number }]
    >`select count(*)::int as n from rm_proposal_candidates where candidate_id = ${lea.id}`;
    expect(n).toBe(0);
  });

  it("keeps another agency and a stranger candidate out, as not found", async () => {
    const adId = await publish();
    const [lea, stranger] = [await candidate(), await candidate()];
    const applicationId = await domain.applications.apply(lea, {
      adId,
      source: "S01",
      answers: [],
      message: "",
      cv: { kind: "registered" },
    });
    const proposalId = await propose(adId, [lea]);
    // another agency: neither the ad, the application, the proposal nor its lists
    expect(await keyOf(propose(adId, [lea], {}, other.consultant))).toBe("announcement_not_found");
    expect(
      await keyOf(
        domain.placements.proposeFromApplication(other.consultant, applicationId, {
          adId,
          mode: "first",
          places: 1,
          expiresAt: new Date(clock.now().getTime() + DAY),
        }),
      ),
    ).toBe("application_not_found");
    expect(await keyOf(domain.placements.closeProposal(other.consultant, proposalId))).toBe("proposal_not_found");
    expect((await domain.placements.agencyProposals(other.consultant)).map((p) => p.id)).not.toContain(proposalId);
    expect((await domain.placements.proposableAds(other.consultant)).map((a) => a.id)).not.toContain(adId);
    expect((await domain.placements.proposableAds(agency.consultant)).map((a) => a.id)).toContain(adId);
    // a candidate it was not made to
    expect(await keyOf(domain.placements.acceptProposal(stranger, proposalId))).toBe("proposal_not_found");
    expect(await keyOf(domain.placements.declineProposal(stranger, proposalId))).toBe("proposal_not_found");
    expect(await domain.placements.myProposals(stranger)).toEqual([]);
    expect(await keyOf(domain.placements.acceptProposal(lea, "not-a-uuid"))).toBe("proposal_not_found");

    const [placementId] = await domain.placements.acceptProposal(lea, proposalId);
    expect(await domain.placements.placement(stranger, placementId!)).toBeNull();
    expect(await domain.placements.placement(other.consultant, placementId!)).toBeNull();
    expect(await domain.placements.placement(lea, placementId!)).toMatchObject({ id: placementId });
    expect((await domain.placements.agencyPlacements(other.consultant)).map((m) => m.id)).not.toContain(placementId);
  });

  it("routes live events to the agency's room and each candidate's", async () => {
    const adId = await publish();
    const [a, b] = [await candidate(), await candidate()];
    const proposalId = await propose(adId, [a, b]);
    await domain.placements.acceptProposal(a, proposalId);
    const routes = MODULES.flatMap((m) => (m.realtime ? [m.realtime] : []));
    const events = await domain.store.readStream(`proposal-${proposalId}`);
    const roomsOf = (type: string) =>
      roomsFor(
        events.find((e) => e.type === type)!,
        routes,
      ).sort();
    expect(roomsOf("ProposalMade")).toEqual([`agency:${agency.agencyId}`, `user:${a.id}`, `user:${b.id}`].sort());
    expect(roomsOf("ProposalAccepted")).toEqual([`agency:${agency.agencyId}`, `user:${a.id}`].sort());
    expect(roomsOf("ProposalFilled")).toEqual([`agency:${agency.agencyId}`, `user:${b.id}`].sort());
    const [placement] = await db.sql<{ id: string }[]>`select id from rm_placements where proposal_id = ${proposalId}`;
    const validated = (await domain.store.readStream(`placement-${placement!.id}`))[0]!;
    expect(roomsFor(validated, routes).sort()).toEqual([`agency:${agency.agencyId}`, `user:${a.id}`].sort());
  });
});
