import type { Projection, Tx } from "../../event-store/types";
import { TEMPLATE_EVENT_TYPES, type TemplateEvent } from "./templates";

/** rm_reply_templates: inline, so the management page and the mail form read their own writes. */
export const templatesProjection: Projection<TemplateEvent> = {
  name: "reply-templates",
  eventTypes: TEMPLATE_EVENT_TYPES,
  tables: ["rm_reply_templates"],
  async apply(tx: Tx, events) {
    for (const e of events) {
      const at = e.createdAt;
      switch (e.type) {
        case "ReplyTemplateCreated": {
          const d = e.data;
          await tx`insert into rm_reply_templates (id, agency_id, purpose, language, name, subject, body, created_by, created_at, updated_at)
            values (${d.templateId}, ${d.agencyId}, ${d.purpose}, ${d.language}, ${d.name}, ${d.subject}, ${d.body}, ${d.createdBy}, ${at}, ${at})
            on conflict (id) do nothing`;
          break;
        }
        case "ReplyTemplateChanged": {
          const d = e.data;
          await tx`update rm_reply_templates set purpose = ${d.purpose}, language = ${d.language}, name = ${d.name}, subject = ${d.subject}, body = ${d.body}, updated_at = ${at}
            where id = ${d.templateId} and agency_id = ${d.agencyId}`;
          break;
        }
        case "ReplyTemplateDeleted":
          await tx`delete from rm_reply_templates where id = ${e.data.templateId} and agency_id = ${e.data.agencyId}`;
          break;
      }
    }
  },
};
