import { boolean, index, integer, jsonb, pgTable, primaryKey, real, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** A CV's parse (issue 11): parsed (with suggestions) or failed ("CV parsing failed"), once per document. */
export const rmCvParses = pgTable(
  "rm_cv_parses",
  {
    documentId: uuid("document_id").primaryKey(),
    userId: uuid("user_id").notNull(),
    /** reading (the OCR job's progress below), parsed or failed */
    status: text("status").notNull(),
    /** the text came from OCR (a scanned PDF) */
    ocr: boolean("ocr").notNull().default(false),
    /** CV_FAILURE_REASONS when failed */
    reason: text("reason"),
    parsedAt: timestamp("parsed_at", { withTimezone: true }).notNull(),
    /** while reading a scan: the page being recognised (0: waiting for the OCR) of `pages` */
    page: integer("page"),
    pages: integer("pages"),
  },
  (t) => [index("rm_cv_parses_user").on(t.userId)],
);

/** The suggestions of a parsed CV, each with the person's decision (pending, accepted, rejected). */
export const rmCvSuggestions = pgTable(
  "rm_cv_suggestions",
  {
    documentId: uuid("document_id").notNull(),
    suggestionId: text("suggestion_id").notNull(),
    userId: uuid("user_id").notNull(),
    /** order in the CV */
    position: integer("position").notNull(),
    field: text("field").notNull(),
    value: jsonb("value").notNull(),
    /** the exact text of the CV it was read from */
    source: text("source").notNull(),
    confidence: real("confidence").notNull(),
    status: text("status").notNull(),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.documentId, t.suggestionId] }), index("rm_cv_suggestions_user").on(t.userId)],
);
