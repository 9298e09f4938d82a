import { isUuid } from "../../lib/contract";
import type { rmAds, rmBranches, rmClientCompanies, rmOrders, rmUsers } from "../../../db/schema";
import type { Db } from "../../event-store/types";
import type { Cols, Int8AsString, Row } from "../../lib/rows";
import { isPlatformAdmin, isAgencyStaff, type Actor } from "../identity/contract";
import { tenantFilter } from "../../lib/tenancy";
import { adActionsFor, type AdFields, type AdState, type OrderState } from "./rules";
import type { OrderFields } from "./events";

export interface AdListFilters {
  status?: AdState | "";
  consultantId?: string;
  branchId?: string;
  clientId?: string;
  q?: string;
  page?: number;
}

export const ADS_PAGE_SIZE = 20;

/** A line of /mes-annonces. */
export type AdRow = Cols<
  typeof rmAds,
  | "id"
  | "slug"
  | "title"
  | "awaitingReview"
  | "agencyId"
  | "branchId"
  | "clientId"
  | "contactId"
  | "orderId"
  | "placeName"
  | "country"
  | "endDate"
  | "publishedAt"
  | "updatedAt"
  | "applicationCount"
  | "memo"
  | "createdBy"
> & {
  status: AdState;
  agencyName: string;
  branchName: string | null;
  clientName: string | null;
  contactName: string | null;
};

/** An order as /mes-commandes and its page read it, with its linked ads. */
type OrderRow = Cols<typeof rmOrders, "id" | "number" | "clientId" | "memo"> & {
  status: OrderState;
  fields: OrderFields;
  clientName: string;
  branchName: string | null;
  consultantName: string | null;
  ads: (Pick<Row<typeof rmAds>, "id" | "title" | "slug"> & { status: AdState })[];
};

/** An online ad as the public pages, feeds and the search indexer read it. */
export type PublicAd = Cols<
  typeof rmAds,
  "id" | "slug" | "agencyId" | "branchId" | "fields" | "descriptionText" | "updatedAt",
  { fields: AdFields }
> & {
  agencyName: string;
  branchName: string | null;
  clientName: string | null;
  contactName: string | null;
  contactEmail: string | null;
  /** online ads are published */
  publishedAt: Date;
};

export function missionQueries(sql: Db) {
  const publicAdSelect = sql`
    select a.id, a.slug, a.agency_id as "agencyId", ag.name as "agencyName", a.branch_id as "branchId", b.name as "branchName", c.name as "clientName",
      u.first_name || ' ' || u.last_name as "contactName", u.email as "contactEmail", a.fields, a.description_text as "descriptionText",
      a.published_at as "publishedAt", a.updated_at as "updatedAt", a.status
    from rm_ads a join rm_agencies ag on ag.id = a.agency_id
    left join rm_branches b on b.id = a.branch_id
    left join rm_client_companies c on c.id = a.client_id
    left join rm_users u on u.id = a.contact_id`;
  type PublicRow = Int8AsString<PublicAd, "id"> & { status: AdState };
  const toPublic = ({ id, status: _status, ...r }: PublicRow): PublicAd => ({ id: Number(id), ...r });

  return {
    /** /mes-annonces: the actor's ads, filtered, newest change first, with application counts. */
    async listAds(actor: Actor, f: AdListFilters = {}) {
      const page = Math.max(1, Math.min(1000, f.page ?? 1));
      const q = (f.q ?? "").trim().slice(0, 100);
      const where = sql`a.status <> 'deleted'
        ${f.status ? sql`and a.status = ${f.status}` : sql``}
        ${f.consultantId ? sql`and a.contact_id = ${f.consultantId}` : sql``}
        ${f.branchId ? sql`and a.branch_id = ${f.branchId}` : sql``}
        ${f.clientId ? sql`and a.client_id = ${f.clientId}` : sql``}
        ${q ? sql`and (a.title ilike ${"%" + q.replace(/[\\%_]/g, "\\$&") + "%"} or a.id::text = ${q})` : sql``}`;
      const rows = await sql<(AdRow & { total: string })[]>`
        select a.id::int as id, a.slug, a.title, a.status, a.awaiting_review as "awaitingReview", a.created_by as "createdBy", a.agency_id as "agencyId",
          ag.name as "agencyName", a.branch_id as "branchId", b.name as "branchName", a.client_id as "clientId", c.name as "clientName",
          a.contact_id as "contactId", u.first_name || ' ' || u.last_name as "contactName", a.order_id as "orderId", a.place_name as "placeName", a.country,
          a.end_date::text as "endDate", a.published_at as "publishedAt", a.updated_at as "updatedAt", (select count(*)::int from rm_applications x where x.ad_id = a.id) as "applicationCount",
          ${isPlatformAdmin(actor) ? sql`a.memo` : sql`''`} as memo,
          count(*) over () as total
        from rm_ads a join rm_agencies ag on ag.id = a.agency_id
        left join rm_branches b on b.id = a.branch_id
        left join rm_client_companies c on c.id = a.client_id
        left join rm_users u on u.id = a.contact_id
        where ${where} and ${tenantFilter(sql, actor, "a")}
        order by a.updated_at desc, a.id desc
        limit ${ADS_PAGE_SIZE} offset ${(page - 1) * ADS_PAGE_SIZE}`;
      const total = Number(rows[0]?.total ?? 0);
      // each row says what the actor may do to it (the missions policy), for the list to offer
      const ads = rows.map(({ total: _t, ...r }) => ({ ...r, actions: adActionsFor(actor, r) }));
      return { ads, total, page, pages: Math.max(1, Math.ceil(total / ADS_PAGE_SIZE)) };
    },

    /**
     * The agency dashboard's ads: how many are online, the online ones ending by `soon` and the
     * clients' proposals awaiting review (at most 10 of each, soonest end first).
     */
    async adsAtAGlance(actor: Actor, soon: string) {
      const [counts] = await sql<{ online: number; expiring: number; awaitingReview: number }[]>`
        select count(*) filter (where status = 'online')::int as online, count(*) filter (where status = 'online' and end_date <= ${soon})::int as expiring,
          count(*) filter (where awaiting_review and status <> 'deleted')::int as "awaitingReview"
        from rm_ads a where ${tenantFilter(sql, actor, "a")}`;
      const items = (kind: "expiring" | "awaitingReview") =>
        sql<
          { id: number; title: string; endDate: string }[]
        >`select a.id::int as id, a.title, a.end_date::text as "endDate" from rm_ads a
          where ${tenantFilter(sql, actor, "a")} and ${kind === "expiring" ? sql`a.status = 'online' and a.end_date <= ${soon}` : sql`a.awaiting_review and a.status <> 'deleted'`}
          order by a.end_date, a.id limit 10`;
      const [expiring, awaitingReview] = await Promise.all([items("expiring"), items("awaitingReview")]);
      return { counts: counts!, expiring: [...expiring], awaitingReview: [...awaitingReview] };
    },

    /** One ad for its edit form (memo only for platform admins), or null outside the actor's reach. */
    async adForEdit(actor: Actor, adId: number) {
      if (!Number.isSafeInteger(adId)) return null;
      const [row] = await sql<
        (Int8AsString<
          Cols<typeof rmAds, "id" | "awaitingReview" | "createdBy" | "branchId" | "clientId" | "memo" | "agencyId">,
          "id"
        > & {
          status: AdState;
          fields: AdFields;
        })[]
      >`
        select id, status, awaiting_review as "awaitingReview", created_by as "createdBy", branch_id as "branchId", client_id as "clientId", fields, memo,
          agency_id as "agencyId" from rm_ads a
        where id = ${adId} and status <> 'deleted' and ${tenantFilter(sql, actor, "a")}`;
      if (!row) return null;
      return { ...row, id: Number(row.id), memo: isPlatformAdmin(actor) ? row.memo : "" };
    },

    /** The choices of the ad and order forms, from the actor's agency. */
    async formOptions(actor: Actor) {
      if (!actor.agencyId) return { branches: [], clients: [], contacts: [], orders: [] };
      const clientOnly = isAgencyStaff(actor) ? sql`true` : sql`client_id = ${actor.clientId}`;
      const [branches, clients, contacts, orders] = await Promise.all([
        sql<
          Cols<typeof rmBranches, "id" | "name">[]
        >`select id, name from rm_branches where agency_id = ${actor.agencyId} order by name`,
        sql<
          Cols<typeof rmClientCompanies, "id" | "name">[]
        >`select id, name from rm_client_companies where agency_id = ${actor.agencyId} and ${isAgencyStaff(actor) ? sql`true` : sql`id = ${actor.clientId}`} order by name`,
        sql<
          (Cols<typeof rmUsers, "id"> & { name: string })[]
        >`select id, first_name || ' ' || last_name as name from rm_users where agency_id = ${actor.agencyId} and role in ('ADMIN_CONSULTANT', 'COLLABORATOR') and enabled order by first_name, last_name`,
        sql<
          (Cols<typeof rmOrders, "id" | "clientId"> & { name: string })[]
        >`select id, client_id as "clientId", '#' || number || ' ' || title as name from rm_orders where agency_id = ${actor.agencyId} and ${clientOnly} and status not in ('completed', 'expired') order by number desc limit 200`,
      ]);
      return { branches, clients, contacts, orders };
    },

    /** An online ad for its public page, or null (draft, disabled, expired, archived, deleted, unknown). */
    async publicAd(adId: number): Promise<PublicAd | null> {
      if (!Number.isSafeInteger(adId)) return null;
      const [row] = await sql<PublicRow[]>`${publicAdSelect} where a.id = ${adId} and a.status = 'online'`;
      return row ? toPublic(row) : null;
    },

    /**
     * An online ad by its slug (the apply URL). Slugs end with the ad's id, which alone decides
     * (a slug from before a title change still reaches the ad); slugs without one resolve to the
     * newest online ad of that slug.
     */
    async publicAdBySlug(slug: string): Promise<PublicAd | null> {
      const id = /-(\d{1,15})$/.exec(slug)?.[1];
      const [row] = id
        ? await sql<PublicRow[]>`${publicAdSelect} where a.id = ${Number(id)} and a.status = 'online'`
        : await sql<
            PublicRow[]
          >`${publicAdSelect} where a.slug = ${slug} and a.status = 'online' order by a.published_at desc limit 1`;
      return row ? toPublic(row) : null;
    },

    /** The online ads posted to a job board, for its feed. */
    async adsForBoard(code: string): Promise<PublicAd[]> {
      const rows = await sql<
        PublicRow[]
      >`${publicAdSelect} where a.status = 'online' and ${code} = any(a.job_boards) order by a.published_at desc limit 5000`;
      return rows.map(toPublic);
    },

    /** Ads by id whatever their state: the search indexer decides what to keep. */
    async adsForIndex(ids: number[]): Promise<(PublicAd & { status: AdState })[]> {
      if (!ids.length) return [];
      const rows = await sql<PublicRow[]>`${publicAdSelect} where a.id = any(${ids}::bigint[])`;
      return rows.map((r) => ({ ...toPublic(r), status: r.status }));
    },

    /** /mes-commandes: the actor's orders with their linked ads. */
    async listOrders(actor: Actor, f: { status?: OrderState | ""; clientId?: string } = {}) {
      const rows = await sql<(OrderRow & Cols<typeof rmOrders, "title" | "startDate" | "endDate" | "createdAt">)[]>`
        select o.id, o.number, o.status, o.title, o.client_id as "clientId", c.name as "clientName", b.name as "branchName",
          u.first_name || ' ' || u.last_name as "consultantName", o.fields, o.start_date::text as "startDate", o.end_date::text as "endDate",
          ${isPlatformAdmin(actor) ? sql`o.memo` : sql`''`} as memo, o.created_at as "createdAt",
          coalesce((select json_agg(json_build_object('id', a.id, 'title', a.title, 'status', a.status, 'slug', a.slug) order by a.id)
                    from rm_ads a where a.order_id = o.id and a.status <> 'deleted'), '[]') as ads
        from rm_orders o join rm_client_companies c on c.id = o.client_id
        left join rm_branches b on b.id = o.branch_id
        left join rm_users u on u.id = o.consultant_id
        where ${tenantFilter(sql, actor, "o")}
          ${f.status ? sql`and o.status = ${f.status}` : sql``}
          ${f.clientId ? sql`and o.client_id = ${f.clientId}` : sql``}
        order by o.number desc limit 500`;
      return rows;
    },

    /** One order for its page and edit form (memo only for platform admins), or null outside the actor's reach. */
    async orderDetail(actor: Actor, orderId: string) {
      if (!isUuid(orderId)) return null;
      const [row] = await sql<(OrderRow & Cols<typeof rmOrders, "agencyId" | "branchId" | "createdBy">)[]>`
        select o.id, o.number, o.status, o.agency_id as "agencyId", o.client_id as "clientId", c.name as "clientName", o.branch_id as "branchId",
          b.name as "branchName", u.first_name || ' ' || u.last_name as "consultantName", o.created_by as "createdBy", o.fields,
          ${isPlatformAdmin(actor) ? sql`o.memo` : sql`''`} as memo,
          coalesce((select json_agg(json_build_object('id', a.id, 'title', a.title, 'status', a.status, 'slug', a.slug) order by a.id)
                    from rm_ads a where a.order_id = o.id and a.status <> 'deleted'), '[]') as ads
        from rm_orders o join rm_client_companies c on c.id = o.client_id
        left join rm_branches b on b.id = o.branch_id
        left join rm_users u on u.id = o.consultant_id
        where o.id = ${orderId} and ${tenantFilter(sql, actor, "o")}`;
      return row ?? null;
    },
  };
}
