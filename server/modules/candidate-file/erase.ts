import type { EraseHook } from "../erasure/contract";

/**
 * Erasure hook (ADR 0048): every agency's file, comments and tags about the person. Comments and
 * archive texts are sealed (gone with the key); tags are plain labels in the events, so the
 * person's tags are blanked in their files' streams (ids stay; a rebuild skips blank tags).
 */
export const eraseCandidateFiles: EraseHook = async (tx, { userId }) => {
  await tx`delete from rm_candidate_comments where candidate_id = ${userId}`;
  await tx`delete from rm_candidate_tags where candidate_id = ${userId}`;
  await tx`delete from rm_candidate_files where candidate_id = ${userId}`;
  await tx`update events set data = jsonb_set(data, '{tag}', '""') where stream_id like ${`candidate-file-%-${userId}`}
    and type in ('CandidateTagAdded', 'CandidateTagRemoved')`;
  return [];
};
