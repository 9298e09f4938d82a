import { randomUUID } from "node:crypto";
import type { mailOutbox } from "../../../db/schema";
import type { Db, Tx } from "../../event-store/types";
import type { Cols } from "../../lib/rows";
import type { MailTransport } from "../../infra/mailer";
import { renderMail, type MailTemplate } from "./templates";

export interface MailRequest {
  to: string;
  locale: string;
  template: MailTemplate;
  params: Record<string, string>;
}

/** Enqueues a job inside a given transaction (pg-boss `send` with our transaction as its db). */
export type EnqueueIn = (
  tx: Tx,
  name: string,
  payload: object,
  options?: { singletonKey?: string; startAfter?: Date },
) => Promise<unknown>;

export const MAX_MAIL_ATTEMPTS = 5;

/**
 * Writes the mail in the caller's transaction, and its send job too when a queue is at hand:
 * both exist only if the event that caused them committed. The mail.sweep job picks up rows
 * written without a queue (seeds, CLI).
 */
export async function queueMail(tx: Tx, mail: MailRequest, enqueue?: EnqueueIn): Promise<string> {
  const id = randomUUID();
  await tx`insert into mail_outbox (id, recipient, locale, template, params)
    values (${id}, ${mail.to}, ${mail.locale}, ${mail.template}, ${tx.json(mail.params)})`;
  await enqueue?.(tx, "mail.send", { outboxId: id }, { singletonKey: id });
  return id;
}

const outboxColumns = (sql: Db) =>
  sql`id, recipient, locale, template, params, status, attempts, created_at as "createdAt"`;
type OutboxRow = Cols<
  typeof mailOutbox,
  "id" | "recipient" | "locale" | "template" | "params" | "status" | "attempts" | "createdAt",
  { template: MailTemplate; params: Record<string, string> }
>;

/**
 * Sends one outbox mail; idempotent (a mail no longer pending is left alone). A failure is
 * recorded and rethrown so the job is retried; after the last attempt the mail is "failed".
 */
export async function dispatchMail(
  sql: Db,
  outboxId: string,
  transport: MailTransport,
): Promise<"sent" | "kept" | "skipped"> {
  const [row] = await sql<OutboxRow[]>`select ${outboxColumns(sql)} from mail_outbox where id = ${outboxId}`;
  if (!row || row.status !== "pending") return "skipped";
  if (!transport) {
    await sql`update mail_outbox set status = 'kept', sent_at = now(), attempts = attempts + 1 where id = ${outboxId} and status = 'pending'`;
    return "kept";
  }
  try {
    const rendered = await renderMail(row.template, row.locale, row.params);
    await transport({ to: row.recipient, ...rendered });
    await sql`update mail_outbox set status = 'sent', sent_at = now(), attempts = attempts + 1, last_error = null where id = ${outboxId}`;
    return "sent";
  } catch (error) {
    const giveUp = row.attempts + 1 >= MAX_MAIL_ATTEMPTS;
    await sql`update mail_outbox set attempts = attempts + 1, last_error = ${String((error as Error).message ?? error).slice(0, 500)},
      status = ${giveUp ? "failed" : "pending"} where id = ${outboxId}`;
    throw error;
  }
}

/** Pending mails without a job (written outside the app, or whose job was lost), older than a minute. */
export async function strandedMails(sql: Db): Promise<string[]> {
  const rows = await sql<Cols<typeof mailOutbox, "id">[]>`
    select id from mail_outbox where status = 'pending' and created_at < now() - interval '1 minute' order by created_at limit 500`;
  return rows.map((r) => r.id);
}

/** The mail viewer's list (no SMTP configured): newest first, rendered. */
export async function keptMails(sql: Db, limit = 100) {
  const rows = await sql<OutboxRow[]>`
    select ${outboxColumns(sql)} from mail_outbox order by created_at desc limit ${limit}`;
  return Promise.all(
    rows.map(async (r) => ({
      id: r.id,
      to: r.recipient,
      status: r.status,
      createdAt: r.createdAt.toISOString(),
      ...(await renderMail(r.template, r.locale, r.params)),
    })),
  );
}
