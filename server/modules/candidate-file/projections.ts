import type { Projection, Tx } from "../../event-store/types";
import { MERGE_EVENT_TYPES, mergeMove } from "../duplicates/contract";
import { CANDIDATE_FILE_EVENT_TYPES, type CandidateFileEvent } from "./events";
import { tagKey } from "./rules";

/** rm_candidate_files, rm_candidate_tags, rm_candidate_comments: inline, so the file reads its own writes. */
export const candidateFileProjection: Projection<CandidateFileEvent> = {
  name: "candidate-file",
  eventTypes: [...CANDIDATE_FILE_EVENT_TYPES, ...MERGE_EVENT_TYPES],
  tables: ["rm_candidate_files", "rm_candidate_tags", "rm_candidate_comments"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const move = mergeMove(e); // a merge moves the listed comments and tags, its undo moves them back (ADR 0039)
      if (move) {
        // the file's own row (archive, deactivation, stream version) stays with its stream's record
        const { comments, tags } = move.moved;
        await tx`update rm_candidate_comments set candidate_id = ${move.to} where id = any(${comments}::uuid[])`;
        for (const t of tags)
          await tx`update rm_candidate_tags set candidate_id = ${move.to}
            where agency_id = ${t.agencyId} and candidate_id = ${move.from} and tag_key = ${t.tagKey}`;
        continue;
      }
      const { agencyId, candidateId } = e.data;
      const at = e.createdAt;
      const file = { agency_id: agencyId, candidate_id: candidateId, version: e.streamVersion, updated_at: at };
      await tx`insert into rm_candidate_files ${tx(file)} on conflict (agency_id, candidate_id)
        do update set version = excluded.version, updated_at = excluded.updated_at`;
      switch (e.type) {
        case "CandidateTagAdded":
          // a tag blanked by the person's erasure (ADR 0048) is not brought back
          if (!e.data.tag) break;
          await tx`insert into rm_candidate_tags ${tx({ agency_id: agencyId, candidate_id: candidateId, tag_key: tagKey(e.data.tag), tag: e.data.tag, colour: e.data.colour, added_at: at })}
            on conflict do nothing`;
          break;
        case "CandidateTagRemoved":
          await tx`delete from rm_candidate_tags where agency_id = ${agencyId}
            and candidate_id = ${e.data.heldBy ?? candidateId} and tag_key = ${tagKey(e.data.tag)}`;
          break;
        case "CandidateCommentAdded":
          await tx`insert into rm_candidate_comments ${tx({ id: e.data.commentId, agency_id: agencyId, candidate_id: candidateId, author_id: e.data.authorId, body: e.erased ? null : e.data.body, created_at: at })}
            on conflict (id) do nothing`;
          break;
        case "CandidateCommentEdited":
          await tx`update rm_candidate_comments set body = ${e.erased ? null : e.data.body}, edited_at = ${at} where id = ${e.data.commentId}`;
          break;
        case "CandidateCommentDeleted":
          await tx`delete from rm_candidate_comments where id = ${e.data.commentId}`;
          break;
        case "CandidateArchived":
          await tx`update rm_candidate_files set archived_reason = ${e.data.reason}, archived_text = ${e.erased ? null : e.data.text || null}, archived_at = ${at}
            where agency_id = ${agencyId} and candidate_id = ${candidateId}`;
          break;
        case "CandidateDeactivated":
          await tx`update rm_candidate_files set deactivated_reason = ${e.data.reason}, deactivated_text = ${e.erased ? null : e.data.text || null}, deactivated_at = ${at}
            where agency_id = ${agencyId} and candidate_id = ${candidateId}`;
          break;
        case "CandidateReactivated":
          await tx`update rm_candidate_files set deactivated_reason = null, deactivated_text = null, deactivated_at = null
            where agency_id = ${agencyId} and candidate_id = ${candidateId}`;
          break;
        case "CandidateRestored":
          await tx`update rm_candidate_files set archived_reason = null, archived_text = null, archived_at = null
            where agency_id = ${agencyId} and candidate_id = ${candidateId}`;
          break;
      }
    }
  },
};
