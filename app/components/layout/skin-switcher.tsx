import { useFetcher, useLocation, useRouteLoaderData } from "@remix-run/react";
import { Palette } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from "~/components/ui/dropdown-menu";
import type { loader as rootLoader } from "~/root";
import { SKINS } from "~/utils/skin";

/** Light, bordered, dark, semi-dark; saved in a cookie by the /preferences action. */
export function SkinSwitcher() {
  const { t } = useTranslation();
  const fetcher = useFetcher();
  const location = useLocation();
  const current = useRouteLoaderData<typeof rootLoader>("root")?.skin ?? "light";
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={t("nav.skin")} data-testid="skin-switcher">
          <Palette className="h-4 w-4" aria-hidden />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent>
        {SKINS.map((skin) => (
          <DropdownMenuItem
            key={skin}
            data-testid={`skin-${skin}`}
            aria-checked={skin === current}
            onSelect={() =>
              fetcher.submit(
                { skin, redirectTo: location.pathname + location.search },
                { method: "post", action: "/preferences" },
              )
            }
          >
            {t(`skins.${skin}`)}
          </DropdownMenuItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
