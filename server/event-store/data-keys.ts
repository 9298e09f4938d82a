import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import type { dataKeys } from "../../db/schema";
import type { Cols } from "../lib/rows";
import type { Tx } from "./types";

/** Crypto-shredding: personal data in events is encrypted with a per-person AES-256-GCM key. */
export interface Sealed {
  s: string;
  iv: string;
  tag: string;
  c: string;
}

export async function keyFor(tx: Tx, subjectId: string): Promise<Buffer> {
  const fresh = randomBytes(32).toString("base64");
  const rows = await tx<Cols<typeof dataKeys, "key">[]>`
    insert into data_keys (subject_id, key) values (${subjectId}, ${fresh})
    on conflict (subject_id) do update set subject_id = excluded.subject_id
    returning key`;
  return Buffer.from(rows[0]!.key, "base64");
}

export async function loadKeys(tx: Tx, subjectIds: string[]): Promise<Map<string, Buffer>> {
  const keys = new Map<string, Buffer>();
  if (subjectIds.length === 0) return keys;
  const rows = await tx<Cols<typeof dataKeys, "subjectId" | "key">[]>`
    select subject_id as "subjectId", key from data_keys where subject_id = any(${subjectIds})`;
  for (const r of rows) keys.set(r.subjectId, Buffer.from(r.key, "base64"));
  return keys;
}

/** Forget a person: their sealed data becomes unreadable everywhere, including in old events. */
export async function eraseKey(tx: Tx, subjectId: string): Promise<void> {
  await tx`delete from data_keys where subject_id = ${subjectId}`;
}

/**
 * Forget one stream's sealed parts while their subject's key lives on (a record past its
 * retention period): each is replaced by a subject no key exists for, so it reads back as erased.
 */
export async function redactStream(tx: Tx, streamId: string): Promise<void> {
  await tx`update events set data = jsonb_set(data, '{$pii}', '{"s":"redacted"}'::jsonb)
    where stream_id = ${streamId} and data ? '$pii'`;
}

export function seal(subjectId: string, key: Buffer, value: unknown): Sealed {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const c = Buffer.concat([cipher.update(JSON.stringify(value), "utf8"), cipher.final()]);
  return {
    s: subjectId,
    iv: iv.toString("base64"),
    tag: cipher.getAuthTag().toString("base64"),
    c: c.toString("base64"),
  };
}

export function unseal(key: Buffer, sealed: Sealed): Record<string, unknown> {
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(sealed.iv, "base64"));
  decipher.setAuthTag(Buffer.from(sealed.tag, "base64"));
  const plain = Buffer.concat([decipher.update(Buffer.from(sealed.c, "base64")), decipher.final()]);
  return JSON.parse(plain.toString("utf8")) as Record<string, unknown>;
}
