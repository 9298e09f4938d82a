import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { LANGUAGES } from "~/i18n";
import { cn } from "~/utils/cn";

/** ?lng=xx on the current page: the server switches and remembers the language (works without JS). */
export function useLanguageHref() {
  const location = useLocation();
  return (lng: string) => {
    const params = new URLSearchParams(location.search);
    params.set("lng", lng);
    return `${location.pathname}?${params.toString()}`;
  };
}

/**
 * The public pages' switcher: plain links, so it needs no script; each is announced by the code
 * it shows, then its language's own name ("DE – Deutsch"): the visible text leads the name, so a
 * voice command "click DE" finds it (WCAG 2.5.3).
 */
export function LanguageLinks({ className }: { className?: string }) {
  const { t, i18n } = useTranslation();
  const href = useLanguageHref();
  return (
    <nav aria-label={t("nav.language")} className={cn("flex gap-1 text-sm", className)}>
      {LANGUAGES.map((lng) => (
        <Link
          key={lng}
          to={href(lng)}
          lang={lng}
          hrefLang={lng}
          aria-label={`${lng.toUpperCase()} – ${t(`languages.${lng}`)}`}
          data-testid={`lng-${lng}`}
          replace
          aria-current={i18n.language === lng ? "true" : undefined}
          className="inline-flex min-h-6 min-w-6 items-center justify-center rounded px-1 uppercase text-muted-foreground hover:text-foreground aria-[current=true]:font-bold aria-[current=true]:text-foreground"
        >
          {lng}
        </Link>
      ))}
    </nav>
  );
}
