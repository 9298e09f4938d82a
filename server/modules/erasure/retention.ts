import type { CommandOptions } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { Db } from "../../event-store/types";
import { randomToken } from "../../lib/ids";
import { hashToken } from "../../lib/tokens";
import { queueMail, type EnqueueIn } from "../notifications";
import type { RefusalRetentionPort } from "./contract";
import type { ErasureCommand } from "./decider";
import {
  activityLimit,
  HOME_COUNTRIES,
  RETENTION_RULES,
  RETENTION_WARNING_DAYS,
  ruleById,
  type RetentionRule,
} from "./retention-rules";

/** The path of the warning mail's cancel link (its token is scrubbed from logs: server/lib/log-scrub.ts). */
export const RETENTION_CANCEL_PATH = "/conservation/annulation/";

type Run = (
  userId: string,
  command: ErasureCommand,
  actor: string,
  inTransaction?: CommandOptions["inTransaction"],
) => Promise<unknown>;

interface Deps {
  sql: Db;
  ctx: DecideContext;
  publicUrl: string;
  enqueue?: EnqueueIn;
}

interface Candidate {
  userId: string;
  email: string;
  locale: string;
  firstName: string;
}

/**
 * Retention (issue 30, ADR 0048): candidates a rule catches are warned 30 days ahead by an
 * erasure request (`requestedBy: "retention"`, due in 30 days) and a mail with a one-click
 * cancel link; the daily carry-out step erases them when it falls due. Signing in or the link
 * cancels it and counts as activity.
 */
export function retentionCommands(
  { sql, ctx, publicUrl, enqueue }: Deps,
  run: Run,
  applications: Pick<RefusalRetentionPort, "anonymiseRefusedApplications">,
) {
  /**
   * Candidates with no open request whose last activity is before `limit` (and, for the abroad
   * rule, living outside CH/FR). Activity is read from the read models: the account's creation,
   * the last sign-in or cancelled warning, the last application, the last profile change.
   */
  async function caught(rule: RetentionRule, limit: Date): Promise<Candidate[]> {
    const abroad = rule.id === "candidate-abroad";
    return sql<Candidate[]>`
      select u.id as "userId", u.email, u.locale, u.first_name as "firstName"
      from rm_users u
      left join retention_activity ra on ra.user_id = u.id
      left join rm_profiles p on p.user_id = u.id
      left join rm_candidates c on c.user_id = u.id
      left join rm_erasure_requests r on r.user_id = u.id
      where u.role = 'CANDIDATE' and (r.status is null or r.status = 'cancelled')
        and (${abroad} or not coalesce(p.talent_pool, false))
        and greatest(u.created_at, ra.active_at, p.updated_at,
          (select max(a.created_at) from rm_applications a where a.candidate_id = u.id)) <= ${limit}
        and (${!abroad} or coalesce(p.address->>'country', c.country) <> all(${sql.array([...HOME_COUNTRIES])}))
      order by u.id limit 500`;
  }

  async function warn(rule: RetentionRule, person: Candidate): Promise<void> {
    const token = randomToken(32);
    const request: ErasureCommand = {
      type: "Request",
      userId: person.userId,
      requestedBy: "retention",
      dueInDays: RETENTION_WARNING_DAYS,
      rule: rule.id,
      cancelTokenHash: hashToken(token),
    };
    const due = new Date(ctx.clock.now().getTime() + RETENTION_WARNING_DAYS * 86_400_000);
    await run(person.userId, request, "system", async (tx) => {
      await queueMail(
        tx,
        {
          to: person.email,
          locale: person.locale,
          template: "retentionWarning",
          params: {
            firstName: person.firstName,
            date: due.toISOString().slice(0, 10),
            link: `${publicUrl}${RETENTION_CANCEL_PATH}${token}`,
          },
        },
        enqueue,
      );
    });
  }

  /** Activity that restarts every delay: a sign-in, or the warning's link. */
  const recordActivity = (userId: string) =>
    sql`insert into retention_activity (user_id, active_at) values (${userId}, ${ctx.clock.now()})
      on conflict (user_id) do update set active_at = excluded.active_at`;

  const pendingByToken = async (token: string) => {
    const [r] = await sql<{ userId: string; dueAt: Date }[]>`
      select user_id as "userId", due_at as "dueAt" from rm_erasure_requests
      where cancel_token_hash = ${hashToken(token)} and status = 'pending' and requested_by = 'retention'`;
    return r ?? null;
  };

  return {
    /**
     * The daily job: warns the candidates each erasing rule catches 30 days from now, and
     * anonymises the refusals past their period. Returns how many of each.
     */
    async applyRetention(): Promise<{ warned: number; anonymised: number }> {
      let warned = 0;
      for (const rule of RETENTION_RULES.filter((r) => r.erases))
        for (const person of await caught(rule, activityLimit(rule, ctx.clock.now(), RETENTION_WARNING_DAYS))) {
          await warn(rule, person);
          warned++;
        }
      const refusals = ruleById("refused-applications")!;
      const anonymised = await applications.anonymiseRefusedApplications(activityLimit(refusals, ctx.clock.now()));
      return { warned, anonymised };
    },

    /** Sign-in (app/utils/sign-in.server.ts): counts as activity and cancels a retention warning. */
    async signedIn(userId: string): Promise<void> {
      await recordActivity(userId);
      const [r] = await sql`select 1 from rm_erasure_requests
        where user_id = ${userId} and status = 'pending' and requested_by = 'retention'`;
      if (r) await run(userId, { type: "Cancel", by: "sign-in" }, userId);
    },

    /** The warning link's page: when the erasure would happen, or null when the link is unknown or spent. */
    async retentionWarning(token: string): Promise<{ dueAt: string } | null> {
      const r = await pendingByToken(token);
      return r ? { dueAt: r.dueAt.toISOString() } : null;
    },

    /** The warning link's button: cancels that retention erasure. False when the link is unknown or spent. */
    async cancelRetention(token: string): Promise<boolean> {
      const r = await pendingByToken(token);
      if (!r) return false;
      await run(r.userId, { type: "Cancel", by: "link" }, r.userId);
      await recordActivity(r.userId);
      return true;
    },
  };
}
