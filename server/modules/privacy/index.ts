import { z } from "zod";
import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { ProcessorDefinition } from "../../event-store/processor";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import type { JobDeps } from "../../jobs/deps";
import { defineJob } from "../../jobs/registry";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import type { Logger } from "../../lib/logger";
import type { Actor } from "../identity/contract";
import { defineModule, type Notice, type NoticeSource } from "../module";
import type { EnqueueIn } from "../notifications/outbox";
import { buildZip, readmeText } from "./archive";
import type { DataExportView } from "./contract";
import { dataExportDecider, type DataExportCommand } from "./decider";
import { dataExportsStream, type DataExportReady } from "./events";
import { dataExportsProjection } from "./projections";

export const BUILD_EXPORT_JOB = "privacy.build-data-export";

/** What this module reads of the others: the candidate's own queries, called as the candidate. */
export interface PrivacyPorts {
  identity: { userById(id: string): Promise<{ email: string; firstName: string; lastName: string; locale: string; country: string | null; role: string; createdAt?: unknown } | null> };
  candidates: {
    myProfile(actor: Actor): Promise<unknown>;
    myProfileHistory(actor: Actor, limit?: number): Promise<unknown[]>;
    myDocuments(actor: Actor): Promise<{ id: string; name: string }[]>;
    myDocumentFile(actor: Actor, documentId: string): Promise<{ name: string; bytes: Uint8Array } | null>;
  };
  engagement: { favourites(actor: Actor): Promise<unknown[]>; savedSearches(actor: Actor): Promise<unknown[]> };
  applications: { myStatuses(actor: Actor): Promise<{ id: string }[]>; myApplication(actor: Actor, id: string): Promise<unknown> };
  placements: { myProposals(actor: Actor): Promise<unknown[]>; myPlacements(actor: Actor): Promise<unknown[]> };
  notifications: { listNotifications(actor: Actor): Promise<unknown[]> };
}


const candidateActor = (userId: string): Actor => ({ id: userId, role: "CANDIDATE", agencyId: null, clientId: null });

export function privacyApi({ sql, store, ctx, storage }: { sql: Db; store: EventStore; ctx: DecideContext; storage: Storage }, ports: PrivacyPorts) {
  const run = (userId: string, command: DataExportCommand, actor: string) => handleCommand(store, dataExportDecider, dataExportsStream(userId), command, ctx, { actor, subject: userId });

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
      account: account && { email: account.email, firstName: account.firstName, lastName: account.lastName, locale: account.locale, country: account.country },
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
    commands: {
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
        const [row] = await sql<{ userId: string }[]>`select user_id as "userId" from rm_data_exports where export_id = ${exportId} and status = 'building'`;
        if (!row) return "skipped";
        const { locale, name, parts, files } = await collect(row.userId);
        const now = ctx.clock.now();
        const readme = await readmeText(locale, { name, date: `${now.toISOString().slice(8, 10)}/${now.toISOString().slice(5, 7)}/${now.toISOString().slice(0, 4)}` });
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
    },

    queries: {
      /** The person's latest export (the data page shows it), or null. */
      async myDataExport(actor: Actor): Promise<DataExportView | null> {
        if (actor.role !== "CANDIDATE") return null;
        const [r] = await sql<{ id: string; status: DataExportView["status"]; requestedAt: Date; expiresAt: Date | null; size: number | null }[]>`
          select export_id as id, status, requested_at as "requestedAt", expires_at as "expiresAt", size from rm_data_exports
          where user_id = ${actor.id} order by requested_at desc limit 1`;
        if (!r) return null;
        const expired = r.status === "expired" || (r.expiresAt !== null && r.expiresAt <= ctx.clock.now());
        return { id: r.id, status: expired ? "expired" : r.status, requestedAt: r.requestedAt.toISOString(), expiresAt: r.expiresAt?.toISOString() ?? null, size: r.size };
      },

      /** The ZIP, for its owner only and until it expires; null otherwise (read as not found). */
      async dataExportFile(actor: Actor, exportId: string): Promise<{ name: string; bytes: Uint8Array } | null> {
        if (!isUuid(exportId)) return null;
        const [r] = await sql<{ fileId: string; readyAt: Date }[]>`select file_id as "fileId", ready_at as "readyAt" from rm_data_exports
          where export_id = ${exportId} and user_id = ${actor.id} and status = 'ready' and expires_at > ${ctx.clock.now()}`;
        const bytes = r ? await storage.get(r.fileId) : null;
        return bytes && r ? { name: `missio-data-${r.readyAt.toISOString().slice(0, 10)}.zip`, bytes } : null;
      },
    },
  };
}

/** The ZIP is ready: an in-app notification and a mail, both leading to the data page. */
export const dataExportNotices: NoticeSource<DataExportReady> = {
  eventTypes: ["DataExportReady"],
  notices(event, { publicUrl }): Notice[] {
    const d = event.data;
    const link = "/mes-informations#data-export";
    const expires = `${d.expiresAt.slice(8, 10)}/${d.expiresAt.slice(5, 7)}/${d.expiresAt.slice(0, 4)}`;
    return [{ userId: d.userId, kind: "data_export_ready", params: { expires }, link, mail: { template: "dataExportReady", params: { expires, link: `${publicUrl}${link}` } } }];
  },
};

/** Every request gets its build job, enqueued with the checkpoint: exactly one per export. */
function buildTrigger({ enqueue, logger }: { enqueue?: EnqueueIn; logger: Logger }): ProcessorDefinition {
  return {
    name: "privacy.data-export-trigger",
    transactional: true,
    batchSize: 100,
    async handle(events, tx) {
      for (const e of events) {
        if (e.type !== "DataExportRequested") continue;
        const exportId = String(e.data.exportId);
        if (!enqueue) {
          logger.warn({ exportId }, "no job queue: the data export is not built");
          continue;
        }
        await enqueue(tx, BUILD_EXPORT_JOB, { exportId }, { singletonKey: `data-export-${exportId}` });
      }
    },
  };
}

/** Privacy: a person's own data, exported as a ZIP (issue 11; consent and erasure come later). */
export const privacyModule = defineModule({
  name: "privacy",
  needs: ["identity", "candidates", "engagement", "applications", "placements", "notifications"],
  projections: [dataExportsProjection],
  notices: dataExportNotices,
  create(deps, ports: PrivacyPorts) {
    return privacyApi(deps, ports);
  },
  jobs: (api, { logger }: JobDeps) => [
    defineJob({
      name: BUILD_EXPORT_JOB,
      schema: z.object({ exportId: z.string().uuid() }).strict(),
      retryLimit: 3,
      async handler({ exportId }): Promise<void> {
        const outcome = await api.buildDataExport(exportId);
        logger.info({ exportId, outcome }, "data export built");
      },
    }),
    defineJob({
      name: "privacy.sweep-data-exports",
      schema: z.object({}).strict(),
      cron: "17 * * * *",
      async handler(): Promise<void> {
        const expired = await api.sweepDataExports();
        if (expired) logger.info({ expired }, "expired data exports removed");
      },
    }),
  ],
  processors: ({ enqueue, logger }) => [buildTrigger({ enqueue, logger })],
});
