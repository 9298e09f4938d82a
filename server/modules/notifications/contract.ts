/** The notifications module's contract (pure, shared with app/): limits and the notification as pages show it. */
import type { rmNotifications } from "../../../db/schema";
import type { Cols } from "../../lib/rows";

/** Spec section 9: notifications older than this are deleted. */
export const NOTIFICATION_RETENTION_DAYS = 90;
export const NOTIFICATIONS_PAGE_SIZE = 100;

export type NotificationRow = Cols<
  typeof rmNotifications,
  "id" | "kind" | "params" | "link" | "createdAt" | "readAt",
  { params: Record<string, string | number> }
>;
export * from "./communication-rules";
export * from "./push-contract";
