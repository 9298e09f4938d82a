/** The notifications module's contract (pure, shared with app/): limits and the notification as pages show it. */

/** Spec section 9: notifications older than this are deleted. */
export const NOTIFICATION_RETENTION_DAYS = 90;
export const NOTIFICATIONS_PAGE_SIZE = 100;

export interface NotificationRow {
  id: string;
  kind: string;
  params: Record<string, string | number>;
  link: string | null;
  createdAt: Date;
  readAt: Date | null;
}
