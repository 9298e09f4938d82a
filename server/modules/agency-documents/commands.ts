import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import { checkFile, cleanFileName } from "../../lib/uploads";
import { isAgencyStaff, SYSTEM_ACTOR, type Actor } from "../identity/contract";
import { agencyDocumentDecider, type AgencyDocumentCommand } from "./decider";
import { agencyDocumentStream } from "./events";
import { dealings, type AgencyDocumentsPorts } from "./queries";

/** Agency staff of an agency (not client users, not platform admins) act for it. */
const staffAgency = (actor: Actor): string | null => (isAgencyStaff(actor) && actor.agencyId ? actor.agencyId : null);

export function agencyDocumentCommands(
  { sql, store, ctx, storage }: { sql: Db; store: EventStore; ctx: DecideContext; storage: Storage },
  ports: AgencyDocumentsPorts,
) {
  const run = (id: string, command: AgencyDocumentCommand, actor: string) =>
    handleCommand(store, agencyDocumentDecider, agencyDocumentStream(id), command, ctx, { actor });
  const dealsWith = dealings(ports);

  return {
    /** /documents: a file the agency shares with its candidates (checked like theirs). Returns its id. */
    async shareAgencyDocument(
      actor: Actor,
      input: { title: string; kind: string; upload: { name: string; bytes: Uint8Array } },
    ): Promise<string> {
      const agencyId = staffAgency(actor);
      if (!agencyId) throw new AppError("forbidden", "not_authorized");
      const name = cleanFileName(input.upload.name);
      const mime = await checkFile(name, input.upload.bytes);
      const agencyName = (await ports.agencies.overview(SYSTEM_ACTOR, agencyId))?.agency.name ?? "";
      const documentId = ctx.ids.uuid();
      const fileId = ctx.ids.uuid();
      await storage.put(fileId, input.upload.bytes);
      try {
        await run(
          documentId,
          {
            type: "Share",
            documentId,
            agencyId,
            agencyName,
            title: input.title,
            kind: input.kind,
            fileId,
            name,
            mime,
            size: input.upload.bytes.byteLength,
            sharedBy: actor.id,
          },
          actor.id,
        );
      } catch (error) {
        await storage.remove(fileId);
        throw error;
      }
      return documentId;
    },

    /** Withdrawn from the candidates' list; acknowledgements stay in the log. */
    async withdrawAgencyDocument(actor: Actor, documentId: string) {
      const agencyId = staffAgency(actor);
      if (!agencyId) throw new AppError("forbidden", "not_authorized");
      if (!isUuid(documentId)) throw new AppError("not_found", "document_not_found");
      const [event] = await run(documentId, { type: "Withdraw", agencyId }, actor.id);
      const fileId = event?.data.fileId;
      if (typeof fileId === "string") await storage.remove(fileId).catch(() => undefined);
    },

    /** /agency-docs: the candidate has read the document (once; the first date stays). */
    async acknowledgeAgencyDocument(actor: Actor, documentId: string) {
      if (actor.role !== "CANDIDATE" || !isUuid(documentId)) throw new AppError("not_found", "document_not_found");
      const [row] = await sql<
        { agencyId: string }[]
      >`select agency_id as "agencyId" from rm_agency_documents where id = ${documentId} and withdrawn_at is null`;
      if (!row || !(await dealsWith(actor.id, row.agencyId))) throw new AppError("not_found", "document_not_found");
      await run(documentId, { type: "Acknowledge", userId: actor.id }, actor.id);
    },
  };
}
