import { boolean, index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * Transactional mail, written in the same transaction as the event that caused it and sent by
 * the mail.send job (retried). Without SMTP the rows are kept for /dev/mails.
 */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey(),
    recipient: text("recipient").notNull(),
    locale: text("locale").notNull(),
    template: text("template").notNull(),
    params: jsonb("params").notNull(),
    /** pending, sent (through SMTP), kept (no SMTP: shown at /dev/mails), failed (gave up) */
    status: text("status").notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [index("mail_outbox_status").on(t.status, t.createdAt)],
);

/**
 * A person's communication choices (/communication): per kind of notice the channel, the language
 * of mails, marketing consent (its history is the `communication-<userId>` stream).
 */
export const rmCommunication = pgTable("rm_communication", {
  userId: uuid("user_id").primaryKey(),
  /** kind → "both" | "mail" | "in_app" | "none"; a kind missing: both */
  channels: jsonb("channels").notNull().default({}),
  mailLocale: text("mail_locale"),
  marketing: boolean("marketing").notNull().default(false),
  version: integer("version").notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The secret that signs a person's one-click unsubscribe links (ADR 0047): not a read model (a
 * rebuild keeps it), made when their first mail with such a link is queued; erasing the person
 * deletes it, and every link they were sent stops working.
 */
export const unsubscribeKeys = pgTable("unsubscribe_keys", {
  userId: uuid("user_id").primaryKey(),
  secret: text("secret").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Web Push subscriptions (ADR 0050): one row per browser (device) a person turned push on in,
 * keyed by the push service's endpoint; not a read model (device state, like unsubscribe_keys).
 * `deviceKeyHash` names the browser's push cookie, so signing out there (or someone else signing
 * in there) removes it; erasing the person deletes their rows.
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    id: uuid("id").primaryKey(),
    userId: uuid("user_id").notNull(),
    endpoint: text("endpoint").notNull().unique(),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    /** "Chrome on Android", from the user agent at subscription */
    device: text("device").notNull(),
    deviceKeyHash: text("device_key_hash").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
  },
  (t) => [index("push_subscriptions_user").on(t.userId), index("push_subscriptions_device_key").on(t.deviceKeyHash)],
);
