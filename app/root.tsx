import { json, type LinksFunction, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  LiveReload,
  Meta,
  Outlet,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteError,
  useRouteLoaderData,
} from "@remix-run/react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { ErrorPage } from "./components/error-page";
import { Scripts } from "./components/layout/scripts";
import { isLanguage } from "./i18n";
import stylesheet from "./tailwind.css";
import { i18next, localeCookie } from "./utils/i18n.server";
import { useNonce } from "./utils/nonce";
import { getSkin } from "./utils/preferences.server";
import { skinClass, type Skin } from "./utils/skin";
import { useRouteNamespaces } from "./hooks/use-route-namespaces";

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

export const handle = { i18n: ["common"] };

export async function loader({ request }: LoaderFunctionArgs) {
  const locale = await i18next.getLocale(request);
  const skin = await getSkin(request);
  const headers = new Headers();
  // ?lng=xx switches the language and keeps it (cookie) for the next visits
  const asked = new URL(request.url).searchParams.get("lng");
  if (isLanguage(asked)) headers.append("Set-Cookie", await localeCookie.serialize(asked));
  return json({ locale, skin }, { headers });
}

function Document({ children, locale, skin }: { children: React.ReactNode; locale: string; skin: Skin }) {
  const nonce = useNonce();
  const { i18n } = useTranslation();
  // the path whose page has all its translations (tests wait for it after a click)
  const translated = useRouteNamespaces();
  return (
    <html lang={locale} dir={i18n.dir(locale)} className={skinClass(skin)} data-translated={translated}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* the phone's bar around the installed app (its manifest has the same colours) */}
        <meta name="theme-color" content={skin === "dark" || skin === "semi-dark" ? "#121621" : "#1450d2"} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
        {process.env.NODE_ENV === "development" && <LiveReload nonce={nonce} />}
      </body>
    </html>
  );
}

export default function App() {
  const { locale, skin } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
  // scripts run: what is typed from now on reaches React (journeys wait for it before typing)
  // a page whose content waits for the lazy signed-in shell says so itself (OpenPage)
  useEffect(
    () => void (document.querySelector("[data-awaits-shell]") || (document.documentElement.dataset.hydrated = "true")),
    [],
  );
  return (
    <Document locale={locale} skin={skin}>
      <Outlet />
    </Document>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const data = useRouteLoaderData<typeof loader>("root");
  const status = isRouteErrorResponse(error) ? error.status : 500;
  // a 503 is a dependency away, logged once by the server (server/lib/outage.ts)
  if (status >= 500 && status !== 503) console.error(error);
  return (
    <Document locale={data?.locale ?? "fr"} skin={data?.skin ?? "light"}>
      <ErrorPage status={status} />
    </Document>
  );
}
