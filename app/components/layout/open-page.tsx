import { lazy, Suspense, useEffect, type ReactNode } from "react";
import { PublicHeader } from "~/components/search/public-header";
import type { OpenShell } from "~/utils/open-page.server";

// The signed-in shell (menu, live connection and its Socket.IO client, Radix menus, toasts) loads
// only for people signed in: visitors' bundles of the public pages stay without it (issue 14).
const LiveShell = lazy(() => import("~/components/layout/live-shell"));

/** A page open to everyone: the signed-in shell and menu, or a light header for visitors. */
export function OpenPage({ shell, children }: { shell: OpenShell; children: ReactNode }) {
  if (!shell) {
    return (
      <div className="min-h-screen bg-muted/40">
        <PublicHeader />
        <main className="mx-auto max-w-7xl p-4 md:p-6">{children}</main>
      </div>
    );
  }
  // The page under the lazy shell hydrates only once the shell's chunk is in: until then a click
  // is the browser's own (a form posts the whole page). The page says it is hydrated from there.
  return (
    <>
      <span hidden data-awaits-shell="" />
      <Suspense fallback={<div className="min-h-screen bg-muted/40" />}>
        <LiveShell user={shell.user} menu={shell.menu}>
          <ShellHydrated />
          {children}
        </LiveShell>
      </Suspense>
    </>
  );
}

function ShellHydrated() {
  useEffect(() => void (document.documentElement.dataset.hydrated = "true"), []);
  return null;
}
