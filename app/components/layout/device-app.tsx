import { Link, useLocation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { useOnline } from "~/hooks/use-online";
import { formatDate } from "~/utils/dates";
import { flush, useQueue } from "~/utils/offline-queue";
import {
  CACHED_AT_HEADER,
  OFFLINE_PAGES,
  PAGE_CACHE_PREFIX,
  isOfflinePage,
  type ToServiceWorker,
} from "~/utils/offline-pages";

const NS = ["mobile", "common"];
const INSTALL_OFFERED = "missio:install-offered";
/** The pages where offering the app makes sense: where a candidate comes back every week. */
const INSTALL_PAGES = ["/tableau-de-bord", "/missions-valides", "/fiches-horaires"];

/** Tells this device's service worker something (nothing when there is none yet). */
export function tellServiceWorker(message: ToServiceWorker): void {
  navigator.serviceWorker?.controller?.postMessage(message);
}

/**
 * The installable app on a signed-in page (issue 31, ADR 0051): registers the service worker
 * (production builds; never from the public pages), tells it who is signed in so it keeps the
 * candidate's pages for them alone, sends the queued timesheet changes when the network comes
 * back, offers the install once, and says when a page is shown as last seen offline.
 */
export function DeviceApp({ userId, candidate }: { userId: string; candidate: boolean }) {
  useEffect(() => {
    if (process.env.NODE_ENV !== "production" || !("serviceWorker" in navigator)) return;
    const hello = () =>
      tellServiceWorker({
        type: "user",
        id: userId,
        warm: candidate ? [...OFFLINE_PAGES] : [],
        // the build's route list version, for the service worker to ask for the kept pages' routes
        manifestVersion: candidate
          ? ((window as { __remixManifest?: { version?: string } }).__remixManifest?.version ?? "")
          : "",
      });
    navigator.serviceWorker
      .register("/sw.js", { scope: "/" })
      .then(() => navigator.serviceWorker.ready)
      .then(hello)
      .catch((error: unknown) => console.warn("service worker not registered", error));
    // a new service worker (a new build) takes over: it is told again
    navigator.serviceWorker.addEventListener("controllerchange", hello);
    return () => navigator.serviceWorker.removeEventListener("controllerchange", hello);
  }, [userId, candidate]);

  useEffect(() => {
    const send = () => void flush(userId);
    send();
    window.addEventListener("online", send);
    return () => window.removeEventListener("online", send);
  }, [userId]);

  return (
    <>
      <OfflineNotice />
      <WaitingElsewhere userId={userId} />
      {candidate ? <InstallOffer /> : null}
    </>
  );
}

/** Hours still on this device, seen from another page than their week's: what waits, and a way to it. */
function WaitingElsewhere({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
  const { pathname } = useLocation();
  const queued = useQueue(userId);
  const sheets = [...new Set(queued.map((c) => c.sheetId))].filter((id) => pathname !== `/fiches-horaires/${id}`);
  if (sheets.length === 0) return null;
  const choices = queued.filter((c) => c.state !== "waiting").length;
  return (
    <p
      role="status"
      className="mb-3 flex flex-wrap gap-2 rounded-md border border-sky-500 bg-sky-50 p-2 text-sm dark:bg-sky-950"
      data-testid="waiting-elsewhere"
    >
      <span>
        {choices
          ? t("offline.waitingChoice", { count: queued.length })
          : t("offline.waiting", { count: queued.length })}
      </span>
      {sheets.map((id) => (
        <Link key={id} to={`/fiches-horaires/${id}`} className="underline underline-offset-2">
          {t("offline.openWeek")}
        </Link>
      ))}
    </p>
  );
}

/** Offline: the page is the device's copy; when it was fetched, read from the service worker's cache. */
function OfflineNotice() {
  const { t, i18n } = useTranslation(NS);
  const online = useOnline();
  const { pathname } = useLocation();
  const [keptAt, setKeptAt] = useState<string | null>(null);
  useEffect(() => {
    if (online || !isOfflinePage(pathname) || !("caches" in window)) return setKeptAt(null);
    let live = true;
    void (async () => {
      let latest: string | null = null;
      for (const name of await caches.keys()) {
        if (!name.startsWith(PAGE_CACHE_PREFIX)) continue;
        const cache = await caches.open(name);
        for (const request of await cache.keys()) {
          if (new URL(request.url).pathname !== pathname) continue;
          const at = (await cache.match(request))?.headers.get(CACHED_AT_HEADER) ?? null;
          if (at && (!latest || at > latest)) latest = at;
        }
      }
      if (live) setKeptAt(latest);
    })();
    return () => void (live = false);
  }, [online, pathname]);
  if (online) return null;
  const at = keptAt ? new Date(keptAt) : null;
  return (
    <p
      role="status"
      className="mb-3 rounded-md border border-amber-500 bg-amber-50 p-2 text-sm dark:bg-amber-950"
      data-testid="offline-notice"
    >
      {at
        ? t("offline.notice", {
            date: formatDate(at),
            time: at.toLocaleTimeString(i18n.language, { hour: "2-digit", minute: "2-digit" }),
          })
        : t("offline.noticeUnknown")}
    </p>
  );
}

interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}

/**
 * The install offer: once per device, on a page a candidate comes back to, after the browser says
 * the app can be installed (Chromium's beforeinstallprompt); Safari on iPhone gets the two steps
 * it needs instead. Never on the public pages (this component is only in the signed-in shell).
 */
function InstallOffer() {
  const { t } = useTranslation(NS);
  const { pathname } = useLocation();
  const [event, setEvent] = useState<InstallPromptEvent | null>(null);
  const [ios, setIos] = useState(false);
  const [offered, setOffered] = useState(true);
  useEffect(() => {
    setOffered(localStorage.getItem(INSTALL_OFFERED) !== null);
    const standalone = window.matchMedia("(display-mode: standalone)").matches;
    setIos(!standalone && /iPhone|iPad|iPod/.test(navigator.userAgent) && !("onbeforeinstallprompt" in window));
    const keep = (e: Event) => {
      e.preventDefault(); // the browser's own bar would come at any moment; ours comes at a good one
      setEvent(e as InstallPromptEvent);
    };
    window.addEventListener("beforeinstallprompt", keep);
    return () => window.removeEventListener("beforeinstallprompt", keep);
  }, []);
  if (offered || !INSTALL_PAGES.includes(pathname) || (!event && !ios)) return null;
  const done = () => {
    localStorage.setItem(INSTALL_OFFERED, new Date().toISOString());
    setOffered(true);
  };
  const install = async () => {
    if (!event) return done();
    await event.prompt();
    await event.userChoice;
    done();
  };
  return (
    <aside
      className="mb-3 flex flex-wrap items-center gap-3 rounded-md border bg-card p-3 text-sm"
      data-testid="install-offer"
    >
      <div className="grid flex-1 gap-1">
        <strong>{t("install.title")}</strong>
        <span className="text-muted-foreground">{ios ? t("install.ios") : t("install.body")}</span>
      </div>
      {event ? (
        <Button type="button" size="sm" onClick={() => void install()} data-testid="install-accept">
          {t("install.accept")}
        </Button>
      ) : null}
      <Button type="button" size="sm" variant="ghost" onClick={done} data-testid="install-dismiss">
        {t("install.dismiss")}
      </Button>
    </aside>
  );
}

/** Signing out with changes not sent yet: they stay on this device and go at this person's next sign-in. */
export function UnsentOnLogout({ userId }: { userId: string }) {
  const { t } = useTranslation(NS);
  const unsent = useQueue(userId).length;
  if (!unsent) return null;
  return (
    <p role="alert" className="text-sm text-amber-700" data-testid="logout-unsent">
      {t("offline.unsentOnLogout", { count: unsent })}
    </p>
  );
}
