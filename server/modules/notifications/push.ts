import { randomUUID } from "node:crypto";
import webpush, { WebPushError, type PushSubscription } from "web-push";
import type { pushSubscriptions, rmNotifications } from "../../../db/schema";
import type { Db, Tx } from "../../event-store/types";
import { notFound } from "../../lib/errors";
import type { Cols } from "../../lib/rows";
import { hashToken } from "../../lib/tokens";
import type { Actor } from "../identity/contract";
import { communicationKindOf } from "./communication-rules";
import type { EnqueueIn } from "./outbox";
import { deviceLabel, type PushDevice, type PushPayload, type PushSubscriptionInput } from "./push-contract";
import { translator } from "./templates";
import { isUuid } from "../../lib/contract";

export const PUSH_JOB = "push.send";
export const MAX_PUSH_ATTEMPTS = 5;
/** devices kept per person: a new one beyond replaces the longest-standing (no unbounded rows per account) */
export const MAX_PUSH_DEVICES = 20;
/** a push older than a day is news no longer: the push service drops it rather than wake the phone late */
const PUSH_TTL_SECONDS = 24 * 60 * 60;

export interface PushJob {
  subscriptionId: string;
  notificationId: string;
}

/** Who signs our pushes (server/infra/vapid.ts). */
export interface Vapid {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * In the notifier's transaction, beside the notification it raises: one job per device of the
 * person, so a device that fails retries alone and one that is gone is removed alone. Nothing
 * without a queue (seeds, CLIs): a push is news, not worth sending late by a sweep.
 */
export async function queuePushes(tx: Tx, userId: string, notificationId: string, enqueue?: EnqueueIn) {
  if (!enqueue) return;
  const devices = await tx<Cols<typeof pushSubscriptions, "id">[]>`
    select id from push_subscriptions where user_id = ${userId} order by created_at`;
  for (const { id } of devices) {
    const job: PushJob = { subscriptionId: id, notificationId };
    await enqueue(tx, PUSH_JOB, job, { singletonKey: `${notificationId}:${id}` });
  }
}

/**
 * What a notification's push says, in the recipient's language: the kind's heading (its
 * /communication kind), the notification's own text, where it leads (absolute), and a tag so a
 * newer notice about the same thing replaces the older on the device.
 */
export async function pushPayload(
  n: { kind: string; params: Record<string, string | number>; link: string | null },
  locale: string,
  publicUrl: string,
): Promise<PushPayload> {
  const i = await translator();
  const t = i.getFixedT(locale);
  const key = `notifications.kinds.${n.kind}`;
  const body = i.exists(key, { ns: "engagement" })
    ? t(key, { ns: "engagement", ...n.params })
    : t("notifications.generic", { ns: "engagement" });
  const kind = communicationKindOf(n.kind);
  return {
    title: t(`titles.${kind ?? "other"}`, { ns: "push" }),
    body,
    url: `${publicUrl.replace(/\/+$/, "")}${n.link ?? "/notifications"}`,
    tag: `${n.kind}:${n.link ?? ""}`,
  };
}

export type SendPush = typeof webpush.sendNotification;

/**
 * Sends one push (the push.send job), idempotent as far as a push service lets it be: nothing when
 * the device or the notification is gone (removed, erased, purged), the notification was read
 * meanwhile, or its person can no longer be told (disabled, deactivated). 404/410 from the push
 * service: the browser dropped the subscription, so it is removed; any other failure is thrown
 * and the job retries with its backoff.
 */
export async function deliverPush(
  sql: Db,
  { subscriptionId, notificationId }: PushJob,
  {
    vapid,
    recipients,
    publicUrl,
    send = webpush.sendNotification,
  }: {
    vapid: Vapid;
    /** identity's accounts (the notifier's RecipientPort): the person's language, and whether they may be told */
    recipients: { userById(id: string): Promise<{ locale: string; enabled: boolean } | null> };
    publicUrl: string;
    send?: SendPush;
  },
): Promise<"sent" | "gone" | "skipped"> {
  const [device] = await sql<Cols<typeof pushSubscriptions, "userId" | "endpoint" | "p256dh" | "auth">[]>`
    select user_id as "userId", endpoint, p256dh, auth from push_subscriptions where id = ${subscriptionId}`;
  if (!device) return "skipped";
  const [note] = await sql<
    Cols<typeof rmNotifications, "kind" | "params" | "link", { params: Record<string, string | number> }>[]
  >`
    select kind, params, link from rm_notifications
    where id = ${notificationId} and user_id = ${device.userId} and read_at is null`;
  if (!note) return "skipped";
  const person = await recipients.userById(device.userId);
  if (!person?.enabled) return "skipped";
  const subscription: PushSubscription = {
    endpoint: device.endpoint,
    keys: { p256dh: device.p256dh, auth: device.auth },
  };
  try {
    await send(subscription, JSON.stringify(await pushPayload(note, person.locale, publicUrl)), {
      vapidDetails: vapid,
      TTL: PUSH_TTL_SECONDS,
    });
  } catch (error) {
    if (error instanceof WebPushError && (error.statusCode === 404 || error.statusCode === 410)) {
      await sql`delete from push_subscriptions where id = ${subscriptionId} and endpoint = ${device.endpoint}`;
      return "gone";
    }
    throw error;
  }
  await sql`update push_subscriptions set last_success_at = now() where id = ${subscriptionId}`;
  return "sent";
}

/**
 * A person's devices (/communication) and the browser's own: its push cookie holds a random key,
 * of which the table keeps the hash. Signing out in that browser removes its subscription, and so
 * does someone else signing in there: a shared phone never shows one person's news to the next.
 */
export function pushDevices(sql: Db) {
  return {
    /**
     * Saves the browser's subscription for the actor; an endpoint already known (the same browser
     * subscribing again, or after another person) becomes theirs, with the new keys.
     */
    async savePushSubscription(
      actor: Actor,
      sub: PushSubscriptionInput,
      { userAgent, deviceKey }: { userAgent: string | null; deviceKey: string },
    ): Promise<void> {
      const keyHash = hashToken(deviceKey);
      await sql.begin(async (tx) => {
        // this browser's earlier subscription (another endpoint: the browser renewed it) goes
        await tx`delete from push_subscriptions where device_key_hash = ${keyHash} and endpoint <> ${sub.endpoint}`;
        await tx`insert into push_subscriptions (id, user_id, endpoint, p256dh, auth, device, device_key_hash)
          values (${randomUUID()}, ${actor.id}, ${sub.endpoint}, ${sub.p256dh}, ${sub.auth}, ${deviceLabel(userAgent)}, ${keyHash})
          on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth,
            device = excluded.device, device_key_hash = excluded.device_key_hash,
            created_at = case when push_subscriptions.user_id = excluded.user_id then push_subscriptions.created_at else now() end,
            last_success_at = case when push_subscriptions.user_id = excluded.user_id then push_subscriptions.last_success_at end`;
        await tx`delete from push_subscriptions where user_id = ${actor.id} and id not in (
          select id from push_subscriptions where user_id = ${actor.id} order by created_at desc, id limit ${MAX_PUSH_DEVICES})`;
      });
    },

    /** Removes one of the actor's devices; another person's (or none) reads as unknown. */
    async removePushDevice(actor: Actor, id: string): Promise<void> {
      const gone = isUuid(id)
        ? await sql`delete from push_subscriptions where id = ${id} and user_id = ${actor.id} returning id`
        : [];
      if (!gone.length) throw notFound("failed_operation");
    },

    /** The browser turned push off itself (its endpoint), for the actor only. */
    async removePushEndpoint(actor: Actor, endpoint: string): Promise<void> {
      await sql`delete from push_subscriptions where endpoint = ${endpoint} and user_id = ${actor.id}`;
    },

    async myPushDevices(actor: Actor, deviceKey: string | null): Promise<PushDevice[]> {
      const rows = await sql<
        Cols<typeof pushSubscriptions, "id" | "device" | "createdAt" | "lastSuccessAt" | "deviceKeyHash">[]
      >`select id, device, created_at as "createdAt", last_success_at as "lastSuccessAt", device_key_hash as "deviceKeyHash"
        from push_subscriptions where user_id = ${actor.id} order by created_at`;
      const mine = deviceKey ? hashToken(deviceKey) : null;
      return rows.map((r) => ({
        id: r.id,
        device: r.device,
        createdAt: r.createdAt.toISOString(),
        lastSuccessAt: r.lastSuccessAt?.toISOString() ?? null,
        current: r.deviceKeyHash === mine,
      }));
    },

    /** Sign-out in this browser: its subscription, whoever's, is removed. */
    async signedOutOfDevice(deviceKey: string): Promise<void> {
      await sql`delete from push_subscriptions where device_key_hash = ${hashToken(deviceKey)}`;
    },

    /** Someone signed in in this browser: a subscription of another person there is removed. */
    async signedInOnDevice(userId: string, deviceKey: string): Promise<void> {
      await sql`delete from push_subscriptions where device_key_hash = ${hashToken(deviceKey)} and user_id <> ${userId}`;
    },
  };
}
