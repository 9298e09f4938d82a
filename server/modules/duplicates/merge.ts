import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { isAgencyStaff, isPlatformAdmin, type Actor } from "../identity/contract";
import type { PairScopePort } from "./commands";
import { mergeStream } from "./events";
import { mergeDecider } from "./merge-decider";
import {
  chosenSections,
  differingFields,
  type DifferingField,
  type MergeForm,
  type MergeMoves,
  type ProfileSections,
} from "./merge-rules";
import { PLATFORM_SCOPE } from "./rules";

/** What closes and reopens the merged-away login (identity's commands, passed in by the composition root). */
export interface MergedAccountPort {
  closeMergedAccount(userId: string, actor: string): Promise<void>;
  reopenMergedAccount(userId: string, actor: string): Promise<void>;
}

/** The comparison screen: both records' sections and the fields that differ. */
export interface MergeComparison {
  firstId: string;
  secondId: string;
  fields: DifferingField[];
  /** each record's name as the library shows it */
  names: Record<string, string>;
}

const ids = (rows: { id: string }[]) => rows.map((r) => r.id);

export function mergeCommands({
  sql,
  store,
  ctx,
  scopes,
  accounts,
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  scopes: PairScopePort;
  accounts?: MergedAccountPort;
}) {
  const namesOf = async (userIds: string[]) => {
    const rows = await sql<{ id: string; name: string }[]>`
      select u.id, concat_ws(' ', coalesce(nullif(p.identity->>'firstName', ''), u.first_name),
        coalesce(nullif(p.identity->>'lastName', ''), u.last_name)) as name
      from rm_users u left join rm_profiles p on p.user_id = u.id where u.id = any(${userIds}::uuid[])`;
    return Object.fromEntries(rows.map((r) => [r.id, r.name]));
  };

  const sections = async (userId: string): Promise<ProfileSections> => {
    const [row] = await sql<ProfileSections[]>`select identity, address from rm_profiles where user_id = ${userId}`;
    return { identity: row?.identity ?? null, address: row?.address ?? null };
  };

  /**
   * Who may merge (ADR 0039): the pair must be in the actor's list (else not found); an agency's
   * staff only when both candidates deal with that agency alone, otherwise the platform's admins.
   */
  async function mergeScope(actor: Actor, pair: { firstId: string; secondId: string }) {
    const scope = await scopes.pairScope(actor, pair);
    if (!scope) throw new AppError("not_found", "errors.notFound");
    if (scope !== PLATFORM_SCOPE) await refuseDealingsElsewhere([pair.firstId, pair.secondId], scope);
    return scope;
  }

  /** An agency merges (and undoes) only records that deal with it alone: no agency rewrites another's data. */
  async function refuseDealingsElsewhere(both: string[], agencyId: string) {
    const [elsewhere] = await sql<{ n: number }[]>`
      select (select count(*) from rm_applications where candidate_id = any(${both}::uuid[]) and agency_id <> ${agencyId})
        + (select count(*) from rm_placements where candidate_id = any(${both}::uuid[]) and agency_id <> ${agencyId})
        + (select count(*) from rm_assignments where candidate_id = any(${both}::uuid[]) and agency_id <> ${agencyId})
        + (select count(*) from rm_timesheets where candidate_id = any(${both}::uuid[]) and agency_id <> ${agencyId})
        + (select count(*) from rm_proposal_candidates pc join rm_proposals p on p.id = pc.proposal_id
            where pc.candidate_id = any(${both}::uuid[]) and p.agency_id <> ${agencyId})
        + (select count(*) from rm_candidate_files where candidate_id = any(${both}::uuid[]) and agency_id <> ${agencyId}) as n`;
    if (Number(elsewhere!.n) > 0) throw new AppError("forbidden", "merge.errors.needsAdmin");
  }

  /** The children of the merged-away record, read as the merge is decided; refused where two would collide. */
  async function movesOf(mergedId: string, survivorId: string): Promise<MergeMoves> {
    const [sameAd] = await sql`select 1 from rm_applications a join rm_applications b on b.ad_id = a.ad_id
      where a.candidate_id = ${mergedId} and b.candidate_id = ${survivorId} limit 1`;
    if (sameAd) throw new AppError("conflict", "merge.errors.sameAd");
    const [sameProposal] = await sql`select 1 from rm_proposal_candidates a join rm_proposal_candidates b
      on b.proposal_id = a.proposal_id where a.candidate_id = ${mergedId} and b.candidate_id = ${survivorId} limit 1`;
    if (sameProposal) throw new AppError("conflict", "merge.errors.sameProposal");
    const of = (table: string, column = "candidate_id") =>
      sql<{ id: string }[]>`select id from ${sql(table)} where ${sql(column)} = ${mergedId} order by id`.then(ids);
    return {
      applications: await of("rm_applications"),
      proposals: await sql<{ id: string }[]>`select proposal_id as id from rm_proposal_candidates
        where candidate_id = ${mergedId} order by proposal_id`.then(ids),
      placements: await of("rm_placements"),
      assignments: await of("rm_assignments"),
      timesheets: await of("rm_timesheets"),
      documents: await of("rm_candidate_documents", "user_id"),
      comments: await of("rm_candidate_comments"),
      tags: await sql<{ agencyId: string; tagKey: string }[]>`select agency_id as "agencyId", tag_key as "tagKey"
        from rm_candidate_tags t where candidate_id = ${mergedId} and not exists (select 1 from rm_candidate_tags s
          where s.agency_id = t.agency_id and s.candidate_id = ${survivorId} and s.tag_key = t.tag_key)
        order by agency_id, tag_key`,
      folders: await sql<
        { id: string }[]
      >`select folder_id as id from rm_folder_members m where candidate_id = ${mergedId}
        and not exists (select 1 from rm_folder_members s where s.folder_id = m.folder_id and s.candidate_id = ${survivorId})
        order by folder_id`.then(ids),
      activities: await of("rm_activities"),
    };
  }

  /** The merge not undone whose merged-away record is `mergedId`, or null. */
  const mergeOf = async (mergedId: string) => {
    const [row] = await sql<{ survivorId: string; scope: string; mergedAt: Date; undoneAt: Date | null }[]>`
      select survivor_id as "survivorId", scope, merged_at as "mergedAt", undone_at as "undoneAt"
      from rm_candidate_merges where merged_id = ${mergedId}`;
    return row && !row.undoneAt ? { ...row, mergedId } : null;
  };

  return {
    /** The comparison screen of a pair the actor may merge (not found, or refused with the reason). */
    async mergeComparison(actor: Actor, pair: { firstId: string; secondId: string }): Promise<MergeComparison> {
      if (pair.firstId > pair.secondId) pair = { firstId: pair.secondId, secondId: pair.firstId };
      await mergeScope(actor, pair);
      const fields = differingFields(await sections(pair.firstId), await sections(pair.secondId));
      return { ...pair, fields, names: await namesOf([pair.firstId, pair.secondId]) };
    },

    /** Merges the pair's other record into the chosen survivor; returns the survivor's id. */
    async mergeCandidates(actor: Actor, form: MergeForm): Promise<{ survivorId: string; mergedId: string }> {
      const pair = form.firstId < form.secondId ? form : { ...form, firstId: form.secondId, secondId: form.firstId };
      const scope = await mergeScope(actor, pair);
      const survivorId = form.survivor === "first" ? form.firstId : form.secondId;
      const mergedId = survivorId === form.firstId ? form.secondId : form.firstId;
      const before = await sections(survivorId);
      const after = chosenSections(before, await sections(mergedId), form.survivor, form.choices);
      await handleCommand(
        store,
        mergeDecider(mergedId),
        mergeStream(mergedId),
        { type: "Merge", survivorId, by: actor.id, moved: await movesOf(mergedId, survivorId), before, after },
        ctx,
        scope === PLATFORM_SCOPE ? { actor: actor.id } : { actor: actor.id, tenant: scope },
        { retries: 0 },
      );
      await accounts?.closeMergedAccount(mergedId, actor.id);
      return { survivorId, mergedId };
    },

    /** The merge whose merged-away record is `mergedId`, if the actor may still see and undo it. */
    async mergeToUndo(actor: Actor, mergedId: string) {
      const merge = await mergeOf(mergedId);
      if (!merge) throw new AppError("not_found", "errors.notFound");
      await undoScope(actor, merge);
      return { ...merge, names: await namesOf([merge.survivorId, mergedId]) };
    },

    /** Undoes the merge within 30 days: both records as they were; the login reopens. */
    async undoMerge(actor: Actor, mergedId: string) {
      const merge = await mergeOf(mergedId);
      if (!merge) throw new AppError("not_found", "errors.notFound");
      const scope = await undoScope(actor, merge);
      await handleCommand(
        store,
        mergeDecider(mergedId),
        mergeStream(mergedId),
        { type: "Undo", by: actor.id },
        ctx,
        scope === PLATFORM_SCOPE ? { actor: actor.id } : { actor: actor.id, tenant: scope },
        { retries: 0 },
      );
      await accounts?.reopenMergedAccount(mergedId, actor.id);
    },
  };

  /**
   * Who undoes: a platform admin, or the staff of the agency that merged, while both records still
   * deal with it alone; anyone else is told nothing exists.
   */
  async function undoScope(actor: Actor, merge: { scope: string; survivorId: string; mergedId: string }) {
    if (isPlatformAdmin(actor)) return PLATFORM_SCOPE;
    if (!isAgencyStaff(actor) || actor.agencyId !== merge.scope) throw new AppError("not_found", "errors.notFound");
    await refuseDealingsElsewhere([merge.survivorId, merge.mergedId], merge.scope);
    return merge.scope;
  }
}
