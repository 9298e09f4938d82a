/** Shared i18next settings (server and browser). fr is the default language, en the fallback. */
export const LANGUAGES = ["fr", "en", "de", "it", "pt"] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = "fr";
/** Every namespace (public/locales/<lng>/<ns>.json), checked against the files by tests/unit/locales.test.ts. */
export const NAMESPACES = [
  "activities",
  "ads",
  "api",
  "applications",
  "candidate-file",
  "common",
  "communication",
  "cv",
  "documents",
  "duplicates",
  "engagement",
  "export",
  "fit",
  "folders",
  "library",
  "library-searches",
  "mail",
  "mobile",
  "orders",
  "placements",
  "places",
  "presentations",
  "planning",
  "profile",
  "push",
  "reference",
  "register",
  "search",
  "statistics",
  "support",
  "timesheets",
] as const;

export default {
  supportedLngs: [...LANGUAGES],
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  // a namespace loaded after a client-side navigation renders its keys again (use-route-namespaces.ts)
  react: { useSuspense: false, bindI18nStore: "added" },
  interpolation: { escapeValue: false },
};

export function isLanguage(value: unknown): value is Language {
  return typeof value === "string" && (LANGUAGES as readonly string[]).includes(value);
}
