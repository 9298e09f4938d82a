import type { Db } from "../event-store/types";
import type { Logger } from "./logger";

/**
 * LISTEN on a channel and stay subscribed through database outages.
 *
 * postgres.js listens again after its connection drops, but only once: if the database is still
 * away at that moment the subscription is gone for good. So a watchdog sends itself a NOTIFY on a
 * private channel every `probeMs`; when it does not come back within `echoMs`, it subscribes again
 * (retrying with backoff while the database is down). `onListen` runs on every (re)subscription:
 * messages may have been sent while nobody listened. Returns the unlisten function.
 */
export async function watchedListen(
  sql: Db,
  channel: string,
  onMessage: (payload: string) => void,
  {
    onListen,
    logger,
    component,
    probeMs = 10_000,
    echoMs = 2_000,
  }: { onListen?: () => void; logger?: Logger; component: string; probeMs?: number; echoMs?: number },
): Promise<() => Promise<void>> {
  const probeChannel = `${channel}_probe_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  let echoed: (() => void) | null = null;
  let subs: { unlisten(): Promise<void> }[] = [];
  const subscribe = async () => {
    subs = [await sql.listen(channel, onMessage, onListen), await sql.listen(probeChannel, () => echoed?.())];
  };
  await subscribe();

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let retryMs = probeMs;
  let failures = 0;
  let lost = false;
  const check = async () => {
    if (stopped) return;
    try {
      if (lost) {
        await Promise.all(subs.map((s) => s.unlisten().catch(() => undefined)));
        await subscribe();
        lost = false;
        logger?.info({ component }, "listening again");
        onListen?.();
      }
      const back = new Promise<boolean>((resolve) => {
        echoed = () => resolve(true);
        setTimeout(() => resolve(false), echoMs).unref();
      });
      await sql`select pg_notify(${probeChannel}, '')`;
      if (!(await back)) {
        lost = true;
        logger?.warn({ component }, "listener lost; subscribing again");
        retryMs = 0;
      } else retryMs = probeMs;
      failures = 0;
    } catch (err) {
      // the database is away: try again sooner, then less often
      if (!lost) logger?.warn({ err, component }, "listener check failed; retrying");
      lost = true;
      retryMs = Math.min(500 * 2 ** failures++, probeMs);
    } finally {
      echoed = null;
    }
    if (!stopped) timer = setTimeout(() => void check(), retryMs);
  };
  timer = setTimeout(() => void check(), probeMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await Promise.all(subs.map((s) => s.unlisten().catch(() => undefined)));
  };
}
