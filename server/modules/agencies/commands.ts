import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Tx } from "../../event-store/types";
import { queueMail, type EnqueueIn } from "../notifications";
import { AppError } from "../../lib/errors";
import { isPlatformAdmin, type Actor } from "../identity/contract";
import { LOGO_EXTENSIONS, LOGO_MAX_BYTES, LOGO_MIMES, LOGO_SIZE, mayDecideAgencies, mayManageAgency } from "./contract";
import type { Storage } from "../../infra/storage";
import { checkImage, shrinkImage } from "../../lib/images";
import type { rmAgencies, rmUsers } from "../../../db/schema";
import type { Cols } from "../../lib/rows";
import { agencyDecider, type AgencyCommand } from "./decider";
import { agencyStream, type Country } from "./events";

type Without<C, K extends string> = C extends unknown ? Omit<C, K> : never;

export interface AgencyDeps {
  store: EventStore;
  storage: Storage;
  ctx: DecideContext;
  enqueue?: EnqueueIn;
  publicUrl: string;
}

export function agencyCommands({ store, storage, ctx, enqueue, publicUrl }: AgencyDeps) {
  const run = (command: AgencyCommand, actor: string, inTransaction?: (tx: Tx) => Promise<void>) =>
    handleCommand(
      store,
      agencyDecider,
      agencyStream(command.agencyId),
      command,
      ctx,
      { actor, tenant: command.agencyId },
      { inTransaction },
    );

  /** The agency's admins hear about the decision by mail, in their language, with the decision's transaction. */
  const mailAdmins =
    (agencyId: string, template: "agencyApproved" | "agencyRejected", reason = "") =>
    async (tx: Tx) => {
      const [agency] = await tx<Cols<typeof rmAgencies, "name">[]>`select name from rm_agencies where id = ${agencyId}`;
      const admins = await tx<Cols<typeof rmUsers, "email" | "firstName" | "locale">[]>`
      select email, first_name as "firstName", locale from rm_users where agency_id = ${agencyId} and role = 'ADMIN_CONSULTANT'`;
      for (const a of admins) {
        await queueMail(
          tx,
          {
            to: a.email,
            locale: a.locale,
            template,
            params: { name: a.firstName, agency: agency?.name ?? "", reason, link: `${publicUrl}/login` },
          },
          enqueue,
        );
      }
    };

  return {
    /** A new agency: approved at once by the platform (seeds), else pending (sign-up, which acts as SYSTEM_ACTOR). */
    async registerAgency(
      actor: Actor,
      input: { name: string; country: Country; city: string; approved: boolean },
      agencyId = ctx.ids.uuid(),
    ) {
      if (!isPlatformAdmin(actor)) throw new AppError("forbidden", "not_authorized");
      await run({ type: "RegisterAgency", agencyId, ...input }, actor.id);
      return agencyId;
    },
    async openBranch(
      actor: Actor,
      input: Without<Extract<AgencyCommand, { type: "OpenBranch" }>, "type" | "branchId">,
    ) {
      if (!mayManageAgency(actor, input.agencyId)) throw new AppError("forbidden", "not_authorized");
      const branchId = ctx.ids.uuid();
      await run({ type: "OpenBranch", branchId, ...input }, actor.id);
      return branchId;
    },
    async addClientCompany(
      actor: Actor,
      input: Without<Extract<AgencyCommand, { type: "AddClientCompany" }>, "type" | "clientId">,
    ) {
      if (!mayManageAgency(actor, input.agencyId)) throw new AppError("forbidden", "not_authorized");
      const clientId = ctx.ids.uuid();
      await run({ type: "AddClientCompany", clientId, ...input }, actor.id);
      return clientId;
    },
    /**
     * The agency's logo (spec: agencies can upload one): checked by its content, shrunk to a small
     * WebP, stored, then recorded; if recording fails the file is removed again. `null` removes it.
     */
    async changeLogo(actor: Actor, agencyId: string, upload: { name: string; bytes: Uint8Array } | null) {
      if (!mayManageAgency(actor, agencyId)) throw new AppError("forbidden", "not_authorized");
      if (!upload) return void (await run({ type: "ChangeLogo", agencyId, fileId: null, by: actor.id }, actor.id));
      const errors = { type: "validation.logo_type", tooLarge: "validation.logo_too_large" };
      await checkImage(upload.name, upload.bytes, {
        extensions: LOGO_EXTENSIONS,
        mimes: LOGO_MIMES,
        maxBytes: LOGO_MAX_BYTES,
        field: "logo",
        errors,
      });
      const small = await shrinkImage(upload.bytes, LOGO_SIZE, { field: "logo", key: errors.type });
      const fileId = ctx.ids.uuid();
      try {
        await storage.put(fileId, small);
      } catch {
        throw new AppError("unavailable", "logo.upload_failed", "logo");
      }
      try {
        await run({ type: "ChangeLogo", agencyId, fileId, by: actor.id }, actor.id);
      } catch (error) {
        await storage.remove(fileId);
        throw error;
      }
      return fileId;
    },

    /** Platform admin decisions (spec section 6: agencies need administrator validation). */
    async approveAgency(actor: Actor, agencyId: string) {
      if (!mayDecideAgencies(actor)) throw new AppError("forbidden", "not_authorized");
      await run({ type: "ApproveAgency", agencyId, by: actor.id }, actor.id, mailAdmins(agencyId, "agencyApproved"));
    },
    async rejectAgency(actor: Actor, agencyId: string, reason: string) {
      if (!mayDecideAgencies(actor)) throw new AppError("forbidden", "not_authorized");
      await run(
        { type: "RejectAgency", agencyId, by: actor.id, reason },
        actor.id,
        mailAdmins(agencyId, "agencyRejected", reason.trim()),
      );
    },
  };
}
