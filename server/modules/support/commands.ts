import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, Tx } from "../../event-store/types";
import type { Storage } from "../../infra/storage";
import { AppError } from "../../lib/errors";
import { checkFile, cleanFileName } from "../../lib/uploads";
import { isPlatformAdmin, type Actor } from "../identity/contract";
import { queueMail, type EnqueueIn } from "../notifications";
import { faqDecider, supportDecider, type FaqCommand, type SupportCommand } from "./decider";
import { faqStream, supportStream, type FaqTexts } from "./events";
import type { ContactInput, FaqEntryForm } from "./forms";
import { kindsFor, LANGUAGES, type RequestKind } from "./rules";

/** What a request is opened with besides the form: the requester's language and, maybe, a file. */
export interface OpenOptions {
  locale: string;
  attachment?: { name: string; bytes: Uint8Array } | null;
  /** the rate limit, consumed once the input is valid (a refused form costs nothing) */
  admit?: () => Promise<void>;
}

const adminOnly = (actor: Actor) => {
  // the editor and the inbox do not exist for anyone else: not found, as a foreign id
  if (!isPlatformAdmin(actor)) throw new AppError("not_found", "errors.notFound");
};

export const textsOf = (form: FaqEntryForm): FaqTexts =>
  Object.fromEntries(
    LANGUAGES.map((l) => [l, { question: form[`question_${l}`], answer: form[`answer_${l}`] }]),
  ) as FaqTexts;

export function supportCommands({
  sql,
  store,
  ctx,
  storage,
  enqueue,
  publicUrl,
}: {
  sql: Db;
  store: EventStore;
  ctx: DecideContext;
  storage: Storage;
  enqueue?: EnqueueIn;
  publicUrl: string;
}) {
  const onFaq = (faqId: string, command: FaqCommand, actor: Actor) =>
    handleCommand(store, faqDecider(faqId), faqStream(faqId), command, ctx, { actor: actor.id });
  const onRequest = (
    requestId: string,
    command: SupportCommand,
    actor: Actor | null,
    inTransaction?: (tx: Tx) => Promise<void>,
  ) =>
    handleCommand(
      store,
      supportDecider(requestId),
      supportStream(requestId),
      command,
      ctx,
      { actor: actor?.id ?? "anonymous" },
      { inTransaction },
    );
  const requestRow = async (requestId: string) => {
    const [row] = await sql<{ requesterId: string | null; email: string; locale: string; name: string }[]>`
      select requester_id as "requesterId", email, locale, name from rm_support_requests where id = ${requestId}`;
    if (!row) throw new AppError("not_found", "errors.notFound");
    return row;
  };

  /**
   * Opens a request (the contact form, or another module: the erasure's deletion requests) and
   * mails its confirmation in the requester's language in the same transaction. A visitor's
   * request has no account (`actor` null); deletion and export are a candidate's kinds.
   */
  const openRequest = async (actor: Actor | null, input: ContactInput, options: OpenOptions) => {
    if (!kindsFor(actor?.role).includes(input.kind)) throw new AppError("invalid", "errors.kind", "kind");
    const requestId = ctx.ids.uuid();
    let attachment: { id: string; name: string } | null = null;
    if (options.attachment && options.attachment.bytes.byteLength > 0) {
      const name = cleanFileName(options.attachment.name);
      await checkFile(name, options.attachment.bytes, "attachment");
      attachment = { id: ctx.ids.uuid(), name };
    }
    await options.admit?.();
    if (attachment) await storage.put(attachment.id, options.attachment!.bytes);
    try {
      await onRequest(
        requestId,
        { type: "Open", requesterId: actor?.id ?? null, ...input, locale: options.locale, attachment },
        actor,
        async (tx) => {
          await queueMail(
            tx,
            {
              to: input.email,
              locale: options.locale,
              template: "supportReceived",
              params: {
                name: input.name,
                reference: requestId.slice(0, 8),
                ...(actor ? { link: `${publicUrl}/support/demandes/${requestId}` } : {}),
              },
            },
            enqueue,
          );
        },
      );
    } catch (error) {
      // nothing refers to the file: it goes with the request that failed
      if (attachment) await storage.remove(attachment.id);
      throw error;
    }
    return requestId;
  };

  return {
    openRequest,
    /** A request of a kind for a signed-in person (the erasure module's entry: deletion, data_export). */
    async openRequestOfKind(
      actor: Actor & { email: string; firstName: string; lastName: string; locale: string },
      kind: RequestKind,
      message: string,
    ) {
      const name = `${actor.firstName} ${actor.lastName}`.trim() || actor.email;
      return openRequest(
        actor,
        { kind, topic: "privacy", name, email: actor.email, message },
        { locale: actor.locale },
      );
    },
    /** An admin's answer: mailed to the requester in their language, shown in their history. */
    async answerRequest(actor: Actor, requestId: string, message: string) {
      adminOnly(actor);
      const row = await requestRow(requestId);
      await onRequest(requestId, { type: "Answer", by: actor.id, message }, actor, async (tx) => {
        await queueMail(
          tx,
          {
            to: row.email,
            locale: row.locale,
            template: "supportAnswered",
            params: {
              name: row.name,
              answer: message,
              reference: requestId.slice(0, 8),
              ...(row.requesterId ? { link: `${publicUrl}/support/demandes/${requestId}` } : {}),
            },
          },
          enqueue,
        );
      });
    },
    /** The requester's reply, which reopens the request; someone else's request is not found. */
    async replyToRequest(actor: Actor, requestId: string, message: string) {
      const row = await requestRow(requestId);
      if (row.requesterId !== actor.id) throw new AppError("not_found", "errors.notFound");
      await onRequest(requestId, { type: "Reply", by: actor.id, message }, actor);
    },
    async setRequestStatus(actor: Actor, requestId: string, status: "in_progress" | "closed") {
      adminOnly(actor);
      await requestRow(requestId);
      await onRequest(requestId, { type: "SetStatus", by: actor.id, status }, actor);
    },
    async writeFaqEntry(actor: Actor, faqId: string | null, form: FaqEntryForm) {
      adminOnly(actor);
      const id = faqId ?? ctx.ids.uuid();
      if (faqId) {
        const [row] = await sql`select 1 from rm_faq_entries where id = ${faqId}`;
        if (!row) throw new AppError("not_found", "errors.notFound");
      }
      await onFaq(id, { type: "Write", topic: form.topic, audiences: form.audiences, texts: textsOf(form) }, actor);
      return id;
    },
    async publishFaqEntry(actor: Actor, faqId: string, published: boolean) {
      adminOnly(actor);
      await onFaq(faqId, { type: "Publish", published }, actor);
    },
    async moveFaqEntry(actor: Actor, faqId: string, position: number) {
      adminOnly(actor);
      await onFaq(faqId, { type: "Move", position }, actor);
    },
  };
}
