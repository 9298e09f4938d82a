import type { Projection, Tx } from "../../event-store/types";
import { jsonb } from "../../lib/rows";
import { descriptionText } from "./description";
import { AD_EVENT_TYPES, ORDER_EVENT_TYPES, type AdEvent, type OrderEvent } from "./events";
import type { AdFields } from "./rules";

/** The columns of rm_ads that come from an ad's fields (also used by the search benchmark's generator). */
export const adColumns = (tx: Pick<Tx, "json">, f: AdFields) => ({
  title: f.title,
  fields: jsonb(tx, f),
  description_text: descriptionText(f.description),
  language: f.language,
  sector_id: f.sectorId,
  profession_id: f.professionId,
  job_type: f.jobType,
  contract: f.contract,
  activity_rate_min: f.activityRateMin,
  activity_rate_max: f.activityRateMax,
  country: f.country,
  region_code: f.place.regionCode,
  place_name: f.place.name,
  lat: f.place.lat,
  lng: f.place.lng,
  salary_min: f.salaryMin,
  salary_max: f.salaryMax,
  salary_period: f.salaryPeriod,
  hide_salary: f.hideSalary,
  commitment_date: f.commitmentDate,
  end_date: f.endDate,
  order_id: f.orderId || null,
  contact_id: f.contactId || null,
  job_boards: f.jobBoards,
});

/** rm_ads: inline, so the lists and forms read their own writes. */
export const adsProjection: Projection<AdEvent> = {
  name: "missions.ads",
  eventTypes: AD_EVENT_TYPES,
  tables: ["rm_ads"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const at = e.createdAt;
      switch (e.type) {
        case "AdDrafted": {
          const d = e.data;
          const row = {
            id: d.adId,
            agency_id: d.agencyId,
            branch_id: d.branchId,
            client_id: d.clientId,
            created_by: d.by,
            awaiting_review: d.byClient,
            status: "draft",
            slug: d.slug,
            ...adColumns(tx, d.fields),
            created_at: at,
            updated_at: at,
          };
          await tx`insert into rm_ads ${tx(row as never)}`;
          break;
        }
        case "AdEdited":
          await tx`update rm_ads set ${tx({ slug: e.data.slug, ...adColumns(tx, e.data.fields), updated_at: at } as never)} where id = ${e.data.adId}`;
          break;
        case "AdPublished":
          // first publication dates the ad; republishing after an expiry or a pause dates it anew
          await tx`update rm_ads set status = 'online', awaiting_review = false, published_at = ${at}, updated_at = ${at} where id = ${e.data.adId}`;
          break;
        case "AdDisabled":
        case "AdExpired":
        case "AdArchived":
        case "AdDeleted": {
          const status = { AdDisabled: "disabled", AdExpired: "expired", AdArchived: "archived", AdDeleted: "deleted" }[
            e.type
          ];
          await tx`update rm_ads set status = ${status}, updated_at = ${at} where id = ${e.data.adId}`;
          break;
        }
        case "AdMemoWritten":
          await tx`update rm_ads set memo = ${e.data.memo} where id = ${e.data.adId}`;
          break;
      }
    }
  },
};

/** rm_orders: inline. */
export const ordersProjection: Projection<OrderEvent> = {
  name: "missions.orders",
  eventTypes: ORDER_EVENT_TYPES,
  tables: ["rm_orders"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const at = e.createdAt;
      switch (e.type) {
        case "OrderPlaced": {
          const d = e.data;
          const row = {
            id: d.orderId,
            number: d.number,
            agency_id: d.agencyId,
            branch_id: d.branchId,
            client_id: d.clientId,
            consultant_id: d.fields.consultantId,
            created_by: d.by,
            status: d.status,
            title: d.fields.title,
            fields: jsonb(tx, d.fields),
            start_date: d.fields.startDate,
            end_date: d.fields.endDate,
            created_at: at,
            updated_at: at,
          };
          await tx`insert into rm_orders ${tx(row as never)}`;
          break;
        }
        case "OrderEdited": {
          const f = e.data.fields;
          await tx`update rm_orders set ${tx({ title: f.title, fields: jsonb(tx, f), consultant_id: f.consultantId, start_date: f.startDate, end_date: f.endDate, updated_at: at } as never)} where id = ${e.data.orderId}`;
          break;
        }
        case "OrderStatusChanged":
          await tx`update rm_orders set status = ${e.data.to}, updated_at = ${at} where id = ${e.data.orderId}`;
          break;
        case "OrderMemoWritten":
          await tx`update rm_orders set memo = ${e.data.memo} where id = ${e.data.orderId}`;
          break;
      }
    }
  },
};
