import type { Meilisearch, Task } from "meilisearch";
import type { ProcessorDefinition } from "../../event-store/processor";
import type { Db } from "../../event-store/types";
import { relayToSockets } from "../../realtime/relay";
import { rooms, type LiveMessage } from "../../realtime/routing";
import { INDEX_SETTINGS, type IndexSource } from "../../search/indexes";
import { candidateDocuments } from "./document";
import type { CandidateDocument } from "./document-shape";
import { LIBRARY_MOVED, type LibraryMoved } from "./live";

const TASK_TIMEOUT_MS = 30_000;
/** a changed profile should be findable within a second */
const TASK_POLL_MS = 10;
const WAIT = { timeout: TASK_TIMEOUT_MS, interval: TASK_POLL_MS };
export const REINDEX_BATCH = 500;

function succeeded(task: Task) {
  if (task.status !== "succeeded")
    throw new Error(`Meilisearch task ${task.uid} (${task.type}) ${task.status}: ${task.error?.message ?? ""}`);
}

const uuidLike = (v: unknown): v is string => typeof v === "string" && /^[0-9a-f-]{36}$/i.test(v);

/**
 * The people an event may change in the library: `data.userId`, `data.candidateId` and
 * `data.candidateIds` (profile, CV, documents, applications, proposals, placements, accounts).
 * Staff users named there are dropped when their documents are read (not candidates).
 */
export function peopleOf(events: { data: Record<string, unknown> }[]): string[] {
  const ids = new Set<string>();
  for (const { data } of events) {
    for (const v of [data.userId, data.candidateId, ...(Array.isArray(data.candidateIds) ? data.candidateIds : [])])
      if (uuidLike(v)) ids.add(v);
  }
  return [...ids];
}

type Seen = Pick<CandidateDocument, "id" | "agencyIds" | "visibleCountry">;
/** ids per socket message: a relayed message stays under PostgreSQL's NOTIFY limit */
const IDS_PER_MESSAGE = 150;

/**
 * Who may see these candidates, as the index holds them before or after a write: each agency they
 * dealt with (its staff's room) and, when visible to a country, every agency of that country.
 */
export function movedMessages(seen: readonly Seen[]): LiveMessage[] {
  const byRoom = new Map<string, Set<string>>();
  const add = (room: string, id: string) => byRoom.set(room, (byRoom.get(room) ?? new Set()).add(id));
  for (const d of seen) {
    for (const agencyId of d.agencyIds) add(rooms.agency(agencyId), d.id);
    if (d.visibleCountry !== "none") add(rooms.library(d.visibleCountry), d.id);
  }
  const messages: LiveMessage[] = [];
  for (const [room, set] of byRoom) {
    const ids = [...set];
    for (let i = 0; i < ids.length; i += IDS_PER_MESSAGE)
      messages.push({
        room,
        name: LIBRARY_MOVED,
        data: { ids: ids.slice(i, i + IDS_PER_MESSAGE) } satisfies LibraryMoved,
      });
  }
  return messages;
}

/**
 * The search processor of the CV library: for each batch of events, reads the candidates they
 * name as they are now and puts them in the `candidates` index, or takes out those who appear in
 * no library any more (hidden, deactivated). Throws while Meilisearch is unreachable, so the
 * runner keeps its checkpoint and retries; replaying a batch is harmless (documents are whole).
 * Then it tells the agencies that may see them (before or after) that they moved (ADR 0036).
 */
export function candidatesIndexer(client: Meilisearch): ProcessorDefinition {
  let settingsDone = false;
  return {
    name: "search.candidates",
    transactional: false,
    batchSize: 500,
    async handle(events, sql) {
      const ids = peopleOf(events);
      if (!ids.length) return;
      const index = client.index("candidates");
      if (!settingsDone) {
        // documents sent to a missing index would create it without its settings (filters would fail)
        await client
          .createIndex("candidates", { primaryKey: "id" })
          .waitTask(WAIT)
          .catch(() => undefined);
        succeeded(await index.updateSettings(INDEX_SETTINGS.candidates).waitTask({ ...WAIT, interval: 50 }));
        settingsDone = true;
      }
      // who could see them before the change: a candidate who leaves a library must leave its open lists too
      const before = await index.getDocuments<Seen>({
        filter: `id IN [${ids.map((id) => `"${id}"`).join(", ")}]`,
        fields: ["id", "agencyIds", "visibleCountry"],
        limit: ids.length,
      });
      const docs = await candidateDocuments(sql as Db, ids);
      const kept = new Set(docs.map((d) => d.id));
      const gone = ids.filter((id) => !kept.has(id));
      if (docs.length) succeeded(await index.addDocuments(docs).waitTask(WAIT));
      // deleting an id that is not there (a staff user) is a no-op
      if (gone.length) succeeded(await index.deleteDocuments(gone).waitTask(WAIT));
      // Meilisearch holds the change: the open result lists of those who may see them reload
      await relayToSockets(sql, movedMessages([...before.results, ...docs]));
    },
  };
}

/** Every candidate who appears in a library, 500 at a time, for `npm run search:reindex`. */
export function candidatesIndexSource(sql: Db): IndexSource {
  return {
    index: "candidates",
    async *documents() {
      let after = "00000000-0000-0000-0000-000000000000";
      for (;;) {
        const rows = await sql<{ id: string }[]>`
          select id from rm_users where role = 'CANDIDATE' and id > ${after} order by id limit ${REINDEX_BATCH}`;
        if (!rows.length) return;
        after = rows.at(-1)!.id;
        const docs = await candidateDocuments(
          sql,
          rows.map((r) => r.id),
        );
        if (docs.length) yield docs as unknown as Record<string, unknown>[];
      }
    },
  };
}
