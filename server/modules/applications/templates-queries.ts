import type { Db } from "../../event-store/types";
import { isUuid } from "../../lib/contract";
import { tenantFilter } from "../../lib/tenancy";
import type { Actor } from "../identity/contract";
import {
  mayHandleApplications,
  renderPlaceholders,
  type PlaceholderValues,
  type StatusCode,
  type TemplateLanguage,
  type TemplatePurpose,
} from "./contract";

export interface TemplateRow {
  id: string;
  purpose: TemplatePurpose;
  language: TemplateLanguage;
  name: string;
  subject: string;
  body: string;
  updatedAt: Date;
  /** the template the automatic refusal mail uses in its language (the oldest refusal one) */
  forRefusals: boolean;
}

/** An application as a mail to its candidate needs it: who, in which language, and the placeholders' values. */
export interface MailTarget {
  agencyId: string;
  status: StatusCode;
  email: string;
  locale: string;
  firstName: string;
  enabled: boolean;
  values: Omit<PlaceholderValues, "consultant">;
}

/** The application's candidate and ad, for an actor who may handle it (null: not found for them). */
export async function mailTarget(sql: Db, actor: Actor | null, applicationId: string): Promise<MailTarget | null> {
  if (!isUuid(applicationId)) return null;
  const [row] = await sql<
    {
      agencyId: string;
      status: StatusCode;
      email: string;
      locale: string;
      firstName: string;
      enabled: boolean;
      candidate: string;
      ad: string;
      agency: string;
    }[]
  >`
    select a.agency_id as "agencyId", a.status, u.email, u.locale, u.first_name as "firstName", u.enabled,
      trim(u.first_name || ' ' || u.last_name) as candidate, a.ad_title as ad, a.agency_name as agency
    from rm_applications a join rm_users u on u.id = a.candidate_id
    where a.id = ${applicationId} and ${actor ? tenantFilter(sql, actor, "a", { clientColumn: null }) : sql`true`}`;
  if (!row) return null;
  const { candidate, ad, agency, ...rest } = row;
  return { ...rest, values: { candidate, ad, agency } };
}

export const personName = async (sql: Db, userId: string | null) => {
  if (!userId || !isUuid(userId)) return "";
  const [row] = await sql<
    { name: string }[]
  >`select trim(first_name || ' ' || last_name) as name from rm_users where id = ${userId}`;
  return row?.name ?? "";
};

/** The refusal template of an agency in a language: the oldest, so editing one never changes which is used. */
export async function refusalTemplate(sql: Db, agencyId: string, language: string) {
  const [row] = await sql<
    { id: string; subject: string; body: string }[]
  >`select id, subject, body from rm_reply_templates
    where agency_id = ${agencyId} and purpose = 'refusal' and language = ${language} order by created_at, id limit 1`;
  return row ?? null;
}

export function templateQueries(sql: Db) {
  const columns = sql`t.id, t.purpose, t.language, t.name, t.subject, t.body, t.updated_at as "updatedAt",
    (t.purpose = 'refusal' and row_number() over (partition by t.agency_id, t.purpose, t.language order by t.created_at, t.id) = 1) as "forRefusals"`;
  return {
    /** The agency's templates (the actor's; a platform admin's: every agency's, so the page refuses them). */
    async replyTemplates(actor: Actor): Promise<TemplateRow[]> {
      return sql<
        TemplateRow[]
      >`select ${columns} from rm_reply_templates t where ${tenantFilter(sql, actor, "t", { clientColumn: null })}
        order by t.purpose, t.language, lower(t.name), t.id`;
    },

    async replyTemplate(actor: Actor, templateId: string): Promise<TemplateRow | null> {
      if (!isUuid(templateId)) return null;
      const [row] = await sql<
        TemplateRow[]
      >`select * from (select ${columns} from rm_reply_templates t where ${tenantFilter(sql, actor, "t", { clientColumn: null })}) x
        where x.id = ${templateId}`;
      return row ?? null;
    },

    /**
     * The mail form of an application's page: the agency's templates (the candidate's language
     * first) and, once one is picked, its subject and body with the placeholders filled in.
     */
    async mailComposer(actor: Actor, applicationId: string, picked?: string | null) {
      if (!mayHandleApplications(actor)) return null;
      const target = await mailTarget(sql, actor, applicationId);
      if (!target) return null;
      const templates = await sql<
        {
          id: string;
          name: string;
          purpose: TemplatePurpose;
          language: TemplateLanguage;
          subject: string;
          body: string;
        }[]
      >`
        select id, name, purpose, language, subject, body from rm_reply_templates where agency_id = ${target.agencyId}
        order by language = ${target.locale} desc, language, purpose, lower(name), id`;
      const values: PlaceholderValues = { ...target.values, consultant: await personName(sql, actor.id) };
      const chosen = templates.find((t) => t.id === picked);
      return {
        language: target.locale,
        reachable: target.enabled,
        templates: templates.map(({ id, name, purpose, language }) => ({ id, name, purpose, language })),
        picked: chosen
          ? {
              id: chosen.id,
              purpose: chosen.purpose,
              subject: renderPlaceholders(chosen.subject, values),
              body: renderPlaceholders(chosen.body, values),
            }
          : null,
      };
    },
  };
}
