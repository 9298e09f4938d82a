import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  AppError,
  ConcurrencyError,
  Upcasters,
  createDomain,
  createEventStore,
  eraseKey,
  integrationHarness,
  type Projection,
} from "../support/harness";
import { consumeXids, currentXid } from "../support/xids";

const { db } = integrationHarness();

const stream = (kind = "test") => `${kind}-${randomUUID()}`;
const noted = (n: number) => ({ type: "Noted", data: { n } });

async function streamRows(streamId: string) {
  return db.sql<{ stream_version: number; type: string; data: Record<string, unknown> }[]>`
    select stream_version, type, data from events where stream_id = ${streamId} order by global_position`;
}

describe("appends and expected versions", () => {
  it("lets exactly one of ten concurrent appends at the same expected version win; the others get ConcurrencyError", async () => {
    const store = createEventStore({ sql: db.sql });
    for (const expected of [0, 1]) {
      const id = stream();
      if (expected === 1) await store.append(id, 0, [noted(0)]);
      const results = await Promise.allSettled(
        Array.from({ length: 10 }, (_, i) => store.append(id, expected, [noted(i + 1)])),
      );
      const won = results.filter((r) => r.status === "fulfilled");
      const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
      expect(won).toHaveLength(1);
      expect(lost).toHaveLength(9);
      for (const r of lost) expect(r.reason).toBeInstanceOf(ConcurrencyError);
      const rows = await streamRows(id);
      expect(rows.map((r) => r.stream_version)).toEqual(Array.from({ length: expected + 1 }, (_, i) => i + 1));
    }
  });

  it("refuses a stale expected version and one ahead of the stream, leaving the stream as it was", async () => {
    const store = createEventStore({ sql: db.sql });
    const id = stream();
    await store.append(id, 0, [noted(1), noted(2)]);
    await expect(store.append(id, 1, [noted(3)])).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(store.append(id, 0, [noted(3)])).rejects.toBeInstanceOf(ConcurrencyError);
    await expect(store.append(id, 5, [noted(3)])).rejects.toBeInstanceOf(ConcurrencyError);
    expect((await streamRows(id)).map((r) => r.stream_version)).toEqual([1, 2]);
    const [appended] = await store.append(id, 2, [noted(3)]);
    expect(appended!.streamVersion).toBe(3);
  });

  it('appends with "any" after whatever the stream holds, also when several run at once', async () => {
    const store = createEventStore({ sql: db.sql });
    const id = stream();
    const first = await store.append(id, "any", [noted(1)]);
    expect(first.map((e) => e.streamVersion)).toEqual([1]);
    const next = await store.append(id, "any", [noted(2), noted(3)]);
    expect(next.map((e) => e.streamVersion)).toEqual([2, 3]);
    const results = await Promise.allSettled(
      Array.from({ length: 6 }, (_, i) => store.append(id, "any", [noted(10 + i)])),
    );
    expect(results.filter((r) => r.status === "rejected")).toEqual([]);
    expect((await streamRows(id)).map((r) => r.stream_version)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });

  it("reads a stream in version order, whatever order its rows were written in", async () => {
    const store = createEventStore({ sql: db.sql });
    const id = stream();
    const other = stream();
    await store.append(id, 0, [noted(1)]);
    await store.append(other, 0, [noted(100)]);
    await store.append(id, 1, [noted(2), noted(3)]);
    // rows written with their versions out of position order
    const late = stream();
    for (const v of [3, 1, 2]) {
      await db.sql`insert into events (stream_id, stream_type, stream_version, type, data, metadata)
        values (${late}, 'test', ${v}, 'Noted', ${db.sql.json({ n: v })}, ${db.sql.json({})})`;
    }
    const read = await store.readStream(id);
    expect(read.map((e) => [e.streamVersion, e.data.n])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(read.every((e) => e.streamId === id && e.streamType === "test")).toBe(true);
    expect((await store.readStream(late)).map((e) => [e.streamVersion, e.data.n])).toEqual([
      [1, 1],
      [2, 2],
      [3, 3],
    ]);
    expect(await store.readStream(stream())).toEqual([]);
  });
});

describe("atomic appends with inline projections", () => {
  const snapshot = async () => ({
    users: await db.sql`select * from rm_users order by id`,
    events: await db.sql`select global_position, stream_id, stream_version, type from events order by global_position`,
    keys: await db.sql`select subject_id from data_keys order by subject_id`,
  });

  it("a registration with an email already taken fails with email_exist and changes nothing", async () => {
    const domain = createDomain(db.sql);
    const person = {
      firstName: "Léa",
      lastName: "Müller",
      password: "Demo-Pass-2026",
      locale: "fr",
      verified: true,
      country: "CH",
      role: "CANDIDATE" as const,
      agencyId: null,
      clientId: null,
    };
    await domain.identity.registerUser({ ...person, email: "lea@example.test" });
    const before = await snapshot();
    const attempt = domain.identity.registerUser({ ...person, firstName: "Other", email: "LEA@example.test" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ key: "email_exist" });
    expect(await snapshot()).toEqual(before);
    expect((await domain.identity.credentialsByEmail("lea@example.test"))?.firstName).toBe("Léa");
  });

  it("an inline projection that throws rolls back the events and the projection's own writes", async () => {
    await db.sql`create table projection_probe (stream_id text, n int)`;
    const failing: Projection = {
      name: "test.failing",
      eventTypes: ["Noted"],
      tables: ["projection_probe"],
      async apply(tx, events) {
        for (const e of events) {
          await tx`insert into projection_probe values (${e.streamId}, ${e.data.n as number})`;
          if (e.data.n === 2) throw new Error("projection failed");
        }
      },
    };
    const store = createEventStore({ sql: db.sql, inlineProjections: [failing] });
    const id = stream();
    await store.append(id, 0, [noted(1)]);
    const before = await snapshot();
    await expect(store.append(id, 1, [noted(3), noted(2)])).rejects.toThrow("projection failed");
    expect(await snapshot()).toEqual(before);
    expect(await db.sql`select n from projection_probe where stream_id = ${id}`).toEqual([{ n: 1 }]);
    // the stream is still at version 1: the next append at 1 succeeds
    await store.append(id, 1, [noted(4)]);
    expect((await store.readStream(id)).map((e) => e.data.n)).toEqual([1, 4]);
  });
});

describe("personal data (crypto-shredding)", () => {
  it("stores personal fields encrypted, reads them decrypted, and after erasure reads them as erased", async () => {
    const domain = createDomain(db.sql);
    const userId = await domain.identity.registerUser({
      email: "Hugo.Secret@example.test",
      firstName: "Hugonin",
      lastName: "Martinelli",
      password: "Demo-Pass-2026",
      locale: "fr",
      country: "FR",
      role: "CANDIDATE",
      agencyId: null,
      clientId: null,
      verified: true,
    });
    const streamId = `user-${userId}`;
    const raw = await db.sql<
      { data: string; metadata: string }[]
    >`select data::text, metadata::text from events where stream_id = ${streamId}`;
    expect(raw.length).toBeGreaterThan(0);
    const hash = (await domain.identity.credentialsByEmail("hugo.secret@example.test"))!.passwordHash;
    for (const r of raw) {
      for (const secret of ["hugo.secret", "Hugo.Secret", "Hugonin", "Martinelli", hash]) {
        expect(r.data).not.toContain(secret);
        expect(r.metadata).not.toContain(secret);
      }
    }

    const [registered] = await domain.store.readStream(streamId);
    expect(registered!.type).toBe("UserRegistered");
    expect(registered!.erased).toBeUndefined();
    expect(registered!.data).toMatchObject({
      userId,
      role: "CANDIDATE",
      email: "hugo.secret@example.test",
      firstName: "Hugonin",
      lastName: "Martinelli",
      passwordHash: hash,
    });

    await eraseKey(db.sql, userId);
    for (const read of [
      await domain.store.readStream(streamId),
      await domain.store.readAllByPosition(registered!.globalPosition - 1, 1, null),
    ]) {
      const e = read[0]!;
      expect(e.erased).toBe(true);
      expect(e.data).toMatchObject({ userId, role: "CANDIDATE" });
      for (const field of ["email", "firstName", "lastName", "passwordHash", "$pii"])
        expect(e.data).not.toHaveProperty(field);
    }
    // someone else's data is untouched by the erasure
    const other = await domain.identity.registerUser({
      email: "other@example.test",
      firstName: "Ann",
      lastName: "Other",
      password: "Demo-Pass-2026",
      locale: "en",
      country: null,
      role: "CANDIDATE",
      agencyId: null,
      clientId: null,
      verified: true,
    });
    expect((await domain.store.readStream(`user-${other}`))[0]!.data.email).toBe("other@example.test");
  });
});

describe("upcasters", () => {
  it("reads events stored in an older schema version in the current shape", async () => {
    const v1 = createEventStore({ sql: db.sql });
    const id = stream("profile");
    await v1.append(id, 0, [{ type: "ProfileNamed", data: { fullName: "Ada King Lovelace" } }]);

    const split = (d: Record<string, unknown>) => {
      const [firstName, ...rest] = String(d.fullName).split(" ");
      return { firstName, lastName: rest.join(" ") };
    };
    const v2 = createEventStore({ sql: db.sql, upcasters: new Upcasters().register("ProfileNamed", split) });
    await v2.append(id, 1, [{ type: "ProfileNamed", data: { firstName: "Grace", lastName: "Hopper" } }]);
    expect((await v2.readStream(id)).map((e) => [e.metadata.schemaVersion, e.data])).toEqual([
      [1, { firstName: "Ada", lastName: "King Lovelace" }],
      [2, { firstName: "Grace", lastName: "Hopper" }],
    ]);

    // a third shape: both older versions are lifted step by step, other types are left alone
    const v3 = createEventStore({
      sql: db.sql,
      upcasters: new Upcasters()
        .register("ProfileNamed", split)
        .register("ProfileNamed", (d) => ({ name: { first: d.firstName, last: d.lastName } })),
    });
    const other = stream();
    await v3.append(other, 0, [noted(7)]);
    expect((await v3.readStream(id)).map((e) => e.data)).toEqual([
      { name: { first: "Ada", last: "King Lovelace" } },
      { name: { first: "Grace", last: "Hopper" } },
    ]);
    const global = await v3.readAllByPosition(0, 10_000, ["ProfileNamed", "Noted"]);
    expect(global.filter((e) => e.streamId === id).map((e) => e.data)).toEqual([
      { name: { first: "Ada", last: "King Lovelace" } },
      { name: { first: "Grace", last: "Hopper" } },
    ]);
    expect(global.find((e) => e.streamId === other)!.data).toEqual({ n: 7 });
  });
});

describe("global reads in commit-safe order", () => {
  it("reads by transaction id as a number, also where transaction ids gain a digit, so paging skips nothing", async () => {
    const store = createEventStore({ sql: db.sql });
    // T1 takes its transaction id first, then ids move past the next power of ten, T2 appends
    // and commits, then T1 appends and commits: T1's id is lower, its position higher.
    let t1Ready!: () => void;
    const t1HasXid = new Promise<void>((resolve) => (t1Ready = resolve));
    let go!: () => void;
    const t1Go = new Promise<void>((resolve) => (go = resolve));
    let t1Xid = 0n;
    const t1Stream = stream();
    const t1 = db.sql.begin(async (tx) => {
      t1Xid = BigInt((await tx<{ x: string }[]>`select pg_current_xact_id()::text as x`)[0]!.x);
      t1Ready();
      await t1Go;
      return store.appendIn(tx, t1Stream, 0, [noted(1)]);
    });
    await t1HasXid;
    let boundary = 10n;
    while (boundary <= t1Xid) boundary *= 10n;
    await consumeXids(db.sql, Number(boundary - (await currentXid(db.sql))) + 1);
    const [e2] = await store.append(stream(), 0, [noted(2)]);
    go();
    const [e1] = await t1;
    expect(BigInt(e1!.transactionId)).toBeLessThan(boundary);
    expect(BigInt(e2!.transactionId)).toBeGreaterThanOrEqual(boundary);
    expect(e1!.globalPosition).toBeGreaterThan(e2!.globalPosition);

    const from = { transactionId: e1!.transactionId, globalPosition: 0 };
    expect((await store.readAfter(from, 10)).map((e) => e.data.n)).toEqual([1, 2]);
    // a processor paging one event at a time
    const paged: unknown[] = [];
    let cp = from;
    for (;;) {
      const [next] = await store.readAfter(cp, 1);
      if (!next) break;
      paged.push(next.data.n);
      cp = next;
    }
    expect(paged).toEqual([1, 2]);
  });
});
