import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import { isEvent, type Db, type StoredEvent, type Tx } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import { tenantFilter } from "../../lib/tenancy";
import type { Actor } from "../identity/contract";
import { mayAnswer, mayPropose, type ProposalMode } from "./contract";
import { placementDecider, proposalDecider, type AdForProposal, type Handler, type ProposalCommand } from "./decider";
import { placementStream, proposalStream, type ProposalCandidatePlaced } from "./events";

/** What placing needs of the applications module: the candidate's application for the ad goes on mission (status 6). */
export interface ApplicationsPort {
  placeApplication(adId: number, userId: string, actor: string): Promise<void>;
}

/** Whether an agency deactivated the candidate for itself (the candidate file's, ADR 0038). */
export interface DeactivationPort {
  deactivatedBy(agencyId: string, candidateId: string): Promise<boolean>;
}

export interface PlacementDeps {
  store: EventStore;
  ctx: DecideContext;
  applications: ApplicationsPort;
  deactivations?: DeactivationPort;
}

export interface ProposeInput {
  adId: number;
  candidateIds: string[];
  mode: ProposalMode;
  places: number;
  expiresAt: Date;
  message?: string;
  applicationId?: string | null;
}

/** The ad as a proposal needs it: its places and what a validated mission copies from it. */
async function adForProposal(sql: Db, adId: number): Promise<AdForProposal | null> {
  if (!Number.isSafeInteger(adId)) return null;
  const [ad] = await sql<(AdForProposal & { status: string })[]>`
    select a.id::int as "adId", a.title as "adTitle", a.agency_id as "agencyId", ag.name as "agencyName", a.branch_id as "branchId", a.client_id as "adClientId",
      coalesce(a.contact_id, a.created_by) as "consultantId", a.place_name as "placeName", a.commitment_date::text as "startDate", a.end_date::text as "endDate",
      a.status, coalesce((a.fields->>'places')::int, 1) as places
    from rm_ads a join rm_agencies ag on ag.id = a.agency_id where a.id = ${adId}`;
  if (!ad) return null;
  const { status, ...rest } = ad;
  return { ...rest, online: status === "online" };
}

export function placementCommands({ store, ctx, applications, deactivations }: PlacementDeps) {
  const sql = store.sql as Db;

  const handler = (actor: Actor): Handler => {
    if (!mayPropose(actor)) throw new AppError("forbidden", "not_authorized");
    return { agencyId: actor.role === "PLATFORM_ADMIN" ? null : actor.agencyId };
  };

  /**
   * Each place taken becomes a validated mission in the same transaction (placement-<id>); the
   * candidate's application for the ad goes on mission after the commit (the applications module
   * owns it; placing twice is a no-op, so a retry is safe).
   */
  async function run(id: string, command: ProposalCommand, actor: string) {
    if (!isUuid(id)) throw new AppError("not_found", "proposal_not_found");
    const [row] = await sql<{ agencyId: string }[]>`select agency_id as "agencyId" from rm_proposals where id = ${id}`;
    if (!row) throw new AppError("not_found", "proposal_not_found");
    const placed: ProposalCandidatePlaced["data"][] = [];
    await handleCommand(
      store,
      proposalDecider,
      proposalStream(id),
      command,
      ctx,
      { actor, tenant: row.agencyId },
      {
        async inTransaction(tx: Tx, events: StoredEvent[]) {
          placed.length = 0;
          for (const e of events) {
            if (!isEvent<ProposalCandidatePlaced>(e, "ProposalCandidatePlaced")) continue;
            const d = e.data;
            const { proposalId, userId, placementId, by: _by, ...terms } = d;
            const validated = placementDecider.decide(
              { type: "Validate", placementId, proposalId, userId, terms },
              placementDecider.initialState,
              ctx,
            );
            await store.appendIn(tx, placementStream(placementId), 0, validated, {
              actor,
              tenant: row.agencyId,
              causationId: String(e.globalPosition),
            });
            placed.push(d);
          }
        },
      },
    );
    for (const p of placed) await applications.placeApplication(p.adId, p.userId, actor);
    return placed;
  }

  async function propose(actor: Actor, input: ProposeInput): Promise<string> {
    const by = handler(actor);
    const ad = await adForProposal(sql, input.adId);
    const ids = input.candidateIds.filter(isUuid);
    const accounts = ids.length
      ? await sql<{ id: string }[]>`select id from rm_users where id in ${sql(ids)} and role = 'CANDIDATE' and enabled`
      : [];
    const known = new Set(accounts.map((a) => a.id));
    // the ad's agency deactivated one of them for itself (from an application's page too): refused, nothing sent
    if (ad && deactivations)
      for (const id of known)
        if (await deactivations.deactivatedBy(ad.agencyId, id))
          throw new AppError("conflict", "proposal_candidate_deactivated");
    const proposalId = ctx.ids.uuid();
    const command: ProposalCommand = {
      type: "Make",
      proposalId,
      by,
      ad,
      candidates: input.candidateIds.map((id) => ({ id, isCandidate: known.has(id) })),
      mode: input.mode,
      places: input.places,
      expiresAt: input.expiresAt,
      message: input.message ?? "",
      applicationId: input.applicationId ?? null,
    };
    await handleCommand(store, proposalDecider, proposalStream(proposalId), command, ctx, {
      actor: actor.id,
      ...(ad ? { tenant: ad.agencyId } : {}),
    });
    return proposalId;
  }

  return {
    /** A consultant proposes one of the agency's online ads to 1–50 candidates (spec: POST /api/mission/proposedMissions). */
    propose,

    /** From an application's details: to its candidate, by default for its ad. */
    async proposeFromApplication(
      actor: Actor,
      applicationId: string,
      input: Omit<ProposeInput, "candidateIds" | "applicationId">,
    ) {
      handler(actor);
      if (!isUuid(applicationId)) throw new AppError("not_found", "application_not_found");
      const [application] = await sql<
        { candidateId: string }[]
      >`select candidate_id as "candidateId" from rm_applications a
        where a.id = ${applicationId} and ${tenantFilter(sql, actor, "a")}`;
      if (!application) throw new AppError("not_found", "application_not_found");
      return propose(actor, { ...input, candidateIds: [application.candidateId], applicationId });
    },

    async acceptProposal(actor: Actor, proposalId: string) {
      if (!mayAnswer(actor)) throw new AppError("forbidden", "not_authorized");
      return (await run(proposalId, { type: "Accept", userId: actor.id }, actor.id)).map((p) => p.placementId);
    },

    async declineProposal(actor: Actor, proposalId: string) {
      if (!mayAnswer(actor)) throw new AppError("forbidden", "not_authorized");
      await run(proposalId, { type: "Decline", userId: actor.id }, actor.id);
    },

    /**
     * The consultant places one of the agency's candidates on one of its missions directly (the
     * planning board's pool: retained for the ad, or any candidate who applied to the agency or
     * worked for it). Placing twice gives the same validated mission.
     */
    async placeDirectly(actor: Actor, input: { adId: number; candidateId: string }): Promise<string> {
      const by = handler(actor);
      const ad = await adForProposal(sql, input.adId);
      if (!ad || (by.agencyId !== null && ad.agencyId !== by.agencyId))
        throw new AppError("not_found", "planning_mission_not_found", "adId");
      const candidateId = isUuid(input.candidateId) ? input.candidateId : null;
      const [known] = candidateId
        ? await sql<
            { id: string }[]
          >`select u.id from rm_users u where u.id = ${candidateId} and u.role = 'CANDIDATE' and u.enabled
            and (exists (select 1 from rm_applications a where a.candidate_id = u.id and a.agency_id = ${ad.agencyId})
              or exists (select 1 from rm_placements m where m.candidate_id = u.id and m.agency_id = ${ad.agencyId}))`
        : [];
      if (!known) throw new AppError("not_found", "planning_candidate_not_found", "candidateId");
      const [existing] = await sql<
        { id: string }[]
      >`select id from rm_placements where agency_id = ${ad.agencyId} and ad_id = ${ad.adId} and candidate_id = ${known.id} and status = 'validated' limit 1`;
      if (existing) return existing.id;
      const placementId = ctx.ids.uuid();
      const { online: _online, places: _places, ...terms } = ad;
      await handleCommand(
        store,
        placementDecider,
        placementStream(placementId),
        { type: "Validate", placementId, proposalId: null, userId: known.id, terms },
        ctx,
        { actor: actor.id, tenant: ad.agencyId },
      );
      await applications.placeApplication(ad.adId, known.id, actor.id);
      return placementId;
    },

    /** Pick mode: the consultant chooses one of those who accepted. */
    async chooseCandidate(actor: Actor, proposalId: string, candidateId: string) {
      return (await run(proposalId, { type: "Choose", by: handler(actor), userId: candidateId }, actor.id)).map(
        (p) => p.placementId,
      );
    },

    /** Ends it (those placed stay placed); `cancel` only while nobody is. */
    async closeProposal(actor: Actor, proposalId: string, { cancel = false } = {}) {
      await run(proposalId, { type: "Close", by: handler(actor), cancel }, actor.id);
    },

    /** One proposal past its expiry (idempotent). */
    async expireProposal(proposalId: string) {
      const [row] = await sql<
        { agencyId: string }[]
      >`select agency_id as "agencyId" from rm_proposals where id = ${proposalId}`;
      if (!row) return false;
      const events = await handleCommand(store, proposalDecider, proposalStream(proposalId), { type: "Expire" }, ctx, {
        actor: "system",
        tenant: row.agencyId,
      });
      return events.length > 0;
    },

    /** The cron job: every open proposal past its expiry by the injected clock. */
    async sweepExpiredProposals() {
      const due = await sql<
        { id: string }[]
      >`select id from rm_proposals where status = 'open' and expires_at <= ${ctx.clock.now()} order by expires_at limit 500`;
      let expired = 0;
      for (const { id } of due) if (await this.expireProposal(id)) expired++;
      return expired;
    },
  };
}
