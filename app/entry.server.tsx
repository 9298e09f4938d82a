import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { isbot } from "isbot";
import fs from "node:fs";
import path from "node:path";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n from "./i18n";
import { NonceContext } from "./utils/nonce";
import { i18next } from "./utils/i18n.server";

const ABORT_DELAY = 5_000;

/**
 * Translation files read once per process (in production): reading and parsing them for every
 * page was most of a page's server time. In development they are read again so edits show.
 */
const translations = new Map<string, Record<string, unknown>>();
function translation(lng: string, ns: string) {
  const key = `${lng}/${ns}`;
  let data = translations.get(key);
  if (!data) {
    const file = path.resolve("./public/locales", lng, `${ns}.json`);
    data = fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, "utf8")) as Record<string, unknown>) : {};
    if (process.env.NODE_ENV === "production") translations.set(key, data);
  }
  return data;
}
const resourcesFor = (languages: string[], namespaces: string[]) =>
  Object.fromEntries(languages.map((l) => [l, Object.fromEntries(namespaces.map((ns) => [ns, translation(l, ns)]))]));

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const instance = createInstance();
  const lng = await i18next.getLocale(request);
  const ns = i18next.getRouteNamespaces(remixContext);
  await instance.use(initReactI18next).init({ ...i18n, lng, ns, resources: resourcesFor([...new Set([lng, i18n.fallbackLng])], ns) });

  const nonce = loadContext.cspNonce;
  const callback = isbot(request.headers.get("user-agent")) ? "onAllReady" : "onShellReady";
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <NonceContext.Provider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceContext.Provider>
      </I18nextProvider>,
      {
        nonce,
        [callback]: () => {
          shellRendered = true;
          const body = new PassThrough();
          responseHeaders.set("Content-Type", "text/html");
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY);
  });
}
