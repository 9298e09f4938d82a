import type { EraseHook } from "../erasure/contract";

/** Erasure hook (ADR 0048): the person's data exports and their ZIP files. */
export const eraseDataExports: EraseHook = async (tx, { userId }) => {
  const rows = await tx<{ id: string | null }[]>`
    delete from rm_data_exports where user_id = ${userId} returning file_id as id`;
  return rows.flatMap((r) => (r.id ? [r.id] : []));
};
