import fs from "node:fs";
import path from "node:path";
import { createCookie } from "@remix-run/node";
import { createInstance, type i18n as I18n, type TFunction } from "i18next";
import { RemixI18Next } from "remix-i18next/server";
import i18n, { DEFAULT_LANGUAGE, LANGUAGES } from "~/i18n";

/** The chosen language, kept a year so the server renders it on every visit. */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/** The request's language and the namespaces of the matched routes (translations: below). */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage: DEFAULT_LANGUAGE,
    cookie: localeCookie,
    // ?lng=xx, then the cookie; otherwise French (spec: default fr), not the browser's header
    order: ["searchParams", "cookie"],
  },
});

const LOCALES = path.resolve("./public/locales");
const PRODUCTION = process.env.NODE_ENV === "production";

/**
 * Translation files read once per process (in production): reading and parsing them for every
 * page was most of a page's server time. In development they are read again so edits show.
 */
const translations = new Map<string, Record<string, unknown>>();
function translation(lng: string, ns: string) {
  const key = `${lng}/${ns}`;
  let data = translations.get(key);
  if (!data) {
    const file = path.join(LOCALES, lng, `${ns}.json`);
    data = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>) : {};
    if (PRODUCTION) translations.set(key, data);
  }
  return data;
}

export const resourcesFor = (languages: string[], namespaces: string[]) =>
  Object.fromEntries(languages.map((l) => [l, Object.fromEntries(namespaces.map((ns) => [ns, translation(l, ns)]))]));

/** What fixedT adds to every call: a call with nothing else translates the same way each time. */
const ROUTING_OPTIONS = new Set(["lng", "lngs", "ns", "keyPrefix"]);
const MEMO_LIMIT = 20_000;
/** calls kept per fixed t */
const FIXED_KEPT = 2_000;

/**
 * A call's id when its answer depends on its key and values alone: a key, and no options or a
 * default text or options of plain values (a count, a name, a number shown); null otherwise
 * (objects, functions, elements: not kept).
 */
function callId(key: unknown, options: unknown): string | null {
  if (typeof key !== "string") return null;
  if (options === undefined) return key;
  if (typeof options === "string") return `${key}\u0002${options}`;
  if (typeof options !== "object" || options === null) return null;
  let id = key;
  for (const [name, value] of Object.entries(options)) {
    const type = typeof value;
    if (type !== "string" && type !== "number" && type !== "boolean" && type !== "undefined") return null;
    id += `\u0000${name}\u0001${type === "string" ? "" : type[0]}${String(value)}`;
  }
  return id;
}

/**
 * Keeps the translations of an instance that never changes after init: a page calls t() a few
 * hundred times (the search form's lists, each result card), and i18next resolves every call
 * anew, about a tenth of the search page's server time. Calls with values, counts or defaults
 * are not kept.
 */
export function memoizeTranslations(instance: I18n) {
  const translate = instance.t.bind(instance) as (key: unknown, options?: Record<string, unknown>) => unknown;
  const memo = new Map<string, unknown>();
  instance.t = ((key: unknown, options?: unknown) => {
    if (typeof key !== "string" || (options !== undefined && typeof options !== "object"))
      return translate(key, options as never);
    const o = (options ?? {}) as Record<string, unknown>;
    for (const name in o) if (o[name] !== undefined && !ROUTING_OPTIONS.has(name)) return translate(key, o);
    const id = `${String(o.lng)}|${String(o.lngs)}|${String(o.ns)}|${String(o.keyPrefix)}|${key}`;
    if (memo.has(id)) return memo.get(id);
    const text = translate(key, o);
    if (memo.size < MEMO_LIMIT) memo.set(id, text);
    return text;
  }) as I18n["t"];

  // The fixed t of a language, namespaces and prefix (what useTranslation hands each component),
  // made once, and its calls kept by key and values (see callId): i18next's fixedT copies its
  // options and interpolates anew on every call (a result card's distance and salary), and the
  // memo above builds an id each time: still 5 % of the search page's server time.
  type FixedT = ((key: unknown, ...rest: unknown[]) => unknown) & {
    lng?: string;
    lngs?: readonly string[];
    ns?: unknown;
    keyPrefix?: string;
  };
  const getFixedT = instance.getFixedT.bind(instance) as unknown as (...args: unknown[]) => FixedT;
  const fixedTs = new Map<string, FixedT>();
  instance.getFixedT = ((lng: unknown, ns?: unknown, keyPrefix?: unknown) => {
    const id = `${String(lng)}|${String(ns)}|${String(keyPrefix)}`;
    let fixed = fixedTs.get(id);
    if (!fixed) {
      const inner = getFixedT(lng, ns, keyPrefix);
      const kept = new Map<string, unknown>();
      const t = (key: unknown, ...rest: unknown[]) => {
        const call = rest.length <= 1 ? callId(key, rest[0]) : null;
        if (call === null) return inner(key, ...rest);
        let text = kept.get(call);
        if (text === undefined) {
          text = inner(key, ...rest);
          // the oldest call goes first: values (distances, amounts) keep coming
          if (kept.size >= FIXED_KEPT) kept.delete(kept.keys().next().value!);
          kept.set(call, text);
        }
        return text;
      };
      fixed = Object.assign(t, { lng: inner.lng, lngs: inner.lngs, ns: inner.ns, keyPrefix: inner.keyPrefix });
      fixedTs.set(id, fixed);
    }
    return fixed;
  }) as unknown as I18n["getFixedT"];
  return instance;
}

const NAMESPACES = fs.readdirSync(path.join(LOCALES, DEFAULT_LANGUAGE)).map((f) => f.replace(/\.json$/, ""));
const translators = new Map<string, I18n>();

/**
 * A translation function for a loader or a resource route, in the request's language (or the one
 * given): one i18next instance per language, built once and never changed afterwards, instead of
 * a new instance reading the files on every request.
 */
export async function fixedT(requestOrLanguage: Request | string, ns = "common"): Promise<TFunction> {
  const lng = typeof requestOrLanguage === "string" ? requestOrLanguage : await i18next.getLocale(requestOrLanguage);
  let instance = translators.get(lng);
  if (!instance) {
    instance = createInstance();
    await instance.init({
      ...i18n,
      lng,
      ns: NAMESPACES,
      resources: resourcesFor([...new Set([lng, i18n.fallbackLng])], NAMESPACES),
    });
    if (PRODUCTION) translators.set(lng, memoizeTranslations(instance));
  }
  return instance.getFixedT(lng, ns);
}
