import type { DecideContext } from "../../event-store/decider";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { isUuid } from "../../lib/contract";
import type { Actor } from "../identity/contract";
import type { DataExportView } from "./contract";

export function privacyQueries({ sql, ctx, storage }: { sql: Db; ctx: DecideContext; storage: Storage }) {
  return {
    /** The person's latest export (the data page shows it), or null. */
    async myDataExport(actor: Actor): Promise<DataExportView | null> {
      if (actor.role !== "CANDIDATE") return null;
      const [r] = await sql<
        {
          id: string;
          status: DataExportView["status"];
          requestedAt: Date;
          expiresAt: Date | null;
          size: number | null;
        }[]
      >`
        select export_id as id, status, requested_at as "requestedAt", expires_at as "expiresAt", size from rm_data_exports
        where user_id = ${actor.id} order by requested_at desc limit 1`;
      if (!r) return null;
      const expired = r.status === "expired" || (r.expiresAt !== null && r.expiresAt <= ctx.clock.now());
      return {
        id: r.id,
        status: expired ? "expired" : r.status,
        requestedAt: r.requestedAt.toISOString(),
        expiresAt: r.expiresAt?.toISOString() ?? null,
        size: r.size,
      };
    },

    /** The ZIP, for its owner only and until it expires; null otherwise (read as not found). */
    async dataExportFile(actor: Actor, exportId: string): Promise<{ name: string; bytes: Uint8Array } | null> {
      if (!isUuid(exportId)) return null;
      const [r] = await sql<
        { fileId: string; readyAt: Date }[]
      >`select file_id as "fileId", ready_at as "readyAt" from rm_data_exports
        where export_id = ${exportId} and user_id = ${actor.id} and status = 'ready' and expires_at > ${ctx.clock.now()}`;
      const bytes = r ? await storage.get(r.fileId) : null;
      return bytes && r ? { name: `missio-data-${r.readyAt.toISOString().slice(0, 10)}.zip`, bytes } : null;
    },
  };
}
