import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LanguageLinks } from "~/components/layout/language-switcher";
import { Button } from "~/components/ui/button";

/** The job search for visitors who are not signed in: the brand, languages, sign in, register. */
export function PublicHeader() {
  const { t } = useTranslation("search");
  const location = useLocation();
  // back to the same search after signing in
  const back = encodeURIComponent(location.pathname + location.search);
  return (
    <header className="sticky top-0 z-40 flex h-16 items-center gap-4 border-b bg-card px-4 md:px-6" data-testid="public-header">
      <Link to="/login" className="text-xl font-bold text-primary">
        Missio
      </Link>
      <div className="flex-1" />
      <LanguageLinks />
      <Button variant="ghost" size="sm" asChild>
        <Link to={`/login?redirectTo=${back}`} data-testid="public-login">
          {t("header.login")}
        </Link>
      </Button>
      <Button size="sm" asChild>
        <Link to="/register/user" data-testid="public-register">
          {t("header.register")}
        </Link>
      </Button>
    </header>
  );
}
