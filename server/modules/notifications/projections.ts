import type { Projection, Tx } from "../../event-store/types";
import { jsonb } from "../../lib/rows";
import { NOTIFICATION_EVENT_TYPES, NOTIFICATION_RETENTION_DAYS, type NotificationEvent } from "./in-app";

const DAY_MS = 86_400_000;

/** rm_notifications: inline, so the list and its badge read their own writes. */
export const notificationsProjection: Projection<NotificationEvent> = {
  name: "notifications.in-app",
  eventTypes: NOTIFICATION_EVENT_TYPES,
  tables: ["rm_notifications"],
  async apply(tx: Tx, events) {
    // a rebuild does not bring back what the 90-day purge deleted
    const oldest = Date.now() - NOTIFICATION_RETENTION_DAYS * DAY_MS;
    for (const e of events) {
      switch (e.type) {
        case "NotificationRaised": {
          // an erased person has no read models left to fill
          if (e.erased || e.createdAt.getTime() < oldest) break;
          const d = e.data;
          await tx`insert into rm_notifications (id, user_id, kind, params, link, created_at)
            values (${d.notificationId}, ${d.userId}, ${d.kind}, ${jsonb(tx, d.params)}, ${d.link}, ${e.createdAt})
            on conflict (id) do nothing`;
          break;
        }
        case "NotificationRead":
          await tx`update rm_notifications set read_at = ${e.createdAt}
            where user_id = ${e.data.userId} and id = any(${e.data.notificationIds}::uuid[]) and read_at is null`;
          break;
      }
    }
  },
};
