import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { OpenShell } from "~/utils/open-page.server";
import { AppShell } from "./layout/app-shell";
import { PublicFrame } from "./layout/public-frame";

type Kind = "adNotFound";
interface Props {
  status: number;
  kind?: Kind;
  back?: { to: string; labelKey: string };
}

/** What went wrong and the way back: the status, a title, a sentence, a link. */
function ErrorContent({ status, kind: given, back }: Props) {
  const { t } = useTranslation();
  const kind = given ?? (status === 404 ? "notFound" : status === 403 ? "notAuthorized" : "generic");
  return (
    <>
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold" data-testid="error-title">
        {t(`errors.${kind}.title`)}
      </h1>
      <p className="max-w-md text-muted-foreground">{t(`errors.${kind}.text`)}</p>
      <Link to={back?.to ?? "/"} className="rounded-md bg-primary px-4 py-2 text-primary-foreground hover:opacity-90">
        {t(back?.labelKey ?? "errors.backHome")}
      </Link>
    </>
  );
}

/** Not found (404), not authorized (403) and unexpected errors, in the blank layout. */
export function ErrorPage(props: Props) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <ErrorContent {...props} />
    </main>
  );
}

/**
 * The same page inside the frame the person was in: the signed-in shell with their menu (so a
 * wrong address is never a dead end), or the public pages' frame for visitors.
 */
export function FramedErrorPage({ shell, ...props }: Props & { shell: OpenShell }) {
  const content = (
    <section className="card-surface grid w-full max-w-xl justify-items-center gap-4 p-8 text-center" data-testid="error-page">
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
