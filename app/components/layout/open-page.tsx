import { lazy, Suspense, type ReactNode } from "react";
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
  return (
    <Suspense fallback={<div className="min-h-screen bg-muted/40" />}>
      <LiveShell user={shell.user} menu={shell.menu}>
        {children}
      </LiveShell>
    </Suspense>
  );
}
