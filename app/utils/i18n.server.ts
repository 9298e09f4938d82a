import path from "node:path";
import { createCookie } from "@remix-run/node";
import Backend from "i18next-fs-backend";
import { RemixI18Next } from "remix-i18next/server";
import i18n, { DEFAULT_LANGUAGE, LANGUAGES } from "~/i18n";

/** The chosen language, kept a year so the server renders it on every visit. */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: localeCookie,
    // ?lng=xx, then the cookie; otherwise French (spec: default fr), not the browser's header
    order: ["searchParams", "cookie"],
  },
  i18next: { ...i18n, backend: { loadPath: path.resolve("./public/locales/{{lng}}/{{ns}}.json") } },
  plugins: [Backend],
});
