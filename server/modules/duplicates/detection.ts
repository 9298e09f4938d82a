import { createHash } from "node:crypto";
import type { Projection, StoredEvent, Tx } from "../../event-store/types";
import { candidateKeys, CV_SIMILARITY_MIN, pairScore, similarity, type CandidateFacts } from "./keys";
import { MERGE_EVENT_TYPES } from "./merge-rules";
import { DUPLICATE_REASONS, type DuplicateReason, type PairReason } from "./rules";

/**
 * The events that change what the detection compares: the account (e-mail, names), the
 * registration (birth date), the profile's identity (phone, AVS, names, birth date) and a parsed
 * CV (its text, and the e-mail, phone and AVS read in it).
 */
export const KEY_EVENT_TYPES = [
  "UserRegistered",
  "EmailChanged",
  "CandidateRegistered",
  "ProfileIdentitySaved",
  "CvParsed",
  // a merge takes the merged-away record out of the pairs and changes the survivor's profile; its undo puts both back
  ...MERGE_EVENT_TYPES,
] as const;

/** Most records one record is compared with: a key shared by hundreds (a template CV) says nothing more. */
const MAX_MATCHES = 200;

/** Keys are stored hashed: fixed width, and no second readable copy of a phone or AVS number. */
const hashKey = (kind: string, value: string) =>
  createHash("sha256").update(`${kind}:${value}`).digest("base64url").slice(0, 24);

const strings = (v: unknown): string[] => (typeof v === "string" && v ? [v] : []);

/** What the detection reads of each candidate, from the read models as they are now. */
async function factsOf(tx: Tx, ids: string[]): Promise<Map<string, CandidateFacts>> {
  const people = await tx<
    {
      id: string;
      email: string;
      firstName: string;
      lastName: string;
      country: string | null;
      identity: Record<string, unknown> | null;
      birthDate: string | null;
    }[]
  >`
    select u.id, u.email, u.first_name as "firstName", u.last_name as "lastName",
      coalesce(nullif(p.address->>'country', ''), u.country) as country, p.identity, c.birth_date::text as "birthDate"
    from rm_users u left join rm_profiles p on p.user_id = u.id left join rm_candidates c on c.user_id = u.id
    where u.id = any(${ids}::uuid[]) and u.role = 'CANDIDATE'
      and not exists (select 1 from rm_candidate_merges m where m.merged_id = u.id and m.undone_at is null)`;
  const lines = await tx<{ userId: string; field: string; value: unknown; source: string }[]>`
    select user_id as "userId", field, value, source from rm_cv_suggestions
    where user_id = any(${ids}::uuid[]) order by user_id, document_id, position`;
  const facts = new Map<string, CandidateFacts>();
  for (const u of people) {
    const id = u.identity ?? {};
    facts.set(u.id, {
      country: u.country,
      emails: [u.email],
      phones: strings(id.phone),
      avsNumbers: strings(id.avsNumber),
      firstName: (id.firstName as string | undefined) || u.firstName,
      lastName: (id.lastName as string | undefined) || u.lastName,
      birthDate: (id.birthDate as string | undefined) || u.birthDate,
      cvText: "",
    });
  }
  for (const l of lines) {
    const f = facts.get(l.userId);
    if (!f) continue;
    f.cvText += `${l.source}\n`;
    if (l.field === "email") f.emails.push(...strings(l.value));
    if (l.field === "phone") f.phones.push(...strings(l.value));
    if (l.field === "avsNumber") f.avsNumbers.push(...strings(l.value));
  }
  return facts;
}

/**
 * Recomputes the keys and pairs of a batch's candidates, in a few statements whatever its size (a
 * rebuild hands 5,000 events at once). A pair reflects the two records as they are when the later
 * of them last changed, so a rebuild from the log finds the same pairs, scores and times.
 */
async function recompute(tx: Tx, changed: Map<string, Date>, facts: Map<string, CandidateFacts>) {
  const ids = [...changed.keys()];
  await tx`delete from rm_duplicate_keys where user_id = any(${ids}::uuid[])`;
  await tx`delete from rm_duplicate_pairs where first_id = any(${ids}::uuid[]) or second_id = any(${ids}::uuid[])`;
  await tx`delete from rm_duplicate_candidates where user_id = any(${ids}::uuid[])`;
  // columns as arrays, unnested by PostgreSQL: three parameters whatever the batch's size
  const candidates = { ids: [] as string[], minhash: [] as (string | null)[], at: [] as string[] };
  const keys = { ids: [] as string[], kinds: [] as string[], values: [] as string[] };
  const sigs = new Map<string, number[] | null>();
  for (const [userId, at] of changed) {
    const f = facts.get(userId);
    if (!f) continue; // not a candidate, or gone: no keys, no pairs
    const { keys: own, sig } = candidateKeys(f);
    sigs.set(userId, sig);
    candidates.ids.push(userId);
    candidates.minhash.push(sig ? JSON.stringify(sig) : null);
    candidates.at.push(at.toISOString());
    for (const k of own) {
      keys.ids.push(userId);
      keys.kinds.push(k.kind);
      keys.values.push(hashKey(k.kind, k.value));
    }
  }
  await tx`insert into rm_duplicate_candidates (user_id, minhash, keys_at)
    select id, minhash::jsonb, at from unnest(${candidates.ids}::uuid[], ${candidates.minhash}::text[], ${candidates.at}::timestamptz[]) as t(id, minhash, at)`;
  await tx`insert into rm_duplicate_keys (user_id, kind, value)
    select * from unnest(${keys.ids}::uuid[], ${keys.kinds}::text[], ${keys.values}::text[]) on conflict do nothing`;
  if (!keys.ids.length) return;
  // every other record sharing a key with one of the batch's, at most MAX_MATCHES each (the first by id)
  const matches = await tx<
    { me: string; other: string; kinds: DuplicateReason[]; minhash: number[] | null; keysAt: Date; myKeysAt: Date }[]
  >`
    select m.me, m.other, m.kinds, d.minhash, d.keys_at as "keysAt", mine.keys_at as "myKeysAt"
    from (select k1.user_id as me, k2.user_id as other, array_agg(distinct k1.kind) as kinds,
        row_number() over (partition by k1.user_id order by k2.user_id) as n
      from rm_duplicate_keys k1 join rm_duplicate_keys k2 on k2.kind = k1.kind and k2.value = k1.value and k2.user_id <> k1.user_id
      where k1.user_id = any(${ids}::uuid[]) group by k1.user_id, k2.user_id) m
    join rm_duplicate_candidates d on d.user_id = m.other
    join rm_duplicate_candidates mine on mine.user_id = m.me
    where m.n <= ${MAX_MATCHES}`;
  const pairs = new Map<string, { first: string; second: string; score: number; reasons: string; foundAt: Date }>();
  for (const m of matches) {
    const [first, second] = m.me < m.other ? [m.me, m.other] : [m.other, m.me];
    if (pairs.has(`${first}:${second}`)) continue; // both in the batch: found from either side alike
    // strongest first, the order of DUPLICATE_REASONS
    const reasons: PairReason[] = DUPLICATE_REASONS.filter((k) => k !== "cv" && m.kinds.includes(k)).map((kind) => ({
      kind,
    }));
    const sig = sigs.get(m.me);
    if (m.kinds.includes("cv") && sig && m.minhash) {
      const s = similarity(sig, m.minhash);
      if (s >= CV_SIMILARITY_MIN) reasons.push({ kind: "cv", similarity: Math.round(s * 100) / 100 });
    }
    if (!reasons.length) continue;
    const foundAt = m.keysAt > m.myKeysAt ? m.keysAt : m.myKeysAt;
    pairs.set(`${first}:${second}`, {
      first,
      second,
      score: pairScore(reasons),
      reasons: JSON.stringify(reasons),
      foundAt,
    });
  }
  const found = [...pairs.values()];
  if (!found.length) return;
  await tx`insert into rm_duplicate_pairs (first_id, second_id, score, reasons, found_at)
    select a, b, score, reasons::jsonb, at from unnest(${found.map((p) => p.first)}::uuid[], ${found.map((p) => p.second)}::uuid[],
      ${found.map((p) => p.score)}::real[], ${found.map((p) => p.reasons)}::text[], ${found.map((p) => p.foundAt.toISOString())}::timestamptz[])
      as t(a, b, score, reasons, at)`;
}

/**
 * The duplicate detection's read models, inline so a saved profile or a parsed CV shows its pairs
 * at once, and rebuilt from the log with the others. Each person an event names is recomputed
 * from the read models the candidates and identity modules keep (created before this module, so
 * their projections ran first in the same transaction): equal keys are index lookups, never a
 * scan of every pair of candidates.
 */
export const duplicateKeysProjection: Projection = {
  name: "duplicates.keys",
  eventTypes: KEY_EVENT_TYPES,
  tables: ["rm_duplicate_keys", "rm_duplicate_candidates", "rm_duplicate_pairs"],
  async apply(tx, events: StoredEvent[]) {
    // the last event of each person gives their keys' time; the state read is the batch's end
    const last = new Map<string, Date>();
    for (const e of events) {
      if (typeof e.data.userId === "string") last.set(e.data.userId, e.createdAt);
      if (Array.isArray(e.data.candidateIds))
        for (const id of e.data.candidateIds as string[]) last.set(id, e.createdAt);
    }
    if (!last.size) return;
    await recompute(tx, last, await factsOf(tx, [...last.keys()]));
  },
};
