import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { NotificationBadge } from "~/components/engagement/notification-badge";
import type { MenuItem } from "~/utils/abilities";
import { cn } from "~/utils/cn";
import { MenuIcon } from "./icons";

const linkClass = ({ isActive }: { isActive: boolean }) =>
  cn(
    "flex items-center gap-3 rounded-md px-3 py-2 text-sm hover:bg-accent hover:text-accent-foreground",
    isActive && "bg-primary text-primary-foreground hover:bg-primary hover:text-primary-foreground",
  );

/** The role's menu; the same list serves the wide sidebar and the drawer. */
export function SideMenu({
  items,
  onNavigate,
  onLogout,
  badges = {},
}: {
  items: MenuItem[];
  onNavigate?: () => void;
  onLogout: () => void;
  /** a count beside an entry, by its path (unread notifications) */
  badges?: Record<string, number | undefined>;
}) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("menu.label")} className="flex flex-col gap-1 p-3">
      {items.map((item) =>
        item.children ? (
          <div key={item.labelKey} className="flex flex-col gap-1">
            <span className="flex items-center gap-3 px-3 pt-2 text-xs font-semibold uppercase text-muted-foreground">
              <MenuIcon name={item.icon} className="h-4 w-4" />
              {t(item.labelKey)}
            </span>
            {item.children.map((child) => (
              <NavLink key={child.to} to={child.to} className={(s) => cn(linkClass(s), "pl-10")} onClick={onNavigate}>
                {t(child.labelKey)}
              </NavLink>
            ))}
          </div>
        ) : (
          <NavLink key={item.to} to={item.to} className={linkClass} onClick={onNavigate} prefetch="intent">
            <MenuIcon name={item.icon} className="h-4 w-4" />
            {t(item.labelKey)}
            <NotificationBadge
              count={badges[item.to]}
              label={item.to === "/support" ? "nav.newSupportRequests" : "nav.unreadNotifications"}
            />
          </NavLink>
        ),
      )}
      {/* a real form: without JavaScript it signs out at once; with it, the confirmation opens first */}
      <form method="post" action="/logout" className="mt-2">
        <button
          type="submit"
          onClick={(e) => {
            e.preventDefault();
            onLogout();
          }}
          className="flex w-full items-center gap-3 rounded-md px-3 py-2 text-left text-sm text-destructive hover:bg-accent"
        >
          {t("menu.logout")}
        </button>
      </form>
    </nav>
  );
}
