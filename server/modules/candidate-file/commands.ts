import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, Tx } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { candidateFileDecider, type CandidateFileCommand } from "./decider";
import { candidateFileStream } from "./events";
import type { AddTagInput, ArchiveInput, DeactivateInput, ReactivateInput } from "./forms";
import { tagKey } from "./rules";

/**
 * The one access rule (candidates/documents/agency-access.ts), as the file uses it: the agency's
 * staff may open the candidate's profile, else nothing of the file exists for them.
 */
export interface CandidateAccessPort {
  openCandidateProfile(actor: Actor, candidateId: string): Promise<unknown>;
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
  ) => {
    const agencyId = await agencyOfFile(access, actor, candidateId);
    await handleCommand(
      store,
      candidateFileDecider(agencyId, candidateId),
      candidateFileStream(agencyId, candidateId),
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
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  access: CandidateAccessPort;
}) {
  const run = fileRunner({ store, ctx, access });

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
      await run(actor, candidateId, async () => ({ type: "RemoveTag", tag }));
    },
    async addComment(actor: Actor, candidateId: string, body: string) {
      const commentId = ctx.ids.uuid();
      await run(actor, candidateId, async () => ({ type: "AddComment", commentId, authorId: actor.id, body }));
      return commentId;
    },
    async editComment(actor: Actor, candidateId: string, commentId: string, body: string) {
      await run(actor, candidateId, async () => ({ type: "EditComment", commentId, by: actor.id, body }));
    },
    async deleteComment(actor: Actor, candidateId: string, commentId: string) {
      await run(actor, candidateId, async () => ({ type: "DeleteComment", commentId, by: actor.id }));
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
