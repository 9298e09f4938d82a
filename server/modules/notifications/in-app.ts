import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { rmNotifications } from "../../../db/schema";
import type { Db, EventMetadata, NewEvent, Tx } from "../../event-store/types";
import type { Cols } from "../../lib/rows";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { NOTIFICATION_RETENTION_DAYS, NOTIFICATIONS_PAGE_SIZE, type NotificationRow } from "./contract";
import { isUuid } from "../../lib/contract";

export { NOTIFICATION_RETENTION_DAYS, NOTIFICATIONS_PAGE_SIZE };

/**
 * In-app notifications (/notifications): one stream per person, `notifications-<userId>`,
 * read through rm_notifications. Other modules raise them inside their own command's
 * transaction, so a notification exists exactly when the fact it reports was recorded.
 */
export const notificationsStream = (userId: string) => `notifications-${userId}`;

/** Spec section 9: notifications older than 90 days are deleted automatically. */

/** `kind` picks the translated text (engagement namespace, `notifications.kinds.<kind>`), `params` fill it. */
export interface NotificationRaised {
  type: "NotificationRaised";
  data: {
    userId: string;
    notificationId: string;
    kind: string;
    params: Record<string, string | number>;
    link: string | null;
  };
}
export interface NotificationRead {
  type: "NotificationRead";
  data: { userId: string; notificationIds: string[] };
}
export type NotificationEvent = NotificationRaised | NotificationRead;
export const NOTIFICATION_EVENT_TYPES = ["NotificationRaised", "NotificationRead"] as const;

export interface NewNotification {
  userId: string;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
}

/**
 * The event raising a notification. Its params and link may repeat the person's own words (a
 * search name, a query), so they are sealed with the person's data key.
 */
export function notificationRaised(n: NewNotification, notificationId: string): NewEvent {
  return {
    type: "NotificationRaised",
    data: { userId: n.userId, notificationId, kind: n.kind },
    personal: { subjectId: n.userId, data: { params: n.params, link: n.link } },
  };
}

/**
 * Raise in the caller's transaction. A new notification has a fresh id and depends on no earlier
 * event, so it is appended whatever the stream's version: raising never conflicts.
 */
export function raiseNotificationIn(
  store: EventStore,
  tx: Tx,
  n: NewNotification,
  ctx: DecideContext,
  metadata: EventMetadata = {},
) {
  return store.appendIn(tx, notificationsStream(n.userId), "any", [notificationRaised(n, ctx.ids.uuid())], metadata);
}

export function inAppNotifications({ store, ctx }: { store: EventStore; ctx: DecideContext }) {
  const sql = store.sql as Db;
  return {
    raiseNotification: (n: NewNotification) =>
      store.sql.begin((tx) => raiseNotificationIn(store, tx, n, ctx, { actor: "system" })),

    /** The person's notifications, newest first (the last 90 days are all there is). */
    async listNotifications(actor: Actor): Promise<NotificationRow[]> {
      return sql<NotificationRow[]>`
        select id, kind, params, link, created_at as "createdAt", read_at as "readAt" from rm_notifications
        where user_id = ${actor.id} order by created_at desc, id limit ${NOTIFICATIONS_PAGE_SIZE}`;
    },

    /**
     * Spec section 9: notifications older than 90 days are deleted (the projection does not
     * bring them back on a rebuild). Returns how many went.
     */
    async purgeOldNotifications(): Promise<number> {
      const before = new Date(ctx.clock.now().getTime() - NOTIFICATION_RETENTION_DAYS * 86_400_000);
      return (await sql`delete from rm_notifications where created_at < ${before} returning id`).length;
    },

    async unreadNotifications(actor: Actor): Promise<number> {
      const [row] = await sql<
        { n: number }[]
      >`select count(*)::int as n from rm_notifications where user_id = ${actor.id} and read_at is null`;
      return row?.n ?? 0;
    },

    /**
     * Marks the person's notifications read: the given ones, or all when none are given. A
     * notification of someone else reads as unknown. Returns the link of a single one (to follow).
     */
    async markNotificationsRead(actor: Actor, ids?: string[]): Promise<string | null> {
      const userId = actor.id;
      if (ids && (!ids.length || !ids.every((id) => isUuid(id)))) throw new AppError("not_found", "failed_operation");
      const rows = ids
        ? await sql<Cols<typeof rmNotifications, "id" | "link" | "readAt">[]>`
            select id, link, read_at as "readAt" from rm_notifications where user_id = ${userId} and id = any(${ids}::uuid[])`
        : await sql<Cols<typeof rmNotifications, "id" | "link" | "readAt">[]>`
            select id, link, read_at as "readAt" from rm_notifications where user_id = ${userId} and read_at is null`;
      if (ids && rows.length !== ids.length) throw new AppError("not_found", "failed_operation");
      const unread = rows.filter((r) => !r.readAt).map((r) => r.id);
      // reading twice changes nothing (the projection keeps the first time), so no version check
      if (unread.length) {
        const event: NotificationRead = { type: "NotificationRead", data: { userId, notificationIds: unread } };
        await store.append(notificationsStream(userId), "any", [event], { actor: userId });
      }
      return rows.length === 1 ? rows[0]!.link : null;
    },
  };
}
