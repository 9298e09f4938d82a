import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { handleCommand } from "../../event-store/command";
import type { Decider, DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, Projection, Tx } from "../../event-store/types";
import { AppError, CHANGED_BY_SOMEONE_ELSE } from "../../lib/errors";
import { jsonb } from "../../lib/rows";
import { isUuid } from "../../lib/contract";
import type { Actor } from "../identity/contract";
import {
  carriedOver,
  COMMUNICATION_KINDS,
  kindsFor,
  MAIL_LOCALES,
  withoutMail,
  type CommunicationChoices,
  type CommunicationKind,
  type Delivery,
  type MailLocale,
} from "./communication-rules";

/**
 * A person's communication choices (/communication, ADR 0047): one stream per person,
 * `communication-<userId>`, read through rm_communication. Choices are no personal data (in
 * clear); the marketing consent's history is the stream itself.
 */
export const communicationStream = (userId: string) => `communication-${userId}`;

type Channels = Partial<Record<CommunicationKind, Delivery>>;
export type CommunicationEvent =
  | { type: "CommunicationPreferencesSaved"; data: { userId: string; channels: Channels; mailLocale: MailLocale } }
  | { type: "MarketingConsentChanged"; data: { userId: string; consent: boolean; via: "page" } }
  | { type: "CommunicationUnsubscribed"; data: { userId: string; kind: CommunicationKind; delivery: Delivery } };

export type CommunicationCommand =
  | { type: "Save"; userId: string; version: number; channels: Channels; mailLocale: MailLocale }
  | { type: "SetMarketing"; userId: string; consent: boolean }
  | { type: "Unsubscribe"; userId: string; kind: CommunicationKind };

interface State {
  version: number;
  channels: Channels;
  marketing: boolean;
}

/**
 * Saving states the version the form was drawn from (a change made meanwhile, in another tab or
 * by a mail's unsubscribe link, is not overwritten blindly); consent and unsubscribing record a
 * change only (a second click writes nothing).
 */
export const communicationDecider: Decider<CommunicationCommand, State, CommunicationEvent> = {
  initialState: { version: 0, channels: {}, marketing: false },
  evolve(state, event) {
    const version = state.version + 1;
    switch (event.type) {
      case "CommunicationPreferencesSaved":
        return { ...state, version, channels: event.data.channels };
      case "MarketingConsentChanged":
        return { ...state, version, marketing: event.data.consent };
      case "CommunicationUnsubscribed":
        return { ...state, version, channels: { ...state.channels, [event.data.kind]: event.data.delivery } };
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "Save":
        if (command.version !== state.version) throw new AppError("conflict", CHANGED_BY_SOMEONE_ELSE);
        return [
          {
            type: "CommunicationPreferencesSaved",
            data: { userId: command.userId, channels: command.channels, mailLocale: command.mailLocale },
          },
        ];
      case "SetMarketing":
        if (command.consent === state.marketing) return [];
        return [
          { type: "MarketingConsentChanged", data: { userId: command.userId, consent: command.consent, via: "page" } },
        ];
      case "Unsubscribe": {
        const delivery = withoutMail(state.channels[command.kind]);
        if (delivery === state.channels[command.kind]) return [];
        return [{ type: "CommunicationUnsubscribed", data: { userId: command.userId, kind: command.kind, delivery } }];
      }
    }
  },
};

/** The profile's old choices, carried over on a rebuild as the migration did (ADR 0047). */
interface ProfileNotificationsSaved {
  type: "ProfileNotificationsSaved";
  data: { userId: string; channels: string[] };
}

/** rm_communication: inline, so the page reads its own writes and the notifier the latest choice. */
export const communicationProjection: Projection<CommunicationEvent | ProfileNotificationsSaved> = {
  name: "notifications.communication",
  eventTypes: [
    "CommunicationPreferencesSaved",
    "MarketingConsentChanged",
    "CommunicationUnsubscribed",
    "ProfileNotificationsSaved",
  ],
  tables: ["rm_communication"],
  // updated_at is the event's time: a rebuild gives back the same rows
  async apply(tx: Tx, events) {
    for (const e of events) {
      const userId = e.data.userId;
      switch (e.type) {
        case "ProfileNotificationsSaved":
          await tx`insert into rm_communication (user_id, channels, updated_at)
            values (${userId}, ${jsonb(tx, carriedOver(e.data.channels))}, ${e.createdAt})
            on conflict (user_id) do update set channels = excluded.channels, updated_at = excluded.updated_at`;
          break;
        case "CommunicationPreferencesSaved":
          await tx`insert into rm_communication (user_id, channels, mail_locale, version, updated_at)
            values (${userId}, ${jsonb(tx, e.data.channels)}, ${e.data.mailLocale}, ${e.streamVersion}, ${e.createdAt})
            on conflict (user_id) do update set channels = excluded.channels, mail_locale = excluded.mail_locale,
              version = excluded.version, updated_at = excluded.updated_at`;
          break;
        case "MarketingConsentChanged":
          await tx`insert into rm_communication (user_id, marketing, version, updated_at)
            values (${userId}, ${e.data.consent}, ${e.streamVersion}, ${e.createdAt})
            on conflict (user_id) do update set marketing = excluded.marketing, version = excluded.version, updated_at = excluded.updated_at`;
          break;
        case "CommunicationUnsubscribed":
          await tx`insert into rm_communication (user_id, channels, version, updated_at)
            values (${userId}, ${jsonb(tx, { [e.data.kind]: e.data.delivery })}, ${e.streamVersion}, ${e.createdAt})
            on conflict (user_id) do update set channels = rm_communication.channels || excluded.channels,
              version = excluded.version, updated_at = excluded.updated_at`;
          break;
      }
    }
  },
};

/** A person's choices as the notifier reads them (in its transaction); null: never chosen. */
export async function choicesOf(tx: Tx, userId: string): Promise<CommunicationChoices | null> {
  const [row] = await tx<{ channels: Channels; mailLocale: MailLocale | null }[]>`
    select channels, mail_locale as "mailLocale" from rm_communication where user_id = ${userId}`;
  return row ?? null;
}

/**
 * One-click unsubscribe links (RFC 8058): `<userId>.<kind>.<hmac>`, signed with the person's own
 * secret (unsubscribe_keys), so a link works for that person and kind only, without signing in,
 * and dies with the person's erasure. The secret is made with the first link.
 */
export async function unsubscribeToken(tx: Tx, userId: string, kind: CommunicationKind): Promise<string> {
  const fresh = randomBytes(32).toString("base64url");
  const [row] = await tx<{ secret: string }[]>`
    insert into unsubscribe_keys (user_id, secret) values (${userId}, ${fresh})
    on conflict (user_id) do update set secret = unsubscribe_keys.secret returning secret`;
  return `${userId}.${kind}.${sign(row!.secret, userId, kind)}`;
}

const sign = (secret: string, userId: string, kind: string) =>
  createHmac("sha256", secret).update(`unsubscribe:${userId}:${kind}`).digest("base64url");

/** Whose and which kind's link this is; null for anything tampered with, unknown or erased. */
export async function readUnsubscribeToken(
  sql: Db,
  token: string,
): Promise<{ userId: string; kind: CommunicationKind } | null> {
  const [userId, kind, mac] = token.split(".");
  if (!isUuid(userId) || !mac) return null;
  if (!(COMMUNICATION_KINDS as readonly string[]).includes(kind ?? "")) return null;
  const [row] = await sql<{ secret: string }[]>`select secret from unsubscribe_keys where user_id = ${userId}`;
  if (!row) return null;
  const expected = Buffer.from(sign(row.secret, userId, kind!));
  const given = Buffer.from(mac);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { userId, kind: kind as CommunicationKind };
}

export interface CommunicationPage {
  kinds: CommunicationKind[];
  channels: Record<CommunicationKind, Delivery>;
  mailLocale: MailLocale;
  marketing: boolean;
  version: number;
  /** the consent's changes, newest first */
  marketingHistory: { at: string; consent: boolean }[];
}

export function communicationCommands({ sql, store, ctx }: { sql: Db; store: EventStore; ctx: DecideContext }) {
  const run = (userId: string, command: CommunicationCommand) =>
    handleCommand(
      store,
      communicationDecider,
      communicationStream(userId),
      command,
      ctx,
      { actor: userId },
      {
        retries: command.type === "Save" ? 0 : 3,
      },
    );

  return {
    /** The person's own page: only the kinds of their role; the mail language defaults to the account's. */
    async myCommunication(actor: Actor, accountLocale: string): Promise<CommunicationPage> {
      const [row] = await sql<{ channels: Channels; mailLocale: MailLocale | null; marketing: boolean }[]>`
        select channels, mail_locale as "mailLocale", marketing from rm_communication where user_id = ${actor.id}`;
      const events = await store.readStream<CommunicationEvent>(communicationStream(actor.id));
      const kinds = kindsFor(actor.role);
      return {
        kinds,
        channels: Object.fromEntries(COMMUNICATION_KINDS.map((k) => [k, row?.channels[k] ?? "both"])) as Record<
          CommunicationKind,
          Delivery
        >,
        mailLocale:
          row?.mailLocale ??
          ((MAIL_LOCALES as readonly string[]).includes(accountLocale) ? (accountLocale as MailLocale) : "fr"),
        marketing: row?.marketing ?? false,
        version: events.length,
        marketingHistory: events
          .filter((e) => e.type === "MarketingConsentChanged")
          .map((e) => ({ at: e.createdAt.toISOString(), consent: (e.data as { consent: boolean }).consent }))
          .reverse(),
      };
    },

    /** Saves the kinds of the person's role (another role's kinds in the form are ignored). */
    async saveCommunication(
      actor: Actor,
      input: { version: number; channels: Channels; mailLocale: MailLocale },
    ): Promise<void> {
      const mine = new Set(kindsFor(actor.role));
      const channels = Object.fromEntries(
        Object.entries(input.channels).filter(([k, v]) => v && mine.has(k as CommunicationKind)),
      ) as Channels;
      await run(actor.id, {
        type: "Save",
        userId: actor.id,
        version: input.version,
        channels,
        mailLocale: input.mailLocale,
      });
    },

    async setMarketingConsent(actor: Actor, consent: boolean): Promise<void> {
      await run(actor.id, { type: "SetMarketing", userId: actor.id, consent });
    },

    /** What an unsubscribe link is about (its confirm page); not found when it is not a valid link. */
    async unsubscribeLink(token: string): Promise<{ kind: CommunicationKind }> {
      const link = await readUnsubscribeToken(sql, token);
      if (!link) throw new AppError("not_found", "communication:unsubscribe.invalid");
      return { kind: link.kind };
    },

    /** One click: that person's mails of that kind stop (the in-app part stays as chosen). */
    async unsubscribe(token: string): Promise<{ kind: CommunicationKind }> {
      const link = await readUnsubscribeToken(sql, token);
      if (!link) throw new AppError("not_found", "communication:unsubscribe.invalid");
      await run(link.userId, { type: "Unsubscribe", userId: link.userId, kind: link.kind });
      return { kind: link.kind };
    },
  };
}
