import { boolean, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The FAQ (issue 30, ADR 0046): one row per entry, its texts in the five languages. */
export const rmFaqEntries = pgTable(
  "rm_faq_entries",
  {
    id: uuid("id").primaryKey(),
    topic: text("topic").notNull(),
    /** candidate, agency, client, visitor */
    audiences: text("audiences").array().notNull(),
    /** { fr: { question, answer }, en: …, de: …, it: …, pt: … } */
    texts: jsonb("texts").notNull(),
    published: boolean("published").notNull().default(false),
    /** order within its topic */
    position: integer("position").notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("rm_faq_entries_topic").on(t.topic, t.position)],
);

/** Support requests: the admins' inbox and each requester's history. */
export const rmSupportRequests = pgTable(
  "rm_support_requests",
  {
    id: uuid("id").primaryKey(),
    /** null: a visitor's request (signed out) */
    requesterId: uuid("requester_id"),
    name: text("name").notNull(),
    email: text("email").notNull(),
    locale: text("locale").notNull(),
    kind: text("kind").notNull(),
    topic: text("topic").notNull(),
    status: text("status").notNull(),
    attachmentId: uuid("attachment_id"),
    attachmentName: text("attachment_name"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("rm_support_requests_requester").on(t.requesterId, t.updatedAt),
    index("rm_support_requests_status").on(t.status, t.updatedAt),
  ],
);

/** The messages of a request, in order: the opening message, the admins' answers and the requester's replies. */
export const rmSupportMessages = pgTable(
  "rm_support_messages",
  {
    requestId: uuid("request_id").notNull(),
    position: integer("position").notNull(),
    /** the admin who answered; null: the requester */
    authorId: uuid("author_id"),
    fromRequester: boolean("from_requester").notNull(),
    body: text("body").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.position] })],
);
