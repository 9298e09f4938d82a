import type { Tx } from "../../event-store/types";
import type { EraseHook } from "../erasure/contract";

type Fragment = ReturnType<Tx["unsafe"]>;

/** What an application loses with its candidate's words (erasure, retention): message, answers, interest, CV. */
export const wordsGone = (tx: Tx) => tx`message = null, answers = '[]'::jsonb, interest = null,
  cv_file_id = null, cv_name = null, cv_mime = null, cv_size = null`;

/** Events written before the CV's name was sealed hold it in the clear: the one field is blanked. */
export const blankClearCvNames = (tx: Tx, where: Fragment) =>
  tx`update events set data = jsonb_set(data, '{cv,name}', '""') where type = 'ApplicationSubmitted'
    and ${where} and jsonb_typeof(data->'cv') = 'object' and data->'cv'->>'name' <> ''`;

/**
 * Erasure hook (ADR 0048): applications stay as rows (an ad's pipeline counts, statistics) with
 * the candidate's words, answers and CV gone; the candidate id points at nobody any more.
 */
export const eraseApplications: EraseHook = async (tx, { userId }) => {
  const files = await tx<{ id: string | null }[]>`
    select cv_file_id as id from rm_applications where candidate_id = ${userId}`;
  await tx`update rm_applications set ${wordsGone(tx)} where candidate_id = ${userId}`;
  await blankClearCvNames(tx, tx`data->>'userId' = ${userId}`);
  return files.flatMap((f) => (f.id ? [f.id] : []));
};
