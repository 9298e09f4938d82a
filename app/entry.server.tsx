import { PassThrough } from "node:stream";
import type { AppLoadContext, EntryContext } from "@remix-run/node";
import { createReadableStreamFromReadable } from "@remix-run/node";
import { RemixServer } from "@remix-run/react";
import { createInstance } from "i18next";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import i18n from "./i18n";
import { NonceContext } from "./utils/nonce";
import { i18next, resourcesFor } from "./utils/i18n.server";

const ABORT_DELAY = 5_000;

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
  // The whole page is rendered before it is sent, for every client: content under a Suspense
  // boundary (the lazily loaded signed-in shell of the public pages) would otherwise be streamed
  // into a hidden element that only a script reveals, and stay hidden without JavaScript. No
  // loader defers data, so nothing waits longer for it.
  const callback = "onAllReady";
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
