import { LiveProvider } from "~/hooks/live-provider";
import type { MenuItem } from "~/utils/abilities";
import { AppShell, type ShellUser } from "./app-shell";

/** The signed-in shell with its live connection (Socket.IO), one module the open pages load lazily. */
export default function LiveShell({
  user,
  menu,
  children,
}: {
  user: ShellUser;
  menu: MenuItem[];
  children: React.ReactNode;
}) {
  return (
    <LiveProvider>
      <AppShell user={user} menu={menu}>
        {children}
      </AppShell>
    </LiveProvider>
  );
}
