import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { buildZip, readmeText } from "./archive";
import { dataExportDecider, type DataExportCommand } from "./decider";
import { dataExportsStream } from "./events";

/** What this module reads of the others: the candidate's own queries, called as the candidate. */
export interface PrivacyPorts {
  identity: {
    userById(id: string): Promise<{
      email: string;
      firstName: string;
      lastName: string;
      locale: string;
      country: string | null;
      role: string;
      createdAt?: unknown;
    } | null>;
  };
  candidates: {
    myProfile(actor: Actor): Promise<unknown>;
    myProfileHistory(actor: Actor, limit?: number): Promise<unknown[]>;
    myDocuments(actor: Actor): Promise<{ id: string; name: string }[]>;
    myDocumentFile(actor: Actor, documentId: string): Promise<{ name: string; bytes: Uint8Array } | null>;
  };
  engagement: { favourites(actor: Actor): Promise<unknown[]>; savedSearches(actor: Actor): Promise<unknown[]> };
  applications: {
    myStatuses(actor: Actor): Promise<{ id: string }[]>;
    myApplication(actor: Actor, id: string): Promise<unknown>;
  };
  placements: { myProposals(actor: Actor): Promise<unknown[]>; myPlacements(actor: Actor): Promise<unknown[]> };
  notifications: { listNotifications(actor: Actor): Promise<unknown[]> };
}

const candidateActor = (userId: string): Actor => ({ id: userId, role: "CANDIDATE", agencyId: null, clientId: null });

export function privacyCommands(
  { sql, store, ctx, storage }: { sql: Db; store: EventStore; ctx: DecideContext; storage: Storage },
  ports: PrivacyPorts,
) {
  const run = (userId: string, command: DataExportCommand, actor: string) =>
    handleCommand(store, dataExportDecider, dataExportsStream(userId), command, ctx, { actor, subject: userId });

  /** Everything the platform holds about the person, as the ZIP's parts and files. */
  async function collect(userId: string) {
    const me = candidateActor(userId);
    const account = await ports.identity.userById(userId);
    const ids = (await ports.applications.myStatuses(me)).map((a) => a.id);
    const documents = await ports.candidates.myDocuments(me);
    const files: { name: string; bytes: Uint8Array }[] = [];
    for (const d of documents) {
      const file = await ports.candidates.myDocumentFile(me, d.id);
      if (file) files.push({ name: file.name, bytes: file.bytes });
    }
    const parts = {
      account: account && {
        email: account.email,
        firstName: account.firstName,
        lastName: account.lastName,
        locale: account.locale,
        country: account.country,
      },
      profile: await ports.candidates.myProfile(me),
      "profile-history": await ports.candidates.myProfileHistory(me, 100_000),
      applications: await Promise.all(ids.map((id) => ports.applications.myApplication(me, id))),
      proposals: await ports.placements.myProposals(me),
      missions: await ports.placements.myPlacements(me),
      favourites: await ports.engagement.favourites(me),
      "saved-searches": await ports.engagement.savedSearches(me),
      notifications: await ports.notifications.listNotifications(me),
      documents,
    };
    return { locale: account?.locale ?? "fr", name: account?.firstName ?? "", parts, files };
  }

  return {
    /** The candidate asks for their data; refused with data_export_in_progress while one builds. Returns the export's id. */
    async requestDataExport(actor: Actor): Promise<string> {
      if (actor.role !== "CANDIDATE") throw new AppError("forbidden", "not_authorized");
      const exportId = ctx.ids.uuid();
      await run(actor.id, { type: "Request", userId: actor.id, exportId }, actor.id);
      return exportId;
    },

    /**
     * Builds the ZIP (the `privacy.build-data-export` job) and records it ready. Idempotent:
     * an export no longer building is left alone; a file written by a crashed attempt is
     * replaced by a new random id (the old one is removed by nobody: ids are never reused).
     */
    async buildDataExport(exportId: string): Promise<"ready" | "skipped"> {
      if (!isUuid(exportId)) return "skipped";
      const [row] = await sql<
        { userId: string }[]
      >`select user_id as "userId" from rm_data_exports where export_id = ${exportId} and status = 'building'`;
      if (!row) return "skipped";
      const { locale, name, parts, files } = await collect(row.userId);
      const now = ctx.clock.now();
      const readme = await readmeText(locale, {
        name,
        date: `${now.toISOString().slice(8, 10)}/${now.toISOString().slice(5, 7)}/${now.toISOString().slice(0, 4)}`,
      });
      const zip = buildZip(readme, { ...parts, exportedAt: now.toISOString() }, files);
      const fileId = ctx.ids.uuid();
      await storage.put(fileId, zip);
      const [event] = await run(row.userId, { type: "MarkReady", exportId, fileId, size: zip.byteLength }, "system");
      if (!event) await storage.remove(fileId);
      return event ? "ready" : "skipped";
    },

    /** Removes expired exports' files and records them expired (the hourly sweep). Returns how many. */
    async sweepDataExports(): Promise<number> {
      const rows = await sql<{ exportId: string; userId: string; fileId: string | null }[]>`
        select export_id as "exportId", user_id as "userId", file_id as "fileId" from rm_data_exports where status = 'ready' and expires_at <= ${ctx.clock.now()}`;
      for (const r of rows) {
        if (r.fileId) await storage.remove(r.fileId);
        await run(r.userId, { type: "Expire", exportId: r.exportId }, "system");
      }
      return rows.length;
    },
  };
}
