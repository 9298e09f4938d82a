import fs from "node:fs";
import path from "node:path";
import type { Meilisearch } from "meilisearch";
import type { Db } from "../../server/event-store/types";

/**
 * Every row of every table as text: what a `pg_dump --data-only` holds. (The embedded PostgreSQL
 * 18 ships no pg_dump and the system's older one refuses a newer server, so the dump is read
 * through SQL, table by table, with the same coverage: every column of every row.)
 */
export async function databaseDump(sql: Db): Promise<string> {
  const tables = await sql<{ name: string }[]>`
    select quote_ident(table_schema) || '.' || quote_ident(table_name) as name from information_schema.tables
    where table_type = 'BASE TABLE' and table_schema not in ('pg_catalog', 'information_schema') order by 1`;
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await sql.unsafe<{ row: string }[]>(`select t::text as row from ${name} t`);
    parts.push(`-- ${name}`, ...rows.map((r) => r.row));
  }
  return parts.join("\n");
}

/** The documents of every Meilisearch index (the documents API), as JSON. */
export async function searchDump(client: Meilisearch): Promise<string> {
  const { results } = await client.getIndexes({ limit: 1000 });
  const parts: string[] = [];
  for (const index of results) {
    for (let offset = 0; ; offset += 1000) {
      const page = await client.index(index.uid).getDocuments({ offset, limit: 1000 });
      parts.push(...page.results.map((d) => JSON.stringify(d)));
      if (page.results.length < 1000) break;
    }
  }
  return parts.join("\n");
}

/** Every stored file's bytes, read as UTF-8 and Latin-1 (a needle in either encoding shows). */
export function filesDump(root: string): string {
  if (!fs.existsSync(root)) return "";
  const parts: string[] = [];
  for (const entry of fs.readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const bytes = fs.readFileSync(path.join(entry.parentPath, entry.name));
    parts.push(entry.name, bytes.toString("utf8"), bytes.toString("latin1"));
  }
  return parts.join("\n");
}

/** The needles found in a dump (case-insensitive), each place (five at most) with a little context to say where. */
export function found(dump: string, needles: readonly string[]): string[] {
  const lower = dump.toLowerCase();
  return needles.flatMap((n) => {
    const places: string[] = [];
    for (
      let at = lower.indexOf(n.toLowerCase());
      at >= 0 && places.length < 5;
      at = lower.indexOf(n.toLowerCase(), at + 1)
    )
      places.push(`${n}: …${dump.slice(Math.max(0, at - 120), at + n.length + 40)}…`);
    return places;
  });
}
