import type { OpenShell } from "~/utils/open-page.server";
import { ErrorContent, type ErrorProps } from "./error-page";
import { AppShell } from "./layout/app-shell";
import { PublicFrame } from "./layout/public-frame";

/**
 * The same page inside the frame the person was in: the signed-in shell with their menu (so a
 * wrong address is never a dead end), or the public pages' frame for visitors.
 */
export function FramedErrorPage({ shell, ...props }: ErrorProps & { shell: OpenShell }) {
  const content = (
    <section
      className="card-surface grid w-full max-w-xl justify-items-center gap-4 p-8 text-center"
      data-testid="error-page"
    >
      <ErrorContent {...props} />
    </section>
  );
  if (!shell) return <PublicFrame>{content}</PublicFrame>;
  return (
    <AppShell user={shell.user} menu={shell.menu}>
      <div className="flex justify-center py-8">{content}</div>
    </AppShell>
  );
}
