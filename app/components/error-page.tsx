import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

type Kind = "adNotFound";
export interface ErrorProps {
  status: number;
  kind?: Kind;
  back?: { to: string; labelKey: string };
}

/**
 * What went wrong and the way back: the status, a title, a sentence, a link. A 503 is a
 * dependency away (server/lib/outage.ts): the person's input is not at fault, they try again.
 */
export function ErrorContent({ status, kind: given, back }: ErrorProps) {
  const { t } = useTranslation();
  const kind =
    given ??
    (status === 404 ? "notFound" : status === 403 ? "notAuthorized" : status === 503 ? "unavailable" : "generic");
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

/**
 * Not found (404), not authorized (403), temporarily unavailable (503) and unexpected errors, in
 * the blank layout. Kept apart from the framed page (framed-error-page.tsx): the root imports
 * this one, and the signed-in shell would otherwise ship with every public page.
 */
export function ErrorPage(props: ErrorProps) {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <ErrorContent {...props} />
    </main>
  );
}
