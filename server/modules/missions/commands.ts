import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { rmAds, rmOrders } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import type { Cols, Int8AsString } from "../../lib/rows";
import { AppError } from "../../lib/errors";
import { adDecider, localDay, orderDecider, type AdCommand, type OrderCommand } from "./decider";
import { adStream, orderStream, type OrderFields } from "./events";
import { isPlatformAdmin, isAgencyStaff, type Actor } from "../identity/contract";
import { tenantFilter } from "../../lib/tenancy";
import { adSlug, mayActOnAd, type AdFields, type OrderState } from "./rules";

export interface MissionDeps {
  store: EventStore;
  ctx: DecideContext;
}

export function missionCommands({ store, ctx }: MissionDeps) {
  const sql = store.sql as Db;
  // clientId in the metadata routes live updates to that client company's users (server/realtime/routing.ts)
  const owner = (tenant: string, actor: string, clientId?: string | null) => ({
    actor,
    tenant,
    ...(clientId ? { clientId } : {}),
  });
  const runAd = (command: AdCommand, tenant: string, actor: string, clientId?: string | null) =>
    handleCommand(store, adDecider, adStream(command.adId), command, ctx, owner(tenant, actor, clientId));
  const runOrder = (command: OrderCommand, tenant: string, actor: string, clientId?: string | null) =>
    handleCommand(store, orderDecider, orderStream(command.orderId), command, ctx, owner(tenant, actor, clientId));

  /** The ad as the actor may reach it, or "announcement not found" (also for other tenants). */
  async function reachAd(actor: Actor, adId: number) {
    const [ad] = await sql<
      Int8AsString<
        Cols<typeof rmAds, "id" | "agencyId" | "clientId" | "createdBy" | "status" | "fields", { fields: AdFields }>,
        "id"
      >[]
    >`
      select id, agency_id as "agencyId", client_id as "clientId", created_by as "createdBy", status, fields from rm_ads
      where id = ${adId} and status <> 'deleted' and ${tenantFilter(sql, actor)}`;
    if (!ad) throw new AppError("not_found", "announcement_not_found");
    return ad;
  }

  async function reachOrder(actor: Actor, orderId: string) {
    const [order] = await sql<Cols<typeof rmOrders, "id" | "agencyId" | "clientId">[]>`
      select id, agency_id as "agencyId", client_id as "clientId" from rm_orders where id = ${orderId} and ${tenantFilter(sql, actor)}`;
    if (!order) throw new AppError("not_found", "order_not_found");
    return order;
  }

  /** References on the form must belong to the ad's agency (and client), or they are refused on their field. */
  async function checkReferences(
    agencyId: string,
    clientId: string | null,
    f: { orderId?: string | null; contactId?: string | null },
  ) {
    if (f.orderId) {
      const [o] = await sql<
        Cols<typeof rmOrders, "clientId">[]
      >`select client_id as "clientId" from rm_orders where id = ${f.orderId} and agency_id = ${agencyId}`;
      if (!o) throw new AppError("invalid", "validation.invalid_choice", "orderId");
      // an ad for one client links none of another's orders: say so, the list may have been stale
      if (clientId && o.clientId !== clientId)
        throw new AppError("invalid", "validation.order_of_other_client", "orderId");
    }
    if (f.contactId) {
      const [u] =
        await sql`select 1 from rm_users where id = ${f.contactId} and agency_id = ${agencyId} and role in ('ADMIN_CONSULTANT', 'COLLABORATOR') and enabled`;
      if (!u) throw new AppError("invalid", "validation.invalid_choice", "contactId");
    }
  }

  async function checkOwner(agencyId: string, branchId: string | null, clientId: string | null) {
    if (branchId) {
      const [b] = await sql`select 1 from rm_branches where id = ${branchId} and agency_id = ${agencyId}`;
      if (!b) throw new AppError("invalid", "validation.invalid_choice", "branchId");
    }
    if (clientId) {
      const [c] = await sql`select 1 from rm_client_companies where id = ${clientId} and agency_id = ${agencyId}`;
      if (!c) throw new AppError("invalid", "validation.invalid_choice", "clientId");
    }
  }

  const nextAdId = async () =>
    Number((await sql<Int8AsString<Cols<typeof rmAds, "id">, "id">[]>`select nextval('ad_numbers') as id`)[0]!.id);

  const commands = {
    /**
     * A new ad, as a draft; `publish` puts it online at once (agency staff only). Client managers
     * propose ads for their own company, which the agency reviews and publishes.
     */
    async createAd(
      actor: Actor,
      input: {
        fields: AdFields;
        branchId?: string | null;
        clientId?: string | null;
        publish?: boolean;
        duplicateOf?: number;
      },
    ) {
      if (!actor.agencyId) throw new AppError("forbidden", "not_authorized");
      const staff = isAgencyStaff(actor);
      const clientId = staff ? (input.clientId ?? null) : actor.clientId;
      if (!staff && (actor.role !== "MANAGER_CLIENT" || !clientId)) throw new AppError("forbidden", "not_authorized");
      const branchId = staff ? (input.branchId ?? null) : null;
      await checkOwner(actor.agencyId, branchId, clientId);
      await checkReferences(actor.agencyId, clientId, input.fields);
      const adId = await nextAdId();
      const fields = { ...input.fields, contactId: input.fields.contactId || (staff ? actor.id : null) };
      const command: AdCommand = {
        type: "DraftAd",
        adId,
        slug: adSlug(fields, adId),
        fields,
        by: actor.id,
        byClient: !staff,
        duplicateOf: input.duplicateOf ?? null,
        agencyId: actor.agencyId,
        branchId,
        clientId,
      };
      await runAd(command, actor.agencyId, actor.id, clientId);
      if (input.publish && staff)
        await runAd({ type: "PublishAd", adId, by: actor.id, staff }, actor.agencyId, actor.id, clientId);
      return adId;
    },
    async editAd(actor: Actor, adId: number, fields: AdFields, opts: { publish?: boolean } = {}) {
      const ad = await reachAd(actor, adId);
      if (!mayActOnAd(actor, ad, "edit")) throw new AppError("forbidden", "not_authorized");
      await checkReferences(ad.agencyId, ad.clientId, fields);
      await runAd(
        { type: "EditAd", adId, slug: adSlug(fields, adId), fields, by: actor.id },
        ad.agencyId,
        actor.id,
        ad.clientId,
      );
      if (opts.publish && ad.status !== "online") await commands.publishAd(actor, adId);
    },
    async publishAd(actor: Actor, adId: number) {
      const ad = await reachAd(actor, adId);
      await runAd(
        { type: "PublishAd", adId, by: actor.id, staff: isAgencyStaff(actor) },
        ad.agencyId,
        actor.id,
        ad.clientId,
      );
    },
    async disableAd(actor: Actor, adId: number) {
      const ad = await reachAd(actor, adId);
      if (!mayActOnAd(actor, ad, "disable")) throw new AppError("forbidden", "not_authorized");
      await runAd({ type: "DisableAd", adId, by: actor.id }, ad.agencyId, actor.id, ad.clientId);
    },
    async archiveAd(actor: Actor, adId: number) {
      const ad = await reachAd(actor, adId);
      if (!mayActOnAd(actor, ad, "archive")) throw new AppError("forbidden", "not_authorized");
      await runAd({ type: "ArchiveAd", adId, by: actor.id }, ad.agencyId, actor.id, ad.clientId);
    },
    async deleteAd(actor: Actor, adId: number) {
      const ad = await reachAd(actor, adId);
      if (!mayActOnAd(actor, ad, "delete")) throw new AppError("forbidden", "not_authorized");
      await runAd({ type: "DeleteAd", adId, by: actor.id }, ad.agencyId, actor.id, ad.clientId);
    },
    /** A copy as a new draft, dated from today (the end date moves forward by the same span). */
    async duplicateAd(actor: Actor, adId: number) {
      const ad = await reachAd(actor, adId);
      const [row] = await sql<
        Cols<typeof rmAds, "branchId">[]
      >`select branch_id as "branchId" from rm_ads where id = ${adId}`;
      const today = localDay(ctx.clock.now());
      const fields: AdFields = {
        ...ad.fields,
        imageId: ad.fields.imageId,
        endDate: ad.fields.endDate < today ? addDays(today, 30) : ad.fields.endDate,
      };
      if (fields.commitmentDate && fields.commitmentDate < today) fields.commitmentDate = today;
      return commands.createAd(actor, {
        fields,
        branchId: row?.branchId ?? null,
        clientId: ad.clientId,
        duplicateOf: adId,
      });
    },
    /** The order memo on an ad: platform admins only (spec section 6). */
    async writeAdMemo(actor: Actor, adId: number, memo: string) {
      if (!isPlatformAdmin(actor)) throw new AppError("forbidden", "not_authorized");
      const ad = await reachAd(actor, adId);
      await runAd({ type: "WriteAdMemo", adId, memo, by: actor.id }, ad.agencyId, actor.id);
    },
    /** The scheduled job: online ads whose end date has passed go offline. Returns how many. */
    async expireDueAds() {
      const today = localDay(ctx.clock.now());
      const due = await sql<Int8AsString<Cols<typeof rmAds, "id" | "agencyId" | "clientId">, "id">[]>`
        select id, agency_id as "agencyId", client_id as "clientId" from rm_ads where status = 'online' and end_date < ${today}::date limit 1000`;
      for (const ad of due) await runAd({ type: "ExpireAd", adId: Number(ad.id) }, ad.agencyId, "system", ad.clientId);
      const dueOrders = await sql<Cols<typeof rmOrders, "id" | "agencyId" | "clientId">[]>`
        select id, agency_id as "agencyId", client_id as "clientId" from rm_orders where status in ('pending', 'validated', 'online') and end_date < ${today}::date limit 1000`;
      for (const o of dueOrders)
        await runOrder({ type: "ExpireOrder", orderId: o.id }, o.agencyId, "system", o.clientId);
      return { ads: due.length, orders: dueOrders.length };
    },

    /** A staffing request: client users for their company (pending), staff for any client (validated). */
    async placeOrder(actor: Actor, input: { clientId?: string | null; branchId?: string | null; fields: OrderFields }) {
      if (!actor.agencyId) throw new AppError("forbidden", "not_authorized");
      const staff = isAgencyStaff(actor);
      const clientId = staff ? input.clientId : actor.clientId;
      if (!clientId) throw new AppError("invalid", "validation.required", "clientId");
      await checkOwner(actor.agencyId, staff ? (input.branchId ?? null) : null, clientId);
      await checkReferences(actor.agencyId, clientId, { contactId: input.fields.consultantId });
      const orderId = ctx.ids.uuid();
      const number = Number(
        (
          await sql<
            Int8AsString<Cols<typeof rmOrders, "number">, "number">[]
          >`select nextval('order_numbers') as number`
        )[0]!.number,
      );
      await runOrder(
        {
          type: "PlaceOrder",
          orderId,
          number,
          agencyId: actor.agencyId,
          branchId: staff ? (input.branchId ?? null) : null,
          clientId,
          fields: input.fields,
          staff,
          by: actor.id,
        },
        actor.agencyId,
        actor.id,
        clientId,
      );
      return orderId;
    },
    async editOrder(actor: Actor, orderId: string, fields: OrderFields) {
      const order = await reachOrder(actor, orderId);
      await checkReferences(order.agencyId, order.clientId, { contactId: fields.consultantId });
      await runOrder({ type: "EditOrder", orderId, fields, by: actor.id }, order.agencyId, actor.id, order.clientId);
    },
    async changeOrderStatus(actor: Actor, orderId: string, to: OrderState) {
      const order = await reachOrder(actor, orderId);
      await runOrder(
        { type: "ChangeOrderStatus", orderId, to, by: actor.id, staff: isAgencyStaff(actor) },
        order.agencyId,
        actor.id,
        order.clientId,
      );
    },
    async writeOrderMemo(actor: Actor, orderId: string, memo: string) {
      if (!isPlatformAdmin(actor)) throw new AppError("forbidden", "not_authorized");
      const order = await reachOrder(actor, orderId);
      await runOrder({ type: "WriteOrderMemo", orderId, memo, by: actor.id }, order.agencyId, actor.id);
    },
  };
  return commands;
}

export function addDays(day: string, days: number): string {
  const d = new Date(`${day}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}
