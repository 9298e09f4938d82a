import { Writable } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance, type i18n as I18n } from "i18next";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n from "./i18n";
import { NonceContext } from "./utils/nonce";
import { i18next, memoizeTranslations, resourcesFor } from "./utils/i18n.server";

const ABORT_DELAY = 5_000;
const PRODUCTION = process.env.NODE_ENV === "production";

/**
 * One i18next instance per language and set of route namespaces, built once (in production):
 * nothing changes an instance after init, and creating one per page was a visible share of the
 * server's time. In development each page gets a fresh one so translation edits show.
 */
const instances = new Map<string, Promise<I18n>>();
function translator(lng: string, ns: string[]) {
  const key = `${lng} ${ns.join(",")}`;
  let instance = instances.get(key);
  if (!instance) {
    const created = createInstance();
    instance = created
      .use(initReactI18next)
      .init({ ...i18n, lng, ns, resources: resourcesFor([...new Set([lng, i18n.fallbackLng])], ns) })
      .then(() => memoizeTranslations(created));
    if (PRODUCTION) instances.set(key, instance);
  }
  return instance;
}

export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  remixContext: EntryContext,
  loadContext: AppLoadContext,
) {
  const lng = await i18next.getLocale(request);
  const instance = await translator(lng, i18next.getRouteNamespaces(remixContext));

  const nonce = loadContext.cspNonce;
  // The whole page is rendered before it is sent, for every client: content under a Suspense
  // boundary (the lazily loaded signed-in shell of the public pages) would otherwise be streamed
  // into a hidden element that only a script reveals, and stay hidden without JavaScript. No
  // loader defers data, so nothing waits longer for it. The page then leaves as one buffer:
  // React's many small writes, each compressed on its own, cost more CPU than the render.
  return new Promise<Response>((resolve, reject) => {
    let ready = false;
    const chunks: Buffer[] = [];
    const body = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        responseHeaders.set("Content-Type", "text/html");
        resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
        done();
      },
    });
    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={instance}>
        <NonceContext.Provider value={nonce}>
          <RemixServer context={remixContext} url={request.url} abortDelay={ABORT_DELAY} nonce={nonce} />
        </NonceContext.Provider>
      </I18nextProvider>,
      {
        nonce,
        onAllReady: () => {
          ready = true;
          pipe(body);
        },
        onShellError: reject,
        onError(error: unknown) {
          responseStatusCode = 500;
          // errors before the shell reach Remix through onShellError
          if (ready) console.error(error);
        },
      },
    );
    setTimeout(abort, ABORT_DELAY).unref();
  });
}
