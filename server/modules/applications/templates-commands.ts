import { handleCommand } from "../../event-store/command";
import type { DecideContext } from "../../event-store/decider";
import type { EventStore } from "../../event-store/store";
import type { Db, Tx } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { AppError } from "../../lib/errors";
import type { Actor } from "../identity/contract";
import { queueMail, type EnqueueIn } from "../notifications";
import {
  mayHandleApplications,
  mayManageTemplates,
  renderPlaceholders,
  STATUS,
  type PlaceholderValues,
  type TemplateDraft,
} from "./contract";
import type { RefusalMail } from "./decider";
import { applicationStream, type ApplicationEvent } from "./events";
import { candidateListOf } from "./notices";
import { checkedText, templatesDecider, templatesStream, type Editor, type TemplateCommand } from "./templates";
import { mailTarget, personName, refusalTemplate } from "./templates-queries";

export interface TemplateDeps {
  store: EventStore;
  ctx: DecideContext;
  enqueue?: EnqueueIn;
  publicUrl: string;
}

type RecordMail = (
  actor: Actor,
  applicationId: string,
  mail: { purpose: string; subject: string; body: string },
  queue: (tx: Tx) => Promise<string>,
) => Promise<string>;

export function templateCommands({ store, ctx, enqueue, publicUrl }: TemplateDeps) {
  const sql = store.sql as Db;

  const editor = (actor: Actor): Editor => {
    if (!mayManageTemplates(actor)) throw new AppError("forbidden", "not_authorized");
    return { agencyId: actor.agencyId!, userId: actor.id };
  };
  const run = (by: Editor, command: TemplateCommand) =>
    handleCommand(store, templatesDecider, templatesStream(by.agencyId), command, ctx, {
      actor: by.userId,
      tenant: by.agencyId,
    });
  const known = (templateId: string) => {
    if (!isUuid(templateId)) throw new AppError("not_found", "templates.not_found");
  };

  const commands = {
    /** A new template of the actor's agency; returns its id. */
    async createTemplate(actor: Actor, draft: TemplateDraft): Promise<string> {
      const by = editor(actor);
      const templateId = ctx.ids.uuid();
      await run(by, { type: "CreateTemplate", by, templateId, draft });
      return templateId;
    },
    /** Renames or rewrites a template (purpose and language too); an unchanged one records nothing. */
    async changeTemplate(actor: Actor, templateId: string, draft: TemplateDraft) {
      const by = editor(actor);
      known(templateId);
      await run(by, { type: "ChangeTemplate", by, templateId, draft });
    },
    async deleteTemplate(actor: Actor, templateId: string) {
      const by = editor(actor);
      known(templateId);
      await run(by, { type: "DeleteTemplate", by, templateId });
    },
  };

  /**
   * The agency's refusal mail for this application, placeholders filled: its refusal template in
   * the candidate's language, else null (the standard text, translated in all five languages: a
   * template in another language would reach the candidate in a language they did not choose).
   * The consultant is whoever refused, else the application's consultant.
   */
  async function refusalMail(applicationId: string): Promise<RefusalMail | null> {
    const target = await mailTarget(sql, null, applicationId);
    if (!target) return null;
    const template = await refusalTemplate(sql, target.agencyId, target.locale);
    if (!template) return null;
    const events = await store.readStream<ApplicationEvent>(applicationStream(applicationId));
    const refusal = events.findLast((e) => e.type === "ApplicationStatusChanged" && e.data.to === STATUS.rejected);
    const [{ consultantId } = { consultantId: null }] = await sql<
      { consultantId: string | null }[]
    >`select consultant_id as "consultantId" from rm_applications where id = ${applicationId}`;
    const refuser = refusal?.metadata.actor && isUuid(refusal.metadata.actor) ? refusal.metadata.actor : consultantId;
    const values: PlaceholderValues = { ...target.values, consultant: await personName(sql, refuser) };
    return {
      templateId: template.id,
      subject: renderPlaceholders(template.subject, values),
      body: renderPlaceholders(template.body, values),
    };
  }

  /**
   * A mail to an application's candidate, from one of the agency's templates (its text, or the
   * consultant's edit of it) or written freely; placeholders filled with this application's
   * values. It is queued and recorded on the timeline in one transaction (recordMail).
   */
  const mailSender =
    (recordMail: RecordMail) =>
    async (
      actor: Actor,
      applicationId: string,
      input: { templateId?: string | null; subject?: string; body?: string },
    ) => {
      if (!mayHandleApplications(actor)) throw new AppError("forbidden", "not_authorized");
      const target = await mailTarget(sql, actor, applicationId);
      if (!target) throw new AppError("not_found", "application_not_found");
      let template: { purpose: string; subject: string; body: string } | undefined;
      if (input.templateId) {
        // the application's agency's templates only: another agency's id reads as missing
        [template] = isUuid(input.templateId)
          ? await sql<
              { purpose: string; subject: string; body: string }[]
            >`select purpose, subject, body from rm_reply_templates where id = ${input.templateId} and agency_id = ${target.agencyId}`
          : [];
        if (!template) throw new AppError("not_found", "templates.not_found", "templateId");
      }
      const text = checkedText(input.subject ?? template?.subject, input.body ?? template?.body);
      // a disabled (or erased) account gets no mail: the consultant is told, not left believing it went
      if (!target.enabled) throw new AppError("conflict", "templates.candidate_unreachable");
      const values: PlaceholderValues = { ...target.values, consultant: await personName(sql, actor.id) };
      const mail = {
        purpose: template?.purpose ?? "custom",
        subject: renderPlaceholders(text.subject, values),
        body: renderPlaceholders(text.body, values),
      };
      const params = {
        name: target.firstName,
        subject: mail.subject,
        body: mail.body,
        agency: target.values.agency,
        link: `${publicUrl}${candidateListOf(target.status)}`,
      };
      const outboxId = await recordMail(actor, applicationId, mail, (tx) =>
        queueMail(tx, { to: target.email, locale: target.locale, template: "customEmail", params }, enqueue),
      );
      return { outboxId, ...mail };
    };

  return { commands, refusalMail, mailSender };
}
