import fs from "node:fs";
import path from "node:path";
import webpush from "web-push";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createDomain,
  createLogger,
  createSessions,
  eraseNotifications,
  integrationHarness,
  jobDefinitions,
  notifierProcessor,
  ProcessorRunner,
  startJobs,
  type Actor,
  type JobDeps,
  type Jobs,
} from "../support/harness";
import { decryptPush, startPushService, verifyVapid, type TestDevice } from "../support/push-service";
import { MODULES } from "../../server/modules";
import { STATUS } from "../../server/modules/applications/contract";
import type { JobDefinition } from "../../server/jobs/registry";

/**
 * Web Push (issue 31, ADR 0050) through the real notifier, job queue (pg-boss, not worked: the test
 * runs the queued jobs as a worker would) and web-push library, to a push service of the test's
 * own: a demo candidate's status change reaches her device once, signed with our VAPID key and
 * encrypted for that device alone, in her language; her preferences, a dropped subscription and
 * a failing push service are each handled as ADR 0050 says.
 */
const { db, clock } = integrationHarness({ seed: true, clock: true, timeout: 120_000 });
const logger = createLogger("silent");
const SITE = "https://missio.example";
const PDF = new TextEncoder().encode("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n");
const vapid = { ...webpush.generateVAPIDKeys(), subject: "mailto:push@missio.example" };
let jobs: Jobs;
let domain: ReturnType<typeof createDomain>;
let definitions: JobDefinition[];
let service: Awaited<ReturnType<typeof startPushService>>;
let lea: Actor;
let hugo: Actor;

const actorOf = async (email: string): Promise<Actor> => {
  const [u] = await db.sql<{ id: string; role: Actor["role"]; agencyId: string | null }[]>`
    select id, role, agency_id as "agencyId" from rm_users where email = ${email}`;
  return { id: u!.id, role: u!.role, agencyId: u!.agencyId, clientId: null };
};

beforeAll(async () => {
  service = await startPushService();
  jobs = await startJobs(db.url, logger, { work: false });
  domain = createDomain(db.sql, { clock, enqueue: jobs.sendIn, publicUrl: SITE });
  const deps: JobDeps = {
    sql: db.sql,
    logger,
    send: jobs.send,
    sessions: createSessions(db.sql, "0123456789abcdef0123456789abcdef", false),
    mailTransport: null,
    vapid,
    adSearch: undefined as never,
    librarySearch: undefined as never,
    adFits: undefined as never,
  };
  definitions = jobDefinitions(domain, deps);
  await jobs.define(definitions);
  lea = await actorOf("candidate@demo.test");
  hugo = await actorOf("candidate.fr@demo.test");
  // an application of hers still open to a status change (the demo's are decided or withdrawn)
  const [ad] = await db.sql<{ id: number }[]>`
    select id::int as id from rm_ads where status = 'online'
      and jsonb_array_length(coalesce(fields->'questions', '[]'::jsonb)) = 0
      and id not in (select ad_id from rm_applications where candidate_id = ${lea.id}) order by id limit 1`;
  await domain.applications.apply(lea, {
    adId: ad!.id,
    source: "S01",
    answers: [],
    message: "",
    cv: { kind: "upload", name: "cv.pdf", bytes: PDF },
  });
  await notify(); // the demo data's own notices and her application's, before any device exists
}, 120_000);
afterAll(async () => {
  await jobs?.stop();
  await service?.close();
});
beforeEach(async () => {
  service.received.length = 0;
  await db.sql`delete from push_subscriptions`;
});

/** Runs the notifier over everything appended so far, with the app's queue (as the app runs it). */
async function notify() {
  const runner = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: MODULES.flatMap((m) => (m.notices ? [m.notices] : [])),
      recipients: domain.identity,
      enqueue: jobs.sendIn,
      logger,
      publicUrl: SITE,
    }),
    logger,
    100,
  );
  while (await runner.runOnce());
}

/** Runs the queued jobs of these names once each, as a worker would; returns the push jobs' outcomes (thrown or not). */
async function work(pattern: string) {
  const queued = await db.sql<{ id: string; name: string; data: unknown }[]>`
    select id, name, data from pgboss.job where name like ${pattern} and state = 'created' order by created_on`;
  const outcomes: ("ok" | "failed")[] = [];
  for (const job of queued) {
    const ok = await definitions
      .find((d) => d.name === job.name)!
      .handler(job.data as never, job.id)
      .then(
        () => "ok" as const,
        () => "failed" as const,
      );
    outcomes.push(ok);
    await db.sql`delete from pgboss.job where id = ${job.id}`;
  }
  return outcomes;
}

/** A device of `who` subscribed to the test's push service (as the /notifications/push route saves it). */
async function subscribe(who: Actor, deviceKey = `key-${Math.random()}`): Promise<TestDevice> {
  const device = service.device();
  await domain.notifications.savePushSubscription(
    who,
    { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
    { userAgent: "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36", deviceKey },
  );
  return device;
}

/** An application of `who` still open to a status change (pending or retained), and a consultant of its agency. */
async function applicationOf(who: Actor) {
  const [a] = await db.sql<{ id: string; adTitle: string; consultantId: string; agencyId: string }[]>`
    select a.id, a.ad_title as "adTitle", u.id as "consultantId", u.agency_id as "agencyId"
    from rm_applications a join rm_users u on u.agency_id = a.agency_id and u.role = 'ADMIN_CONSULTANT'
    where a.candidate_id = ${who.id} and a.status in (${STATUS.pending}, ${STATUS.retained}) and a.withdrawn_at is null
    order by a.created_at, u.email limit 1`;
  if (!a) throw new Error("the demo candidate has no open application");
  const by: Actor = { id: a.consultantId, role: "ADMIN_CONSULTANT", agencyId: a.agencyId, clientId: null };
  return { id: a.id, adTitle: a.adTitle, by };
}

/**
 * A consultant of the agency sets the application to retained (or back to pending), the undo
 * window passes, the notifier runs. Returns the new status's name and the candidate's list it links to.
 */
async function changeStatus(application: Awaited<ReturnType<typeof applicationOf>>) {
  const [row] = await db.sql<{ status: number }[]>`select status from rm_applications where id = ${application.id}`;
  const to = row!.status === STATUS.retained ? STATUS.pending : STATUS.retained;
  await domain.applications.changeStatus(application.by, application.id, { to });
  await work("applications.notify-%");
  await notify();
  return to === STATUS.retained
    ? { name: "retained", link: "/candidatures-retenues" }
    : { name: "pending", link: "/candidatures-en-attente" };
}

const fr = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/engagement.json"), "utf8")) as {
  notifications: { kinds: Record<string, string> };
};
const frPush = JSON.parse(fs.readFileSync(path.resolve("public/locales/fr/push.json"), "utf8")) as {
  titles: Record<string, string>;
};

describe("a status change is pushed to the candidate's devices", () => {
  it("once, VAPID-signed, encrypted for her device, in her language; no one else's device hears it", async () => {
    const phone = await subscribe(lea);
    const other = await subscribe(hugo);
    const application = await applicationOf(lea);
    const status = await changeStatus(application);
    expect(await work("push.send")).toEqual(["ok"]);

    expect(service.received).toHaveLength(1);
    const [push] = service.received;
    expect(push!.endpoint).toBe(phone.endpoint);
    expect(verifyVapid(push!, vapid.publicKey)).toMatchObject({ sub: vapid.subject });
    expect(push!.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push!.headers.ttl)).toBeGreaterThan(0);
    expect(decryptPush(push!, phone)).toEqual({
      title: frPush.titles.applications,
      body: fr.notifications.kinds[`application_${status.name}`]!.replace("{{title}}", application.adTitle),
      url: `${SITE}${status.link}`,
      tag: `application_${status.name}:${status.link}`,
    });
    // encrypted for her phone: another device's keys cannot read it
    expect(() => decryptPush(push!, other)).toThrow();
    const [row] = await db.sql<{ lastSuccessAt: Date | null }[]>`
      select last_success_at as "lastSuccessAt" from push_subscriptions where endpoint = ${phone.endpoint}`;
    expect(row!.lastSuccessAt).not.toBeNull();

    // once per event: the notifier running again queues nothing more
    await notify();
    expect(await work("push.send")).toEqual([]);
    expect(service.received).toHaveLength(1);
  });

  it("every device of hers gets it, each by its own job", async () => {
    const [phone, laptop] = [await subscribe(lea), await subscribe(lea)];
    const { link } = await changeStatus(await applicationOf(lea));
    expect(await work("push.send")).toEqual(["ok", "ok"]);
    expect(service.received.map((p) => p.endpoint).sort()).toEqual([phone.endpoint, laptop.endpoint].sort());
    for (const device of [phone, laptop])
      expect(
        decryptPush(
          service.received.find((p) => p.endpoint === device.endpoint)!,
          device,
        ),
      ).toMatchObject({
        url: `${SITE}${link}`,
      });
  });

  it("is not pushed when her choice for applications leaves out the app (none, or mail only)", async () => {
    await subscribe(lea);
    const application = await applicationOf(lea);
    for (const delivery of ["none", "mail", "both"] as const) {
      const { version } = await domain.notifications.myCommunication(lea, "fr");
      await domain.notifications.saveCommunication(lea, {
        version,
        mailLocale: "fr",
        channels: { applications: delivery },
      });
      await changeStatus(application);
      expect(await work("push.send"), delivery).toEqual(delivery === "both" ? ["ok"] : []);
    }
    expect(service.received).toHaveLength(1);
  });

  it("a subscription the push service answers 410 (or 404) is removed; another person's is untouched", async () => {
    const gone = await subscribe(lea);
    const lost = await subscribe(lea);
    const hers = await subscribe(lea);
    const his = await subscribe(hugo);
    service.answer(gone.endpoint, 410);
    service.answer(lost.endpoint, 404);
    await changeStatus(await applicationOf(lea));
    expect(await work("push.send")).toEqual(["ok", "ok", "ok"]);
    const left = await db.sql<{ endpoint: string }[]>`select endpoint from push_subscriptions`;
    expect(left.map((r) => r.endpoint).sort()).toEqual([hers.endpoint, his.endpoint].sort());
  });

  it("another failure of the push service fails the job (retried with its backoff) and keeps the device", async () => {
    const phone = await subscribe(lea);
    service.answer(phone.endpoint, 503);
    await changeStatus(await applicationOf(lea));
    expect(await work("push.send")).toEqual(["failed"]);
    expect(await db.sql`select 1 from push_subscriptions where endpoint = ${phone.endpoint}`).toHaveLength(1);
  });

  it("a disabled account's devices hear nothing more, even from a push queued before", async () => {
    const phone = await subscribe(hugo);
    await changeStatus(await applicationOf(hugo));
    await db.sql`update rm_users set enabled = false where id = ${hugo.id}`;
    try {
      expect(await work("push.send")).toEqual(["ok"]);
    } finally {
      await db.sql`update rm_users set enabled = true where id = ${hugo.id}`;
    }
    expect(service.received).toHaveLength(0);
    expect(await db.sql`select 1 from push_subscriptions where endpoint = ${phone.endpoint}`).toHaveLength(1);
  });
});

describe("a browser's subscription", () => {
  it("moves to the person subscribing after another in the same browser, and goes at sign-out there", async () => {
    const device = service.device();
    const sub = { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth };
    await domain.notifications.savePushSubscription(lea, sub, { userAgent: null, deviceKey: "shared-phone-key" });
    await domain.notifications.savePushSubscription(hugo, sub, { userAgent: null, deviceKey: "shared-phone-key" });
    expect(await domain.notifications.myPushDevices(lea, "shared-phone-key")).toEqual([]);
    expect(await domain.notifications.myPushDevices(hugo, "shared-phone-key")).toMatchObject([{ current: true }]);
    // Léa signs in there: Hugo's subscription in that browser goes, hers elsewhere stays
    const elsewhere = await subscribe(lea, "her-own-phone");
    await domain.notifications.signedInOnDevice(lea.id, "shared-phone-key");
    expect(await domain.notifications.myPushDevices(hugo, null)).toEqual([]);
    await domain.notifications.signedOutOfDevice("her-own-phone");
    expect(await db.sql`select 1 from push_subscriptions where endpoint = ${elsewhere.endpoint}`).toHaveLength(0);
  });

  it("a person keeps 20 devices at most: a new one beyond replaces the longest-standing", async () => {
    const first = await subscribe(hugo);
    await db.sql`update push_subscriptions set created_at = now() - interval '1 day' where endpoint = ${first.endpoint}`;
    for (let i = 0; i < 20; i++) await subscribe(hugo);
    expect(await domain.notifications.myPushDevices(hugo, null)).toHaveLength(20);
    expect(await db.sql`select 1 from push_subscriptions where endpoint = ${first.endpoint}`).toHaveLength(0);
  });

  it("is erased with its person", async () => {
    await subscribe(lea);
    await db.sql.begin((tx) =>
      eraseNotifications(tx, { userId: lea.id, email: "candidate@demo.test", firstName: "Léa", lastName: "Müller" }),
    );
    expect(await db.sql`select 1 from push_subscriptions where user_id = ${lea.id}`).toHaveLength(0);
  });
});
