/**
 * The timesheet changes waiting on this device (issue 31, ADR 0051): each day typed and each
 * "validate my week" is queued here (localStorage: it survives a reload and a closed tab with no
 * network) and sent in order when the network is there, each with its idempotency key. A day
 * carries the version of it the device last had (`expected`): when the server's has changed since
 * (another device, the agency's correction) the entry stops as a conflict with both versions, and
 * the person chooses; nothing typed leaves the queue until the server has it or the person drops it.
 * Entries belong to one person: another never sees or sends them.
 */
import { useSyncExternalStore } from "react";
import type { DayEntry } from "#server/modules/timesheets/contract";

const STORAGE_KEY = "missio:timesheet-queue";
const ROUTE = encodeURIComponent("routes/_app+/fiches-horaires_.$id");
const RETRY_MS = 15_000;

export type ServerDay = { entry: DayEntry; editable: boolean; version: number };
interface Base {
  key: string;
  userId: string;
  sheetId: string;
  at: string;
}
export type DayChange = Base & {
  kind: "day";
  day: string;
  values: Record<string, string>;
  expected: DayEntry;
  state: "waiting" | "conflict" | "refused";
  server?: ServerDay;
  errors?: Record<string, string[]>;
};
export type SubmitChange = Base & { kind: "submit"; version: number; state: "waiting" | "conflict"; error?: string };
export type QueuedChange = DayChange | SubmitChange;

/** What the rows hear when their day reached the server. */
export type Sent =
  | { kind: "day"; sheetId: string; day: string; entry: DayEntry; version: number | null }
  | { kind: "submit"; sheetId: string };

const listeners = new Set<() => void>();
const sentListeners = new Set<(sent: Sent) => void>();
let snapshot: QueuedChange[] | null = null;

function read(): QueuedChange[] {
  if (snapshot) return snapshot;
  try {
    snapshot = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? "[]") as QueuedChange[];
  } catch {
    snapshot = [];
  }
  return snapshot;
}

function write(next: QueuedChange[]) {
  snapshot = next;
  localStorage.setItem(STORAGE_KEY, JSON.stringify(next));
  for (const l of listeners) l();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // another tab of the same person changed the queue
  const onStorage = (e: StorageEvent) => {
    if (e.key !== STORAGE_KEY) return;
    snapshot = null;
    listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const EMPTY: QueuedChange[] = [];
/** The person's queued changes (of one sheet, if given), kept current. */
export function useQueue(userId: string | null | undefined, sheetId?: string): QueuedChange[] {
  const all = useSyncExternalStore(subscribe, read, () => EMPTY);
  return all.filter((c) => c.userId === userId && (!sheetId || c.sheetId === sheetId));
}

export function onSent(listener: (sent: Sent) => void): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

export const pendingOf = (userId: string) => read().filter((c) => c.userId === userId);

/** A day as typed: it replaces what was waiting for the same day, whose `expected` stays the one the device had. */
export function queueDay(change: {
  userId: string;
  sheetId: string;
  day: string;
  values: Record<string, string>;
  expected: DayEntry;
}) {
  const queue = read();
  const waiting = queue.find(
    (c): c is DayChange =>
      c.kind === "day" && c.sheetId === change.sheetId && c.day === change.day && c.userId === change.userId,
  );
  const entry: DayChange = {
    kind: "day",
    key: crypto.randomUUID(),
    at: new Date().toISOString(),
    state: "waiting",
    ...change,
    // a conflict answered by typing again keeps the server's version as the one seen
    expected: waiting
      ? waiting.state === "conflict" && waiting.server
        ? waiting.server.entry
        : waiting.expected
      : change.expected,
  };
  // the submit (if any) stays after the days: it goes with them
  const rest = queue.filter((c) => c !== waiting);
  const submitAt = rest.findIndex(
    (c) => c.kind === "submit" && c.sheetId === change.sheetId && c.userId === change.userId,
  );
  write(submitAt < 0 ? [...rest, entry] : [...rest.slice(0, submitAt), entry, ...rest.slice(submitAt)]);
}

/**
 * A day typed before the queue existed (kept under `timesheet:<sheet>:<day>`, the form's fields):
 * queued like any other, based on the day as the page has it now, so it is sent, not forgotten.
 */
export function adoptLegacyDraft(change: {
  userId: string;
  sheetId: string;
  day: string;
  expected: DayEntry;
}): boolean {
  const key = `timesheet:${change.sheetId}:${change.day}`;
  const kept = localStorage.getItem(key);
  if (kept === null) return false;
  localStorage.removeItem(key);
  try {
    const { js: _js, ...values } = JSON.parse(kept) as Record<string, string>;
    queueDay({ ...change, values });
    return true;
  } catch {
    return false;
  }
}

export function queueSubmit(change: { userId: string; sheetId: string; version: number }) {
  const queue = read().filter(
    (c) => !(c.kind === "submit" && c.sheetId === change.sheetId && c.userId === change.userId),
  );
  write([
    ...queue,
    { kind: "submit", key: crypto.randomUUID(), at: new Date().toISOString(), state: "waiting", ...change },
  ]);
}

/** The person's choice on a conflict: send theirs over the server's version, or keep the server's. */
export function resolveDay(key: string, choice: "mine" | "theirs") {
  const queue = read();
  const change = queue.find((c): c is DayChange => c.key === key && c.kind === "day");
  if (!change) return;
  if (choice === "theirs") return write(queue.filter((c) => c !== change));
  write(
    queue.map((c) =>
      c === change && change.server
        ? {
            ...change,
            key: crypto.randomUUID(),
            state: "waiting" as const,
            expected: change.server.entry,
            server: undefined,
          }
        : c,
    ),
  );
}

export function drop(key: string) {
  write(read().filter((c) => c.key !== key));
}

function update(key: string, patch: Partial<DayChange> | Partial<SubmitChange>) {
  write(read().map((c) => (c.key === key ? ({ ...c, ...patch } as QueuedChange) : c)));
}

/** The latest version of each sheet the server told this page (a submit goes with it). */
const versions = new Map<string, number>();
export function knownVersion(sheetId: string, version: number): void {
  versions.set(sheetId, Math.max(versions.get(sheetId) ?? 0, version));
}

let flushing: Promise<void> | null = null;
let rerun = false;
let retry: ReturnType<typeof setTimeout> | undefined;

/** The next change that may go: a week's submit waits for its days (sent, or waiting for a choice). */
function nextOf(userId: string): QueuedChange | undefined {
  const pending = pendingOf(userId);
  return pending.find(
    (c) =>
      c.state === "waiting" &&
      !(c.kind === "submit" && pending.some((d) => d.kind === "day" && d.sheetId === c.sheetId)),
  );
}

/** Sends the person's waiting changes in order (also those queued meanwhile); stops when the server is out of reach. */
export function flush(userId: string): Promise<void> {
  // asked while a run goes (or has just ended, its `finally` still to come): one more run after it,
  // for what was queued meanwhile (a page's first effects queue a kept day just after the shell's run)
  if (flushing) {
    rerun = true;
    return flushing;
  }
  rerun = false;
  flushing = sendAll(userId).finally(() => {
    flushing = null;
    if (rerun) void flush(userId);
  });
  return flushing;
}

async function sendAll(userId: string): Promise<void> {
  clearTimeout(retry);
  for (let change = nextOf(userId); change; change = nextOf(userId)) {
    if (!(await send(change))) {
      retry = setTimeout(() => void flush(userId), RETRY_MS);
      return;
    }
  }
}

/** One change to the server; false when it did not reach it (no network, server away, signed out). */
async function send(change: QueuedChange): Promise<boolean> {
  const body = new FormData();
  body.set("js", "1");
  body.set("idempotencyKey", change.key);
  body.set("timesheetId", change.sheetId);
  if (change.kind === "day") {
    for (const [name, value] of Object.entries(change.values)) body.set(name, value);
    body.set("intent", "saveDay");
    body.set("expected", JSON.stringify(change.expected));
  } else {
    body.set("intent", "submit");
    body.set("version", String(Math.max(change.version, versions.get(change.sheetId) ?? 0)));
  }
  let res: Response;
  try {
    res = await fetch(`/fiches-horaires/${change.sheetId}?_data=${ROUTE}`, { method: "POST", body });
  } catch {
    return false;
  }
  // signed out (Remix's redirect to the login page) or the server away: kept for later
  if (res.status === 204 || res.status >= 500) return false;
  const answer = (await res.json().catch(() => null)) as
    | { ok: true; version: number | null; entry?: DayEntry }
    | { ok?: false; error: string; server?: ServerDay; result?: { error?: Record<string, string[]> } }
    | null;
  if (!answer) return false;
  if (answer.ok) {
    drop(change.key);
    // typed again while this was on its way: that change is based on what the server now has
    if (change.kind === "day" && answer.entry) {
      const saved = answer.entry;
      write(
        read().map((c) =>
          c.kind === "day" && c.sheetId === change.sheetId && c.day === change.day && c.state === "waiting"
            ? { ...c, expected: saved }
            : c,
        ),
      );
    }
    if (answer.version !== null) knownVersion(change.sheetId, answer.version);
    const sent: Sent =
      change.kind === "day"
        ? {
            kind: "day",
            sheetId: change.sheetId,
            day: change.day,
            entry: answer.entry ?? change.expected,
            version: answer.version,
          }
        : { kind: "submit", sheetId: change.sheetId };
    for (const l of sentListeners) l(sent);
    return true;
  }
  if (change.kind === "day") {
    if (answer.server) knownVersion(change.sheetId, answer.server.version);
    update(
      change.key,
      res.status === 409 && answer.server
        ? { state: "conflict", server: answer.server }
        : { state: "refused", errors: answer.result?.error ?? { day: [answer.error] } },
    );
  } else update(change.key, { state: "conflict", error: answer.error });
  return true;
}
