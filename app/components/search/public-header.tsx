import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageLinks } from "~/components/layout/language-links";
import { Button } from "~/components/ui/button";

/** The job search for visitors who are not signed in: the brand, languages, sign in, register. */
export function PublicHeader() {
  const { t } = useTranslation("search");
  const location = useLocation();
  // back to the same search after signing in
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    // on a phone the languages take a line of their own under the brand and the two buttons
    <header
      className="sticky top-0 z-40 flex min-h-16 flex-wrap items-center gap-x-2 gap-y-1 border-b bg-card px-3 py-2 sm:gap-x-3 md:px-6"
      data-testid="public-header"
    >
      <Link to="/login" className="text-lg font-bold text-primary sm:text-xl">
        Missio
      </Link>
      <div className="flex-1" />
      <LanguageLinks className="order-last w-full justify-end sm:order-none sm:w-auto" />
      <Button variant="ghost" size="sm" className="px-2 sm:px-3" asChild>
        <Link to={`/login?redirectTo=${back}`} data-testid="public-login">
          {t("header.login")}
        </Link>
      </Button>
      <Button size="sm" className="px-2 sm:px-3" asChild>
        <Link to="/register/user" data-testid="public-register">
          {t("header.register")}
        </Link>
      </Button>
    </header>
  );
}
