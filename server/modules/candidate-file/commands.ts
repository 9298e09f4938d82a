import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, Tx } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { fold } from "../../event-store/decider";
import { candidateFileDecider, type CandidateFileCommand, type CandidateFileState } from "./decider";
import { candidateFileStream, type CandidateFileEvent } from "./events";
import type { AddTagInput, ArchiveInput, DeactivateInput, ReactivateInput } from "./forms";
import { tagKey } from "./rules";

/**
 * The one access rule (candidates/documents/agency-access.ts), as the file uses it: the agency's
 * staff may open the candidate's profile, else nothing of the file exists for them.
 */
export interface CandidateAccessPort {
  openCandidateProfile(actor: Actor, candidateId: string): Promise<unknown>;
}

/** The records merged into a candidate (the duplicates module's; ADR 0039). */
export interface MergesPort {
  mergedInto(candidateId: string): Promise<string[]>;
}

/** The agency acting on this candidate's file, or not found (another agency, a client user, a candidate, a foreign id). */
export async function agencyOfFile(access: CandidateAccessPort, actor: Actor, candidateId: string): Promise<string> {
  const profile = await access.openCandidateProfile(actor, candidateId);
  if (!profile || !actor.agencyId) throw new AppError("not_found", "errors.notFound");
  return actor.agencyId;
}

/** Appends to the agency's file on the candidate once the access rule said yes; `inTransaction` runs with the append (a mail queued with its record). */
export function fileRunner({
  store,
  ctx,
  access,
}: {
  store: EventStore;
  ctx: DecideContext;
  access: CandidateAccessPort;
}) {
  return async (
    actor: Actor,
    candidateId: string,
    command: (agencyId: string) => Promise<CandidateFileCommand>,
    inTransaction?: (tx: Tx) => Promise<void>,
    /** the record whose stream holds what the command is about (a tag or comment moved by a merge), else this one */
    streamOf?: (agencyId: string) => Promise<string>,
  ) => {
    const agencyId = await agencyOfFile(access, actor, candidateId);
    const origin = (await streamOf?.(agencyId)) ?? candidateId;
    await handleCommand(
      store,
      candidateFileDecider(agencyId, origin),
      candidateFileStream(agencyId, origin),
      await command(agencyId),
      ctx,
      // the agency's room only: never `userId`, so the candidate's room does not hear of it
      { actor: actor.id, tenant: agencyId, subject: candidateId },
      { inTransaction },
    );
  };
}

export function candidateFileCommands({
  sql,
  store,
  ctx,
  access,
  merges,
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  access: CandidateAccessPort;
  merges: MergesPort;
}) {
  const run = fileRunner({ store, ctx, access });

  /**
   * Which record's file stream holds a tag or comment shown on this candidate's file: its own, or a
   * record merged into it (ADR 0039: a merge moves the rows, the streams keep the ids they were written with).
   */
  const holderOf =
    (candidateId: string, has: (state: CandidateFileState) => boolean) =>
    async (agencyId: string): Promise<string> => {
      for (const id of [candidateId, ...(await merges.mergedInto(candidateId))]) {
        const past = await store.readStream<CandidateFileEvent>(candidateFileStream(agencyId, id));
        if (has(fold(candidateFileDecider(agencyId, id), past))) return id;
      }
      return candidateId;
    };

  return {
    /** A tag keeps the colour it already has in the agency: one colour per tag, whoever adds it next. */
    async addTag(actor: Actor, candidateId: string, input: AddTagInput) {
      await run(actor, candidateId, async (agencyId) => {
        const [known] = await sql<{ colour: string }[]>`
          select colour from rm_candidate_tags where agency_id = ${agencyId} and tag_key = ${tagKey(input.tag)} limit 1`;
        return { type: "AddTag", tag: input.tag, colour: (known?.colour ?? input.colour) as AddTagInput["colour"] };
      });
    },
    async removeTag(actor: Actor, candidateId: string, tag: string) {
      const holder = holderOf(candidateId, (s) => !!s.tags[tagKey(tag)]);
      await run(actor, candidateId, async () => ({ type: "RemoveTag", tag, heldBy: candidateId }), undefined, holder);
    },
    async addComment(actor: Actor, candidateId: string, body: string) {
      const commentId = ctx.ids.uuid();
      await run(actor, candidateId, async () => ({ type: "AddComment", commentId, authorId: actor.id, body }));
      return commentId;
    },
    async editComment(actor: Actor, candidateId: string, commentId: string, body: string) {
      const holder = holderOf(candidateId, (s) => commentId in s.comments);
      await run(
        actor,
        candidateId,
        async () => ({ type: "EditComment", commentId, by: actor.id, body }),
        undefined,
        holder,
      );
    },
    async deleteComment(actor: Actor, candidateId: string, commentId: string) {
      const holder = holderOf(candidateId, (s) => commentId in s.comments);
      await run(
        actor,
        candidateId,
        async () => ({ type: "DeleteComment", commentId, by: actor.id }),
        undefined,
        holder,
      );
    },
    async archiveCandidate(actor: Actor, candidateId: string, input: ArchiveInput) {
      await run(actor, candidateId, async () => ({ type: "Archive", reason: input.reason, text: input.text ?? "" }));
    },
    async restoreCandidate(actor: Actor, candidateId: string) {
      await run(actor, candidateId, async () => ({ type: "Restore" }));
    },
    /** For this agency only (ADR 0038): its ads refuse the candidate's applications, it proposes nothing to them. */
    async deactivateCandidate(actor: Actor, candidateId: string, input: DeactivateInput) {
      await run(actor, candidateId, async () => ({ type: "Deactivate", reason: input.reason, text: input.text ?? "" }));
    },
    async reactivateCandidate(actor: Actor, candidateId: string, input: ReactivateInput) {
      await run(actor, candidateId, async () => ({ type: "Reactivate", reason: input.reason, text: input.text ?? "" }));
    },
  };
}
