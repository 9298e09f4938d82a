import { ddmmyyyy } from "../../lib/days";
import { hashToken } from "../../lib/tokens";
/**
 * The client's side of timesheets without signing in: reminder mails that escalate while a week's
 * sheets wait for the client company, each carrying a login-free link that validates that
 * company's sheets of that week only, once, until it expires (spec: "a login-free signed link in
 * the reminder email ... single-purpose and expiring").
 *
 * A link is its own stream (`tslink-<id>`, the id a name-based uuid of company, week, level and
 * recipient, so a sweep run twice issues it once); the event keeps the token's hash, the mail
 * carries the token.
 */
import { handleCommand } from "../../event-store/command";
import type { Decider, DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, Projection } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import { nameUuid, randomToken } from "../../lib/ids";
import { CLIENT_ROLES, type Actor, type Role } from "../identity/contract";
import { queueMail, type EnqueueIn } from "../notifications";
import { LINK_VALID_DAYS, REMINDER_LEVEL_HOURS } from "./contract";

export const linkStream = (id: string) => `tslink-${id}`;

export interface TimesheetLinkIssued {
  type: "TimesheetLinkIssued";
  data: {
    linkId: string;
    agencyId: string;
    clientId: string;
    userId: string;
    week: string;
    level: number;
    tokenHash: string;
    expiresAt: string;
  };
}
export interface TimesheetLinkUsed {
  type: "TimesheetLinkUsed";
  data: { linkId: string; clientId: string; userId: string };
}
export type TimesheetLinkEvent = TimesheetLinkIssued | TimesheetLinkUsed;

/** A week's sheets still wait for the client after the last reminder: their consultants are told, once. */
export interface TimesheetClientLate {
  type: "TimesheetClientLate";
  data: { agencyId: string; clientId: string; clientName: string; week: string; count: number; consultants: string[] };
}
export const lateStream = (id: string) => `tslate-${id}`;
const lateDecider: Decider<TimesheetClientLate["data"], { told: boolean }, TimesheetClientLate> = {
  initialState: { told: false },
  evolve: () => ({ told: true }),
  decide: (data, state) => (state.told ? [] : [{ type: "TimesheetClientLate", data }]),
};

type LinkCommand = { type: "Issue"; data: Omit<TimesheetLinkIssued["data"], "expiresAt"> } | { type: "Use" };
type LinkState = { issued: TimesheetLinkIssued["data"] | null; used: boolean };

export const linkDecider: Decider<LinkCommand, LinkState, TimesheetLinkEvent> = {
  initialState: { issued: null, used: false },
  evolve: (s, e) => (e.type === "TimesheetLinkIssued" ? { ...s, issued: e.data } : { ...s, used: true }),
  decide(command, state, ctx: DecideContext): TimesheetLinkEvent[] {
    if (command.type === "Issue") {
      if (state.issued) return [];
      const expiresAt = new Date(ctx.clock.now().getTime() + LINK_VALID_DAYS * 86_400_000).toISOString();
      return [{ type: "TimesheetLinkIssued", data: { ...command.data, expiresAt } }];
    }
    const link = state.issued;
    if (!link) throw new AppError("not_found", "timesheet_link_invalid");
    if (state.used) throw new AppError("conflict", "timesheet_link_used");
    if (new Date(link.expiresAt) <= ctx.clock.now()) throw new AppError("conflict", "timesheet_link_expired");
    return [{ type: "TimesheetLinkUsed", data: { linkId: link.linkId, clientId: link.clientId, userId: link.userId } }];
  },
};

/** rm_timesheet_links: what the link page looks up by the token's hash. */
export const linksProjection: Projection<TimesheetLinkEvent> = {
  name: "timesheet_links",
  eventTypes: ["TimesheetLinkIssued", "TimesheetLinkUsed"],
  tables: ["rm_timesheet_links"],
  async apply(tx, events) {
    for (const e of events) {
      if (e.type === "TimesheetLinkIssued") {
        const d = e.data;
        await tx`insert into rm_timesheet_links ${tx({
          id: d.linkId,
          token_hash: d.tokenHash,
          agency_id: d.agencyId,
          client_id: d.clientId,
          user_id: d.userId,
          week: d.week,
          level: d.level,
          expires_at: new Date(d.expiresAt),
          created_at: e.createdAt,
        })} on conflict (id) do nothing`;
      } else await tx`update rm_timesheet_links set used_at = ${e.createdAt} where id = ${e.data.linkId}`;
    }
  },
};

/** A link as its page shows it: the company, the week, and whether it can still be used. */
export interface ClientLink {
  linkId: string;
  agencyId: string;
  clientId: string;
  clientName: string;
  agencyName: string;
  week: string;
  state: "valid" | "used" | "expired";
  actor: Actor;
  locale: string;
}

export function clientLinkCommands({
  store,
  ctx,
  enqueue,
  publicUrl,
}: {
  store: EventStore;
  ctx: DecideContext;
  enqueue?: EnqueueIn;
  publicUrl: string;
}) {
  const sql = store.sql as Db;

  /** The link of a token (null: unknown, or its recipient is no longer that company's enabled user). */
  async function clientLink(token: string): Promise<ClientLink | null> {
    if (!token || token.length > 100) return null;
    const [row] = await sql<
      {
        linkId: string;
        agencyId: string;
        clientId: string;
        clientName: string;
        agencyName: string;
        week: string;
        usedAt: Date | null;
        expiresAt: Date;
        userId: string;
        role: Role;
        locale: string;
      }[]
    >`select l.id as "linkId", l.agency_id as "agencyId", l.client_id as "clientId", c.name as "clientName", g.name as "agencyName", l.week::text as week,
        l.used_at as "usedAt", l.expires_at as "expiresAt", u.id as "userId", u.role, u.locale
      from rm_timesheet_links l join rm_users u on u.id = l.user_id and u.client_id = l.client_id and u.enabled
        join rm_client_companies c on c.id = l.client_id join rm_agencies g on g.id = l.agency_id
      where l.token_hash = ${hashToken(token)}`;
    if (!row || !(CLIENT_ROLES as readonly Role[]).includes(row.role)) return null;
    const state = row.usedAt ? "used" : row.expiresAt <= ctx.clock.now() ? "expired" : "valid";
    return { ...row, state, actor: { id: row.userId, role: row.role, agencyId: row.agencyId, clientId: row.clientId } };
  }

  return {
    clientLink,

    /** Spends the link (once, before it expires) and returns who it acts as: the caller validates that week's sheets as them. */
    async useClientLink(token: string): Promise<ClientLink> {
      const link = await clientLink(token);
      if (!link) throw new AppError("not_found", "timesheet_link_invalid");
      await handleCommand(
        store,
        linkDecider,
        linkStream(link.linkId),
        { type: "Use" },
        ctx,
        { actor: link.actor.id, tenant: link.agencyId },
        { retries: 0 },
      );
      return link;
    },

    /**
     * The reminder sweep: for each company and week with sheets waiting for it, the level due by
     * how long the oldest has waited (REMINDER_LEVEL_HOURS); a level not yet sent mails each of
     * the company's users a new link, and from the last level the sheets' consultants too.
     */
    async remindClients(): Promise<number> {
      const now = ctx.clock.now();
      const groups = await sql<
        {
          agencyId: string;
          clientId: string;
          week: string;
          count: number;
          since: Date;
          sent: number;
          consultants: string[];
        }[]
      >`
        select t.agency_id as "agencyId", t.client_id as "clientId", t.week::text as week, count(*)::int as count, min(t.agency_validated_at) as since,
          coalesce((select max(level) from rm_timesheet_links l where l.client_id = t.client_id and l.week = t.week), 0)::int as sent,
          array_remove(array_agg(distinct t.consultant_id::text), null) as consultants
        from rm_timesheets t where t.status = 'agency_validated' and t.client_id is not null group by t.agency_id, t.client_id, t.week`;
      let mailed = 0;
      for (const g of groups) {
        const waitedHours = (now.getTime() - g.since.getTime()) / 3_600_000;
        const due = REMINDER_LEVEL_HOURS.filter((h) => waitedHours >= h).length;
        if (due <= g.sent) continue;
        const people = await sql<{ id: string; email: string; locale: string; firstName: string }[]>`
          select id, email, locale, first_name as "firstName" from rm_users where client_id = ${g.clientId} and enabled and role in ${sql(CLIENT_ROLES as unknown as string[])}`;
        const [names] = await sql<
          { client: string; agency: string }[]
        >`select c.name as client, g.name as agency from rm_client_companies c join rm_agencies g on g.id = c.agency_id where c.id = ${g.clientId}`;
        // the subject says how late it is (mail.json: subject, subject_reminder, subject_last)
        const context = due === 1 ? "" : due === REMINDER_LEVEL_HOURS.length ? "last" : "reminder";
        const params = {
          count: String(g.count),
          week: ddmmyyyy(g.week),
          agency: names?.agency ?? "",
          client: names?.client ?? "",
          context,
        };
        for (const p of people) {
          const token = randomToken(32);
          const linkId = await nameUuid(`tslink:${g.clientId}:${g.week}:${due}:${p.id}`);
          const data = {
            linkId,
            agencyId: g.agencyId,
            clientId: g.clientId,
            userId: p.id,
            week: g.week,
            level: due,
            tokenHash: hashToken(token),
          };
          await handleCommand(
            store,
            linkDecider,
            linkStream(linkId),
            { type: "Issue", data },
            ctx,
            { actor: "system", tenant: g.agencyId },
            {
              // the mail only with the link that was issued now (a second sweep issues nothing)
              inTransaction: async (tx, stored) => {
                if (!stored.length) return;
                mailed++;
                await queueMail(
                  tx,
                  {
                    to: p.email,
                    locale: p.locale,
                    template: "timesheetsToValidate",
                    params: { ...params, name: p.firstName, link: `${publicUrl}/releves-heures/lien/${token}` },
                  },
                  enqueue,
                );
              },
            },
          );
        }
        // the last level also tells the sheets' consultants that the client is late (a notice: in-app and mail)
        if (due === REMINDER_LEVEL_HOURS.length && g.consultants.length) {
          const lateId = await nameUuid(`tslate:${g.clientId}:${g.week}`);
          const late = {
            agencyId: g.agencyId,
            clientId: g.clientId,
            clientName: names?.client ?? "",
            week: g.week,
            count: g.count,
            consultants: g.consultants,
          };
          await handleCommand(store, lateDecider, lateStream(lateId), late, ctx, {
            actor: "system",
            tenant: g.agencyId,
          });
        }
      }
      return mailed;
    },
  };
}
