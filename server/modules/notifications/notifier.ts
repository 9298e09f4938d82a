import { createHash } from "node:crypto";
import type { ProcessorDefinition } from "../../event-store/processor";
import type { EventStore } from "../../event-store/store";
import type { StoredEvent } from "../../event-store/types";
import type { Logger } from "../../lib/logger";
import type { NoticeSource } from "../module";
import { notificationRaised, notificationsStream } from "./in-app";
import { choicesOf } from "./communication";
import { deliveryOf } from "./communication-rules";
import { queueNoticeMail } from "./notice-mail";
import type { EnqueueIn } from "./outbox";
import { queuePushes } from "./push";

/** What the notifier needs of identity: where and in which language to write to a person. */
export interface RecipientPort {
  userById(id: string): Promise<{ email: string; locale: string; firstName: string; enabled: boolean } | null>;
}

/**
 * The notifier: every module's notices (their manifests' `notices`) become in-app notifications
 * (pushed to the person's devices) and mails, as each person chose on /communication (communication-rules.ts decides, ADR 0047).
 * Transactional: the notification, its push jobs, the mail in the outbox and the checkpoint commit together, so
 * each event notifies exactly once, also after a crash or a replay.
 */
export function notifierProcessor({
  store,
  sources,
  recipients,
  enqueue,
  logger,
  publicUrl,
}: {
  store: EventStore;
  sources: readonly NoticeSource[];
  recipients: RecipientPort;
  enqueue?: EnqueueIn;
  logger: Logger;
  publicUrl: string;
}): ProcessorDefinition {
  const site = { publicUrl: publicUrl.replace(/\/+$/, "") };
  const byType = new Map<string, NoticeSource[]>();
  for (const source of sources)
    for (const type of source.eventTypes) byType.set(type, [...(byType.get(type) ?? []), source]);

  return {
    name: "notifier",
    transactional: true,
    batchSize: 100,
    async handle(events, tx) {
      for (const event of events) {
        for (const [index, notice] of (byType.get(event.type) ?? []).flatMap((s) => s.notices(event, site)).entries()) {
          const person = await recipients.userById(notice.userId);
          // a closed account hears nothing, except the mail telling it why (a merge, ADR 0039)
          if (!person || (!person.enabled && !notice.toClosedAccount)) continue;
          const { inApp, mail } = deliveryOf(await choicesOf(tx, notice.userId), notice.kind);
          if (inApp) {
            const id = noticeId(event, index);
            await store.appendIn(tx, notificationsStream(notice.userId), "any", [notificationRaised(notice, id)], {
              actor: "system",
              causationId: String(event.globalPosition),
            });
            // pushes are the in-app notification reaching the person's devices (ADR 0050)
            await queuePushes(tx, notice.userId, id, enqueue);
          }
          if (notice.mail && mail)
            await queueNoticeMail(
              tx,
              {
                userId: notice.userId,
                noticeKind: notice.kind,
                to: person.email,
                locale: person.locale,
                template: notice.mail.template,
                params: { name: person.firstName, ...notice.mail.params },
              },
              { enqueue, publicUrl: site.publicUrl },
            );
        }
      }
      if (events.length) logger.debug({ events: events.length }, "notifier batch handled");
    },
  };
}

/** The same event always gives the same notification ids (a uuid made from its position). */
function noticeId(event: StoredEvent, index: number): string {
  const h = createHash("sha256").update(`notice:${event.globalPosition}:${index}`).digest("hex");
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}
