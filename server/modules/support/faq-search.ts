import type { Meilisearch, Task } from "meilisearch";
import type { ProcessorDefinition } from "../../event-store/processor";
import type { Db } from "../../event-store/types";
import type { Logger } from "../../lib/logger";
import { INDEX_SETTINGS, type IndexSource } from "../../search/indexes";
import type { FaqTexts } from "./events";
import type { FaqItem } from "./queries";
import { FAQ_EVENT_TYPES } from "./events";
import { LANGUAGES, type Audience, type FaqLanguage, type FaqTopic } from "./rules";

const WAIT = { timeout: 30_000, interval: 10 };
const MAX_HITS = 30;

/** One document per published entry and language: the search filters by language and audience. */
interface FaqDocument {
  id: string;
  faqId: string;
  lang: FaqLanguage;
  topic: FaqTopic;
  audiences: Audience[];
  question: string;
  answer: string;
}
interface FaqRow {
  id: string;
  topic: FaqTopic;
  audiences: Audience[];
  texts: FaqTexts;
  published: boolean;
}

export const faqDocuments = (row: FaqRow): FaqDocument[] =>
  LANGUAGES.map((lang) => ({
    id: `${row.id}_${lang}`,
    faqId: row.id,
    lang,
    topic: row.topic,
    audiences: row.audiences,
    question: row.texts[lang]?.question ?? "",
    answer: row.texts[lang]?.answer ?? "",
  }));

function succeeded(task: Task) {
  if (task.status !== "succeeded")
    throw new Error(`Meilisearch task ${task.uid} (${task.type}) ${task.status}: ${task.error?.message ?? ""}`);
}

const TYPES = new Set<string>(FAQ_EVENT_TYPES);

/**
 * The `faq` index follows the log (ADR 0046, the CV library's pattern of ADR 0034): for each batch,
 * the entries it names as they are now; a published one is written in its five languages, an
 * unpublished one taken out. Throws while Meilisearch is away: the runner keeps its checkpoint.
 */
export function faqIndexer(client: Meilisearch): ProcessorDefinition {
  let settingsDone = false;
  return {
    name: "search.faq",
    transactional: false,
    batchSize: 200,
    async handle(events, sql) {
      const ids = [...new Set(events.filter((e) => TYPES.has(e.type)).map((e) => String(e.data.faqId)))];
      if (!ids.length) return;
      const index = client.index("faq");
      if (!settingsDone) {
        await client
          .createIndex("faq", { primaryKey: "id" })
          .waitTask(WAIT)
          .catch(() => undefined);
        succeeded(await index.updateSettings(INDEX_SETTINGS.faq).waitTask({ ...WAIT, interval: 50 }));
        settingsDone = true;
      }
      const rows = await (sql as Db)<FaqRow[]>`
        select id, topic, audiences, texts, published from rm_faq_entries where id = any(${ids}::uuid[])`;
      const shown = rows.filter((r) => r.published).flatMap(faqDocuments);
      const hidden = rows.filter((r) => !r.published).flatMap((r) => LANGUAGES.map((l) => `${r.id}_${l}`));
      if (shown.length) succeeded(await index.addDocuments(shown).waitTask(WAIT));
      if (hidden.length) succeeded(await index.deleteDocuments(hidden).waitTask(WAIT));
    },
  };
}

export function faqIndexSource(sql: Db): IndexSource {
  return {
    index: "faq",
    async *documents() {
      const rows = await sql<
        FaqRow[]
      >`select id, topic, audiences, texts, published from rm_faq_entries where published`;
      if (rows.length) yield rows.flatMap(faqDocuments) as unknown as Record<string, unknown>[];
    },
  };
}

export interface FaqSearchResult {
  items: FaqItem[];
  /** Meilisearch did not answer: the items are PostgreSQL's plain match, and the page says so */
  degraded: boolean;
}

const quote = (v: string) => `"${v.replace(/["\\]/g, "")}"`;

/**
 * The FAQ's search: typo-tolerant through Meilisearch, filtered by language and audience. When the
 * engine is away the FAQ still answers from PostgreSQL (a plain substring match) with `degraded`.
 */
export function faqSearch(client: Meilisearch, { sql, logger }: { sql: Db; logger: Logger }) {
  return {
    async search(q: string, audience: Audience, lang: FaqLanguage): Promise<FaqSearchResult> {
      try {
        const result = await client.index("faq").search<FaqDocument>(q, {
          filter: `lang = ${quote(lang)} AND audiences = ${quote(audience)}`,
          limit: MAX_HITS,
          attributesToRetrieve: ["faqId"],
        });
        // Meilisearch ranks, PostgreSQL says what is published now: an entry taken back a moment
        // ago (the indexer not yet through) is not shown, and the texts are the read model's
        const ids = [...new Set(result.hits.map((h) => h.faqId))];
        const rows = ids.length
          ? await sql<FaqItem[]>`
              select id, topic, texts -> ${lang} ->> 'question' as question, texts -> ${lang} ->> 'answer' as answer
              from rm_faq_entries where id = any(${ids}::uuid[]) and published and ${audience} = any(audiences)`
          : [];
        const byId = new Map(rows.map((r) => [r.id, r]));
        return { items: ids.flatMap((id) => byId.get(id) ?? []), degraded: false };
      } catch (err) {
        logger.warn({ err }, "faq search unavailable, answering from the database");
        const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        const items = await sql<FaqItem[]>`
          select id, topic, texts -> ${lang} ->> 'question' as question, texts -> ${lang} ->> 'answer' as answer
          from rm_faq_entries
          where published and ${audience} = any(audiences)
            and (texts -> ${lang} ->> 'question' ilike ${like} or texts -> ${lang} ->> 'answer' ilike ${like})
          order by topic, position limit ${MAX_HITS}`;
        return { items, degraded: true };
      }
    },
  };
}
export type FaqSearchService = ReturnType<typeof faqSearch>;
