import { Toaster } from "sonner";
import { Form, Link } from "@remix-run/react";
import { ArrowUp, Bell, Menu as MenuIconLucide, UserCircle } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { NotificationBadge, NotificationsLive } from "~/components/engagement/notification-badge";
import { SupportLive } from "~/components/support/support-live";
import { Button } from "~/components/ui/button";
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogTitle,
  SheetContent,
} from "~/components/ui/dialog";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { useScrollPast } from "~/hooks/use-scroll-past";
import type { MenuItem } from "~/utils/abilities";
import { LanguageMenu } from "./language-switcher";
import { SideMenu } from "./side-menu";
import { SkinSwitcher } from "./skin-switcher";
import { DeviceApp, tellServiceWorker, UnsentOnLogout } from "./device-app";

export interface ShellUser {
  id: string;
  firstName: string;
  lastName: string;
  role: string;
  isCandidate: boolean;
  /** shown beside the bell and the menu's notifications entry (when the page's loader gives it) */
  unreadNotifications?: number;
  /** platform admins: new support requests, beside the menu's Support entry */
  newSupportRequests?: number;
}

/**
 * Signed-in layout: a sidebar from 1200 px, a drawer below; the navigation bar with language,
 * skin, notifications (not for candidates) and the user menu; logout through a confirmation.
 */
export function AppShell({ user, menu, children }: { user: ShellUser; menu: MenuItem[]; children: React.ReactNode }) {
  const { t } = useTranslation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [logoutOpen, setLogoutOpen] = useState(false);
  const scrolled = useScrollPast(300);
  const askLogout = () => {
    setDrawerOpen(false);
    setLogoutOpen(true);
  };

  return (
    <div className="min-h-screen bg-muted/40">
      <NotificationsLive />
      {user.newSupportRequests !== undefined && user.role === "PLATFORM_ADMIN" && <SupportLive />}
      <aside
        className="fixed inset-y-0 left-0 hidden w-64 overflow-y-auto border-r bg-sidebar text-sidebar-foreground wide:block"
        data-testid="sidebar"
      >
        <Link to="/" className="block px-6 py-5 text-xl font-bold text-primary">
          Missio
        </Link>
        <SideMenu
          items={menu}
          onLogout={askLogout}
          badges={{ "/notifications": user.unreadNotifications, "/support": user.newSupportRequests }}
        />
      </aside>

      <Dialog open={drawerOpen} onOpenChange={setDrawerOpen}>
        <SheetContent aria-describedby={undefined} data-testid="drawer">
          <DialogTitle className="px-6 py-5 text-xl font-bold text-primary">Missio</DialogTitle>
          <SideMenu
            items={menu}
            onNavigate={() => setDrawerOpen(false)}
            onLogout={askLogout}
            badges={{ "/notifications": user.unreadNotifications, "/support": user.newSupportRequests }}
          />
        </SheetContent>
      </Dialog>

      <div className="wide:pl-64">
        <header className="sticky top-0 z-40 flex h-16 items-center gap-2 border-b bg-card px-4">
          <Button
            variant="ghost"
            size="icon"
            className="wide:hidden"
            aria-label={t("nav.openMenu")}
            data-testid="open-drawer"
            onClick={() => setDrawerOpen(true)}
          >
            <MenuIconLucide className="h-5 w-5" aria-hidden />
          </Button>
          <div className="flex-1" />
          <LanguageMenu />
          <SkinSwitcher />
          {!user.isCandidate && (
            <Button variant="ghost" size="icon" asChild>
              <Link
                to="/notifications"
                aria-label={t("menu.notifications")}
                data-testid="notifications-icon"
                className="relative"
              >
                <Bell className="h-4 w-4" aria-hidden />
                <NotificationBadge count={user.unreadNotifications} className="absolute -right-1 -top-1" />
              </Link>
            </Button>
          )}
          {/* the user menu and the drawer need JavaScript: without it, logout is a plain form here */}
          <noscript>
            <form method="post" action="/logout">
              <Button type="submit" variant="ghost" size="sm" data-testid="logout-no-js">
                {t("menu.logout")}
              </Button>
            </form>
          </noscript>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="sm" data-testid="user-menu">
                <UserCircle className="h-5 w-5" aria-hidden />
                <span className="hidden sm:inline">
                  {user.firstName} {user.lastName}
                </span>
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent>
              <DropdownMenuLabel>
                <span className="block">
                  {user.firstName} {user.lastName}
                </span>
                <span className="block text-xs font-normal text-muted-foreground" data-testid="role-label">
                  {t(`roles.${user.role}`)}
                </span>
              </DropdownMenuLabel>
              <DropdownMenuSeparator />
              {user.isCandidate && (
                <DropdownMenuItem asChild>
                  <Link to="/profil" data-testid="profile-link">
                    {t("menu.profile")}
                  </Link>
                </DropdownMenuItem>
              )}
              <DropdownMenuItem onSelect={() => setLogoutOpen(true)} data-testid="logout">
                {t("menu.logout")}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </header>
        {/* room at the bottom for the scroll-to-top button, which would cover the last buttons of a form */}
        <main className="mx-auto max-w-7xl p-4 pb-24 md:p-6 md:pb-24">
          <DeviceApp userId={user.id} candidate={user.isCandidate} />
          {children}
        </main>
        {/* live changes announced by the pages (an application moved, a proposal arrived) */}
        <Toaster position="top-right" closeButton richColors />
      </div>

      <Dialog open={logoutOpen} onOpenChange={setLogoutOpen}>
        <DialogContent data-testid="logout-dialog">
          <DialogTitle>{t("logout.title")}</DialogTitle>
          <DialogDescription>{t("logout.text")}</DialogDescription>
          <UnsentOnLogout userId={user.id} />
          <div className="flex justify-end gap-2">
            <DialogClose asChild>
              <Button variant="outline">{t("actions.cancel")}</Button>
            </DialogClose>
            {/* this device's copies of the person's pages go with the session (the service worker deletes them) */}
            <Form method="post" action="/logout" onSubmit={() => tellServiceWorker({ type: "signed-out" })}>
              <Button type="submit" variant="destructive" data-testid="confirm-logout">
                {t("logout.confirm")}
              </Button>
            </Form>
          </div>
        </DialogContent>
      </Dialog>

      {scrolled && (
        <Button
          size="icon"
          className="fixed bottom-6 right-6 z-40 rounded-full shadow-lg"
          aria-label={t("nav.scrollTop")}
          data-testid="scroll-top"
          onClick={() => window.scrollTo({ top: 0, behavior: "smooth" })}
        >
          <ArrowUp className="h-5 w-5" aria-hidden />
        </Button>
      )}
    </div>
  );
}
