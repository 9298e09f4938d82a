import type { Tx } from "../../event-store/types";
import { choicesOf, unsubscribeToken } from "./communication";
import { deliveryOf } from "./communication-rules";
import { queueMail, type EnqueueIn, type MailRequest } from "./outbox";

/** The path of a one-click unsubscribe link (scrubbed from logs: server/lib/log-scrub.ts). */
export const UNSUBSCRIBE_PATH = "/communication/desabonnement";

/**
 * Queues the mail of a notice as its recipient chose (ADR 0047): not at all when they turned this
 * kind's mails off, in the language they chose for mails, with a one-click unsubscribe link for
 * its kind (none for mandatory mails). Returns the outbox id, or null when not sent.
 */
export async function queueNoticeMail(
  tx: Tx,
  mail: MailRequest & { userId: string; noticeKind: string },
  { enqueue, publicUrl }: { enqueue?: EnqueueIn; publicUrl: string },
): Promise<string | null> {
  const choices = await choicesOf(tx, mail.userId);
  const { mail: wanted, kind } = deliveryOf(choices, mail.noticeKind);
  if (!wanted) return null;
  const params = { ...mail.params };
  if (kind)
    params.unsubscribe = `${publicUrl.replace(/\/+$/, "")}${UNSUBSCRIBE_PATH}/${await unsubscribeToken(tx, mail.userId, kind)}`;
  return queueMail(
    tx,
    { to: mail.to, locale: choices?.mailLocale ?? mail.locale, template: mail.template, params },
    enqueue,
  );
}
