import { Link } from "@remix-run/react";
import { Languages } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import { LANGUAGES } from "~/i18n";
import { useLanguageHref } from "./language-links";

/** The signed-in shell's language menu (the public pages use the plain links of language-links.tsx, without the menu's script). */
export function LanguageMenu() {
  const { t, i18n } = useTranslation();
  const href = useLanguageHref();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="sm" aria-label={t("nav.language")} data-testid="language-switcher">
          <Languages className="h-4 w-4" aria-hidden />
          <span className="uppercase">{i18n.language}</span>
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {LANGUAGES.map((lng) => (
          <DropdownMenuItem key={lng} asChild>
            <Link to={href(lng)} lang={lng} hrefLang={lng} data-testid={`lng-${lng}`} replace>
              {t(`languages.${lng}`)}
            </Link>
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
