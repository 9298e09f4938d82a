import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import {
  AppError,
  createLogger,
  dispatchMail,
  integrationHarness,
  notifierProcessor,
  ProcessorRunner,
  queueNoticeMail,
  type Actor,
  type OutgoingMail,
  type Role,
} from "../support/harness";
import { agencyWithPeople } from "../support/missions";
import { MODULES } from "../../server/modules";
import type { NoticeSource } from "../../server/modules/module";
import { communicationKindOf, type CommunicationKind } from "../../server/modules/notifications/contract";

/**
 * Issue 30, /communication (ADR 0047): every notice kind the notifier sends follows the person's
 * choice of channel and mail language, through the real notifier, event store and outbox; the
 * one-click unsubscribe link works for its person and kind only.
 */
const { db, domain } = integrationHarness();
const logger = createLogger("silent");
const SITE = "https://missio.example";

/** A test event telling `userId` a notice of `kind`: the real notifier, any kind. */
const probe: NoticeSource = {
  eventTypes: ["CommunicationProbe"],
  notices: (e) => [
    {
      userId: e.data.userId as string,
      kind: e.data.kind as string,
      params: {},
      link: null,
      mail: { template: "applicationReceived", params: { title: "Serveur", agency: "Agence" } },
    },
  ],
};

async function notify() {
  const runner = new ProcessorRunner(
    domain.store,
    notifierProcessor({
      store: domain.store,
      sources: [...MODULES.flatMap((m) => (m.notices ? [m.notices] : [])), probe],
      recipients: domain.identity,
      logger,
      publicUrl: SITE,
    }),
    logger,
    100,
  );
  while (await runner.runOnce());
}

/** Tells `who` a notice of `kind`; returns what reached them: notifications and mails of that notice. */
async function tell(who: Actor, kind: string) {
  const before = new Date(Date.now() - 1);
  await domain.store.append(`probe-${randomUUID()}`, "any", [
    { type: "CommunicationProbe", data: { userId: who.id, kind } },
  ]);
  await notify();
  const notes = await db.sql<{ kind: string }[]>`
    select kind from rm_notifications where user_id = ${who.id} and kind = ${kind}`;
  const mails = await db.sql<{ id: string; locale: string; params: Record<string, string> }[]>`
    select id, locale, params from mail_outbox where recipient = (select email from rm_users where id = ${who.id})
      and created_at >= ${before} order by created_at`;
  return { inApp: notes.length, mails };
}

let seq = 0;
async function person(role: Role = "CANDIDATE", agency?: Awaited<ReturnType<typeof agencyWithPeople>>): Promise<Actor> {
  seq++;
  const withAgency = role !== "CANDIDATE" && role !== "PLATFORM_ADMIN";
  const id = await domain.identity.registerUser({
    email: `comm${seq}.${process.pid}@example.test`,
    password: "Solid-Pass-2026",
    firstName: `Zoé${seq}`,
    lastName: "Rochat",
    locale: "fr",
    role,
    country: "CH",
    agencyId: withAgency ? agency!.agencyId : null,
    clientId: role === "CLIENT" || role === "MANAGER_CLIENT" ? agency!.clientId : null,
    verified: true,
  });
  return { id, role, agencyId: withAgency ? agency!.agencyId : null, clientId: null };
}

/** Every kind of notice the modules send today (their notices' `kind`s), with the kind it falls under. */
const NOTICE_KINDS = [
  "application_submitted",
  "application_new",
  "application_rejected",
  "applications_unanswered",
  "proposal_new",
  "proposal_chosen",
  "proposal_filled",
  "proposal_closed",
  "placement_direct",
  "shifts_published",
  "timesheets_verification",
  "timesheets_reduced",
  "timesheets_client_validated",
  "timesheets_disputed",
  "timesheets_dispute_answered",
  "timesheets_client_late",
  "documents_expiring",
  "search_alert",
  "library_alert",
  "activity_due_task",
  "activity_due_meeting",
];

const choose = (who: Actor, kind: CommunicationKind, delivery: string, mailLocale = "fr", version = 0) =>
  domain.notifications.saveCommunication(who, {
    version,
    channels: { [kind]: delivery },
    mailLocale: mailLocale as "fr",
  });

const refused = (p: Promise<unknown>) =>
  p.then(
    () => "accepted",
    (e: unknown) => (e instanceof AppError ? e.kind : String(e)),
  );

let agency: Awaited<ReturnType<typeof agencyWithPeople>>;
beforeAll(async () => {
  agency = await agencyWithPeople(domain);
});

/** The role a kind is offered to, so the choice is one the page would save. */
const roleOf = (kind: CommunicationKind): Role => (kind === "activities" ? "ADMIN_CONSULTANT" : "CANDIDATE");

describe("every kind the notifier sends follows the person's choice", () => {
  it.each(NOTICE_KINDS)(
    "%s: in-app only sends no mail; mail only raises no notification and writes in the chosen language",
    async (noticeKind) => {
      const kind = communicationKindOf(noticeKind)!;
      expect(kind).not.toBeNull();
      const who = await person(roleOf(kind), agency);
      await choose(who, kind, "in_app");
      expect(await tell(who, noticeKind)).toMatchObject({ inApp: 1, mails: [] });
      await choose(who, kind, "mail", "de", 1);
      const { inApp, mails } = await tell(who, noticeKind);
      expect(inApp).toBe(1); // the first one only
      expect(mails).toHaveLength(1);
      expect(mails[0]!.locale).toBe("de");
      expect(mails[0]!.params.unsubscribe).toMatch(
        new RegExp(`^${SITE}/communication/desabonnement/${who.id}\\.${kind}\\.`),
      );
      await choose(who, kind, "none", "fr", 2);
      expect(await tell(who, noticeKind)).toMatchObject({ inApp: 1, mails: [] });
    },
  );

  it("a kind never chosen comes both ways; mandatory mails (data export) come whatever is chosen, with no unsubscribe link", async () => {
    const who = await person();
    const fresh = await tell(who, "proposal_new");
    expect(fresh.inApp).toBe(1);
    expect(fresh.mails).toHaveLength(1);
    expect(fresh.mails[0]!.locale).toBe("fr");
    await domain.notifications.saveCommunication(who, {
      version: 0,
      channels: Object.fromEntries(
        ["applications", "proposals", "planning", "timesheets", "documents", "alerts", "support"].map((k) => [
          k,
          "none",
        ]),
      ),
      mailLocale: "it",
    });
    const mandatory = await tell(who, "data_export_ready");
    expect(mandatory.inApp).toBe(1);
    expect(mandatory.mails).toHaveLength(1);
    expect(mandatory.mails[0]!.locale).toBe("it");
    expect(mandatory.mails[0]!.params.unsubscribe).toBeUndefined();
  });

  it("a mail queued by its own module (the library's alert digest) follows the same choice", async () => {
    const who = await person("ADMIN_CONSULTANT", agency);
    const queue = () =>
      db.sql.begin((tx) =>
        queueNoticeMail(
          tx,
          {
            userId: who.id,
            noticeKind: "library_alert",
            to: "x@example.test",
            locale: "fr",
            template: "libraryAlert",
            params: {},
          },
          { publicUrl: SITE },
        ),
      );
    await choose(who, "alerts", "in_app");
    expect(await queue()).toBeNull();
    await choose(who, "alerts", "both", "pt", 1);
    const id = await queue();
    const [row] = await db.sql<{ locale: string }[]>`select locale from mail_outbox where id = ${id}`;
    expect(row!.locale).toBe("pt");
  });

  it("the mail carries the RFC 8058 headers and the footer link of its kind", async () => {
    const who = await person();
    const { mails } = await tell(who, "shifts_published");
    const sent: OutgoingMail[] = [];
    await dispatchMail(db.sql, mails[0]!.id, async (m) => void sent.push(m));
    const link = mails[0]!.params.unsubscribe!;
    expect(sent[0]!.headers).toEqual({
      "List-Unsubscribe": `<${link}>`,
      "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
    });
    expect(sent[0]!.text).toContain(`Ne plus recevoir ces e-mails: ${link}`);
    expect(sent[0]!.html).toContain(`href="${link}"`);
  });
});

describe("one-click unsubscribe", () => {
  const tokenOf = (url: string) => url.split("/").at(-1)!;

  it("stops that person's mails of that kind only; the in-app part stays; a second click changes nothing", async () => {
    const who = await person();
    const { mails } = await tell(who, "application_rejected");
    const token = tokenOf(mails[0]!.params.unsubscribe!);
    expect(await domain.notifications.unsubscribeLink(token)).toEqual({ kind: "applications" });
    await domain.notifications.unsubscribe(token);
    await domain.notifications.unsubscribe(token);
    expect(await tell(who, "application_rejected")).toMatchObject({ inApp: 2, mails: [] });
    expect((await tell(who, "proposal_new")).mails).toHaveLength(1);
    const page = await domain.notifications.myCommunication(who, "fr");
    expect(page.channels).toMatchObject({ applications: "in_app", proposals: "both" });
  });

  it("refuses a tampered token, another person's, another kind's, and an unknown person's", async () => {
    const [lea, zoe] = [await person(), await person()];
    const token = tokenOf((await tell(lea, "proposal_new")).mails[0]!.params.unsubscribe!);
    await tell(zoe, "proposal_new");
    const [, kind, mac] = token.split(".");
    const flipped = mac!.slice(0, -1) + (mac!.endsWith("A") ? "B" : "A");
    for (const bad of [
      `${lea.id}.${kind}.${flipped}`,
      `${zoe.id}.${kind}.${mac}`,
      `${lea.id}.applications.${mac}`,
      `${randomUUID()}.${kind}.${mac}`,
      `${lea.id}.nonsense.${mac}`,
      "garbage",
    ]) {
      expect(await refused(domain.notifications.unsubscribe(bad))).toBe("not_found");
      expect(await refused(domain.notifications.unsubscribeLink(bad))).toBe("not_found");
    }
    const page = await domain.notifications.myCommunication(lea, "fr");
    expect(page.channels.proposals).toBe("both");
  });
});

describe("the person's own choices only", () => {
  it("saves for the signed-in person only, the kinds of their role, refusing a stale version", async () => {
    const [lea, zoe] = [await person(), await person()];
    const client = await person("CLIENT", agency);
    await choose(lea, "documents", "none");
    expect((await domain.notifications.myCommunication(zoe, "de")).channels.documents).toBe("both");
    expect((await domain.notifications.myCommunication(zoe, "de")).mailLocale).toBe("de");
    // a client user has no documents or planning kinds: sent anyway, ignored
    await domain.notifications.saveCommunication(client, {
      version: 0,
      channels: { documents: "none", timesheets: "mail" },
      mailLocale: "en",
    });
    const page = await domain.notifications.myCommunication(client, "fr");
    expect(page.kinds).toEqual(["applications", "proposals", "timesheets", "support"]);
    expect(page.channels).toMatchObject({ documents: "both", timesheets: "mail" });
    expect(page.mailLocale).toBe("en");
    expect(await refused(choose(lea, "documents", "both"))).toBe("conflict");
  });

  it("keeps the marketing consent's history in the event log", async () => {
    const lea = await person();
    await domain.notifications.setMarketingConsent(lea, true);
    await domain.notifications.setMarketingConsent(lea, true);
    await domain.notifications.setMarketingConsent(lea, false);
    const page = await domain.notifications.myCommunication(lea, "fr");
    expect(page.marketing).toBe(false);
    expect(page.marketingHistory.map((h) => h.consent)).toEqual([false, true]);
  });

  it("carries over the choices made on the profile before (the profile's old event)", async () => {
    const lea = await person();
    await domain.store.append(`profile-${lea.id}`, "any", [
      {
        type: "ProfileNotificationsSaved",
        data: { userId: lea.id, channels: ["applications.email", "timesheets.in_app"] },
      },
    ]);
    const page = await domain.notifications.myCommunication(lea, "fr");
    expect(page.channels).toMatchObject({
      applications: "mail",
      proposals: "none",
      timesheets: "in_app",
      planning: "in_app",
      alerts: "none",
    });
  });
});
