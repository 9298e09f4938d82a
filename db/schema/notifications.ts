import { index, integer, jsonb, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

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
