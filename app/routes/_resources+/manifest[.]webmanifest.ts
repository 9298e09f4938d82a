import type { LoaderFunctionArgs } from "@remix-run/node";
import { homeFor } from "#server/modules/identity/contract";
import { getUser } from "~/utils/auth.server";
import { fixedT, i18next } from "~/utils/i18n.server";
import { getSkin } from "~/utils/preferences.server";
import type { Skin } from "~/utils/skin";

/** The bar and splash colours of the installed app, per skin (the primary blue, or the dark background). */
const COLOURS: Record<Skin, { theme_color: string; background_color: string }> = {
  light: { theme_color: "#1450d2", background_color: "#ffffff" },
  bordered: { theme_color: "#1450d2", background_color: "#ffffff" },
  dark: { theme_color: "#121621", background_color: "#121621" },
  "semi-dark": { theme_color: "#121621", background_color: "#ffffff" },
};

const ICON_SIZES = [48, 72, 96, 128, 144, 152, 192, 256, 384, 512];

/**
 * /manifest.webmanifest (issue 31): the installable app, in the person's language and skin,
 * opening on their role's home; a candidate's shortcuts lead to their shifts, timesheets and
 * applications. Linked only from the signed-in pages (the public pages offer no install).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const [user, skin, lang] = await Promise.all([
    getUser(request, context),
    getSkin(request),
    i18next.getLocale(request),
  ]);
  const t = await fixedT(request, "mobile");
  const candidate = user?.role === "CANDIDATE";
  const shortcut = (key: string, url: string) => ({
    name: t(`pwa.shortcuts.${key}`),
    url,
    icons: [{ src: "/icons/icon-96.png", sizes: "96x96", type: "image/png" }],
  });
  const manifest = {
    id: "/",
    name: t("pwa.name"),
    short_name: t("pwa.shortName"),
    description: t("pwa.description"),
    lang,
    dir: "ltr",
    start_url: `${user ? homeFor(user.role) : "/tableau-de-bord"}?source=app`,
    scope: "/",
    display: "standalone",
    orientation: "any",
    ...COLOURS[skin],
    icons: [
      ...ICON_SIZES.map((s) => ({
        src: `/icons/icon-${s}.png`,
        sizes: `${s}x${s}`,
        type: "image/png",
        purpose: "any",
      })),
      { src: "/icons/maskable-192.png", sizes: "192x192", type: "image/png", purpose: "maskable" },
      { src: "/icons/maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
      { src: "/icons/icon.svg", sizes: "any", type: "image/svg+xml", purpose: "any" },
    ],
    shortcuts: candidate
      ? [
          shortcut("shifts", "/missions-valides#schedule"),
          shortcut("timesheet", "/fiches-horaires"),
          shortcut("applications", "/candidatures-en-attente"),
        ]
      : user
        ? [shortcut("dashboard", homeFor(user.role)), shortcut("notifications", "/notifications")]
        : [],
  };
  return new Response(JSON.stringify(manifest), {
    headers: {
      "Content-Type": "application/manifest+json; charset=utf-8",
      // per person (role, language, skin): never shared by a cache
      "Cache-Control": "private, no-cache",
      Vary: "Cookie",
    },
  });
}
