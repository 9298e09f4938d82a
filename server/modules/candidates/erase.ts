import type { EraseHook } from "../erasure/contract";

/** Erasure hook (ADR 0048): registration, profile, CV parses and suggestions, documents and their files. */
export const eraseCandidate: EraseHook = async (tx, { userId, email }) => {
  const files = await tx<{ id: string | null }[]>`
    select file_id as id from rm_candidate_documents where user_id = ${userId}
    union all select cv_file_id from rm_registrations where user_id = ${userId} or lower(email) = ${email?.toLowerCase() ?? null}`;
  await tx`delete from rm_cv_suggestions where user_id = ${userId}`;
  await tx`delete from rm_cv_parses where user_id = ${userId}`;
  await tx`delete from rm_candidate_document_views where user_id = ${userId}`;
  await tx`delete from rm_candidate_documents where user_id = ${userId}`;
  await tx`delete from rm_named_profiles where user_id = ${userId}`;
  await tx`delete from rm_profile_entries where user_id = ${userId}`;
  await tx`delete from rm_profiles where user_id = ${userId}`;
  await tx`delete from rm_candidates where user_id = ${userId}`;
  await tx`delete from rm_registrations where user_id = ${userId} or lower(email) = ${email?.toLowerCase() ?? null}`;
  return files.flatMap((f) => (f.id ? [f.id] : []));
};
