import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { isAgencyStaff, type Actor } from "../identity/contract";
import { queueMail, type EnqueueIn } from "../notifications";
import { renderPlaceholders, type TemplatePurpose } from "../applications/contract";
import { fileRunner, type CandidateAccessPort } from "./commands";
import type { ProposeOutcome } from "./rules";

/** What the file's actions call of the placements module: its proposals (and their rules). */
export interface ProposalsPort {
  proposableAds(actor: Actor): Promise<{ id: number; title: string; places: number }[]>;
  propose(
    actor: Actor,
    input: {
      adId: number;
      candidateIds: string[];
      mode: "first" | "pick";
      places: number;
      expiresAt: Date;
      message?: string;
    },
  ): Promise<string>;
}

/** …and of the applications module: the agency's reply templates (its own only). */
export interface TemplatesPort {
  replyTemplate(
    actor: Actor,
    templateId: string,
  ): Promise<{ id: string; purpose: TemplatePurpose; subject: string; body: string } | null>;
}

export interface ProposeRequest {
  adId: number;
  mode: "first" | "pick";
  places: number;
  expiresAt: Date;
  message?: string;
  candidateIds: string[];
}

export interface ProposeResult {
  proposalId: string | null;
  outcomes: { candidateId: string; outcome: ProposeOutcome }[];
}

/**
 * The actions started from the library (bulk) and the file: propose an ad, mail from a template.
 * Every candidate goes through the one access rule; what this agency deactivated is left out.
 */
export function candidateFileActions({
  sql,
  store,
  ctx,
  access,
  proposals,
  templates,
  enqueue,
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  access: CandidateAccessPort;
  proposals: ProposalsPort;
  templates: TemplatesPort;
  enqueue?: EnqueueIn;
}) {
  const run = fileRunner({ store, ctx, access });

  return {
    /**
     * One proposal of one of the agency's online ads to every ticked candidate it may propose to;
     * each other one gets its outcome (not found for this agency, deactivated by it, account
     * disabled, already proposed this ad, already applied to it) in place of a refusal of the lot.
     */
    async proposeToCandidates(actor: Actor, input: ProposeRequest): Promise<ProposeResult> {
      const agencyId = isAgencyStaff(actor) ? actor.agencyId : null;
      if (!agencyId) throw new AppError("forbidden", "not_authorized");
      const ads = await proposals.proposableAds(actor);
      if (!ads.some((a) => a.id === input.adId)) throw new AppError("not_found", "announcement_not_found", "adId");
      const ids = [...new Set(input.candidateIds)];
      const seen = await Promise.all(ids.map(async (id) => Boolean(await access.openCandidateProfile(actor, id))));
      const visible = ids.filter((_, i) => seen[i]);
      type Sets = { deactivated: string[]; disabled: string[]; proposed: string[]; applied: string[] };
      const none: Sets = { deactivated: [], disabled: [], proposed: [], applied: [] };
      const [rows = none] = visible.length
        ? await sql<Sets[]>`
          select
            array(select candidate_id::text from rm_candidate_files where agency_id = ${agencyId}
              and candidate_id = any(${visible}::uuid[]) and deactivated_reason is not null) as deactivated,
            array(select id::text from rm_users where id = any(${visible}::uuid[]) and not enabled) as disabled,
            array(select pc.candidate_id::text from rm_proposal_candidates pc join rm_proposals p on p.id = pc.proposal_id
              where p.agency_id = ${agencyId} and p.ad_id = ${input.adId} and p.status = 'open'
              and pc.response in ('pending', 'accepted', 'chosen') and pc.candidate_id = any(${visible}::uuid[])) as proposed,
            array(select candidate_id::text from rm_applications where agency_id = ${agencyId} and ad_id = ${input.adId}
              and withdrawn_at is null and candidate_id = any(${visible}::uuid[])) as applied`
        : [none];
      const outcomeOf = (id: string): ProposeOutcome =>
        !visible.includes(id)
          ? "not_found"
          : rows.deactivated.includes(id)
            ? "deactivated"
            : rows.disabled.includes(id)
              ? "unreachable"
              : rows.applied.includes(id)
                ? "already_applied"
                : rows.proposed.includes(id)
                  ? "already_proposed"
                  : "proposed";
      const outcomes = ids.map((candidateId) => ({ candidateId, outcome: outcomeOf(candidateId) }));
      const chosen = outcomes.filter((o) => o.outcome === "proposed").map((o) => o.candidateId);
      const proposalId = chosen.length
        ? await proposals.propose(actor, { ...input, candidateIds: chosen, message: input.message ?? "" })
        : null;
      return { proposalId, outcomes };
    },

    /**
     * A mail to the candidate from one of the agency's reply templates, placeholders filled (the
     * ad: their latest application to this agency, if any). Only where the access rule lets the
     * agency contact them; queued and recorded on the file's timeline in one transaction.
     */
    async mailFromTemplate(actor: Actor, candidateId: string, templateId: string): Promise<{ subject: string }> {
      const profile = (await access.openCandidateProfile(actor, candidateId)) as { contact?: boolean } | null;
      if (!profile || !actor.agencyId) throw new AppError("not_found", "errors.notFound");
      if (!profile.contact) throw new AppError("forbidden", "errors.noContact");
      const template = await templates.replyTemplate(actor, templateId);
      if (!template) throw new AppError("not_found", "templates.not_found", "templateId");
      const [target] = await sql<
        {
          email: string;
          locale: string;
          firstName: string;
          candidate: string;
          enabled: boolean;
          agency: string;
          ad: string | null;
          consultant: string;
        }[]
      >`select u.email, u.locale, u.first_name as "firstName", trim(u.first_name || ' ' || u.last_name) as candidate, u.enabled,
          (select name from rm_agencies where id = ${actor.agencyId}) as agency,
          (select ad_title from rm_applications where agency_id = ${actor.agencyId} and candidate_id = u.id order by created_at desc limit 1) as ad,
          (select trim(first_name || ' ' || last_name) from rm_users where id = ${actor.id}) as consultant
        from rm_users u where u.id = ${candidateId}`;
      if (!target?.enabled) throw new AppError("conflict", "templates.candidate_unreachable");
      const values = {
        candidate: target.candidate,
        ad: target.ad ?? "",
        agency: target.agency,
        consultant: target.consultant,
      };
      const subject = renderPlaceholders(template.subject, values);
      const body = renderPlaceholders(template.body, values);
      const mail = { to: target.email, locale: target.locale, template: "customEmail" as const };
      const params = { name: target.firstName, subject, body, agency: target.agency };
      await run(
        actor,
        candidateId,
        async () => ({
          type: "RecordMail",
          mailId: ctx.ids.uuid(),
          templateId,
          purpose: template.purpose,
          subject,
          body,
        }),
        async (tx) => {
          await queueMail(tx, { ...mail, params }, enqueue);
        },
      );
      return { subject };
    },
  };
}
