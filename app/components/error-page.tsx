import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** Not found (404), not authorized (403) and unexpected errors, in the blank layout. */
export function ErrorPage({ status, kind: given, back }: { status: number; kind?: "adNotFound"; back?: { to: string; labelKey: string } }) {
  const { t } = useTranslation();
  const kind = given ?? (status === 404 ? "notFound" : status === 403 ? "notAuthorized" : "generic");
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 p-6 text-center">
      <p className="text-6xl font-bold text-primary">{status}</p>
      <h1 className="text-2xl font-semibold" data-testid="error-title">
        {t(`errors.${kind}.title`)}
      </h1>
      <p className="max-w-md text-muted-foreground">{t(`errors.${kind}.text`)}</p>
      <Link to={back?.to ?? "/"} className="rounded-md bg-primary px-4 py-2 text-primary-foreground hover:opacity-90">
        {t(back?.labelKey ?? "errors.backHome")}
      </Link>
    </main>
  );
}
