import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import {
  isTemplateLanguage,
  TEMPLATE_BODY_MAX,
  TEMPLATE_NAME_MAX,
  TEMPLATE_PURPOSES,
  TEMPLATE_SUBJECT_MAX,
  TEMPLATES_MAX,
  unknownPlaceholders,
  type TemplateDraft,
  type TemplateLanguage,
  type TemplatePurpose,
} from "./contract";

/**
 * Reply templates: one stream per agency, `reply-templates-<agencyId>`, so the rules over all of
 * an agency's templates (a name once per purpose and language, at most TEMPLATES_MAX) are decided
 * on one consistent state. A template is the agency's text, not a person's data: not sealed.
 */
export const templatesStream = (agencyId: string) => `reply-templates-${agencyId}`;

type TemplateData = {
  agencyId: string;
  templateId: string;
  purpose: TemplatePurpose;
  language: TemplateLanguage;
  name: string;
  subject: string;
  body: string;
};

export interface ReplyTemplateCreated {
  type: "ReplyTemplateCreated";
  data: TemplateData & { createdBy: string };
}
export interface ReplyTemplateChanged {
  type: "ReplyTemplateChanged";
  data: TemplateData;
}
export interface ReplyTemplateDeleted {
  type: "ReplyTemplateDeleted";
  data: { agencyId: string; templateId: string };
}
export type TemplateEvent = ReplyTemplateCreated | ReplyTemplateChanged | ReplyTemplateDeleted;
export const TEMPLATE_EVENT_TYPES = [
  "ReplyTemplateCreated",
  "ReplyTemplateChanged",
  "ReplyTemplateDeleted",
] as const satisfies readonly TemplateEvent["type"][];

/** A member of the agency's staff acting on its templates (the commands checked the role). */
export interface Editor {
  agencyId: string;
  userId: string;
}

export type TemplateCommand =
  | { type: "CreateTemplate"; by: Editor; templateId: string; draft: TemplateDraft }
  | { type: "ChangeTemplate"; by: Editor; templateId: string; draft: TemplateDraft }
  | { type: "DeleteTemplate"; by: Editor; templateId: string };

export interface TemplateSummary {
  id: string;
  purpose: TemplatePurpose;
  language: TemplateLanguage;
  name: string;
  subject: string;
  body: string;
}
export interface TemplatesState {
  templates: TemplateSummary[];
}

/** Names compare as people read them: "Refus poli" and " refus  Poli" are one. */
const cleanName = (name: string) => name.normalize("NFC").trim().replace(/\s+/g, " ");
const sameName = (a: string, b: string) => a.localeCompare(b, undefined, { sensitivity: "accent" }) === 0;

/**
 * The rules, also for input that did not come through the form's schema (the API, a script):
 * the schema's messages are the same keys, on the same fields.
 */
function checked(draft: TemplateDraft, templates: TemplateSummary[], exceptId?: string): TemplateDraft {
  const name = cleanName(draft.name ?? "");
  if (!name) throw new AppError("invalid", "validation.required", "name");
  if (name.length > TEMPLATE_NAME_MAX) throw new AppError("invalid", "validation.too_long", "name");
  if (!(TEMPLATE_PURPOSES as readonly string[]).includes(draft.purpose))
    throw new AppError("invalid", "validation.invalid_choice", "purpose");
  if (!isTemplateLanguage(draft.language)) throw new AppError("invalid", "validation.invalid_choice", "language");
  const { subject, body } = checkedText(draft.subject, draft.body);
  const taken = templates.some(
    (t) => t.id !== exceptId && t.purpose === draft.purpose && t.language === draft.language && sameName(t.name, name),
  );
  if (taken) throw new AppError("conflict", "templates.name_taken", "name");
  return { ...draft, name, subject, body };
}

/** A subject and body as a mail may carry them (a template's, or a mail written freely): the same rules everywhere. */
export function checkedText(subjectIn: string | undefined, bodyIn: string | undefined) {
  const subject = (subjectIn ?? "").trim();
  const body = (bodyIn ?? "").replace(/\r\n?/g, "\n").trim();
  for (const [field, text, max] of [
    ["subject", subject, TEMPLATE_SUBJECT_MAX],
    ["body", body, TEMPLATE_BODY_MAX],
  ] as const) {
    if (!text) throw new AppError("invalid", "validation.required", field);
    if (text.length > max) throw new AppError("invalid", "validation.too_long", field);
    if (unknownPlaceholders(text).length) throw new AppError("invalid", "templates.unknown_placeholder", field);
  }
  // a subject is a mail header: a line break there could add headers
  if (/[\r\n]/.test(subject)) throw new AppError("invalid", "validation.control_characters", "subject");
  return { subject, body };
}

function existing(state: TemplatesState, templateId: string) {
  const template = state.templates.find((t) => t.id === templateId);
  // another agency's template is not in this stream: it reads as missing, never as forbidden
  if (!template) throw new AppError("not_found", "templates.not_found");
  return template;
}

export const templatesDecider: Decider<TemplateCommand, TemplatesState, TemplateEvent> = {
  initialState: { templates: [] },
  evolve(state, e) {
    switch (e.type) {
      case "ReplyTemplateCreated": {
        const { templateId: id, purpose, language, name, subject, body } = e.data;
        return { templates: [...state.templates, { id, purpose, language, name, subject, body }] };
      }
      case "ReplyTemplateChanged": {
        const { templateId: id, purpose, language, name, subject, body } = e.data;
        return {
          templates: state.templates.map((t) => (t.id === id ? { id, purpose, language, name, subject, body } : t)),
        };
      }
      case "ReplyTemplateDeleted":
        return { templates: state.templates.filter((t) => t.id !== e.data.templateId) };
      default:
        return state;
    }
  },
  decide(command, state): TemplateEvent[] {
    const { agencyId } = command.by;
    switch (command.type) {
      case "CreateTemplate": {
        if (state.templates.some((t) => t.id === command.templateId)) return [];
        const draft = checked(command.draft, state.templates);
        if (state.templates.length >= TEMPLATES_MAX) throw new AppError("conflict", "templates.limit");
        return [
          {
            type: "ReplyTemplateCreated",
            data: { agencyId, templateId: command.templateId, ...draft, createdBy: command.by.userId },
          },
        ];
      }
      case "ChangeTemplate": {
        const before = existing(state, command.templateId);
        const draft = checked(command.draft, state.templates, before.id);
        const same = (["purpose", "language", "name", "subject", "body"] as const).every((k) => before[k] === draft[k]);
        return same ? [] : [{ type: "ReplyTemplateChanged", data: { agencyId, templateId: before.id, ...draft } }];
      }
      case "DeleteTemplate":
        existing(state, command.templateId);
        return [{ type: "ReplyTemplateDeleted", data: { agencyId, templateId: command.templateId } }];
    }
  },
};
