import { useTranslation } from "react-i18next";
import { useLive } from "~/hooks/use-live";
import { cn } from "~/utils/cn";

/**
 * The unread notifications count beside the bell or the menu entry; nothing when all are read.
 * Part of the shell, so its words are in the common namespace every page loads.
 */
export function NotificationBadge({
  count,
  className,
  label = "nav.unreadNotifications",
}: {
  count: number | undefined;
  className?: string;
  /** what the count is, for screen readers (a common.json key with plurals) */
  label?: "nav.unreadNotifications" | "nav.newSupportRequests";
}) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <span
      className={cn(
        "ml-auto inline-flex min-w-5 items-center justify-center rounded-full bg-destructive px-1.5 text-xs font-semibold leading-5 text-destructive-foreground",
        className,
      )}
      data-testid="notification-badge"
    >
      <span aria-hidden>{count > 99 ? "99+" : count}</span>
      <span className="sr-only">{t(label, { count })}</span>
    </span>
  );
}

/** Reloads the page's data (the badge's count with it) when a notification is raised or read. */
export function NotificationsLive() {
  useLive((e) => e.type === "NotificationRaised" || e.type === "NotificationRead");
  return null;
}
