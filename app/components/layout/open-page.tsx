import type { ReactNode } from "react";
import { AppShell } from "~/components/layout/app-shell";
import { PublicHeader } from "~/components/search/public-header";
import { LiveProvider } from "~/hooks/use-live";
import type { OpenShell } from "~/utils/open-page.server";

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
    <LiveProvider>
      <AppShell user={shell.user} menu={shell.menu}>
        {children}
      </AppShell>
    </LiveProvider>
  );
}
