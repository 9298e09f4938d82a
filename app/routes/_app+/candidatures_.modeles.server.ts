import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { json, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { z } from "zod";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { i18next } from "~/utils/i18n.server";
import {
  isTemplateLanguage,
  mayManageTemplates,
  templateSchema,
  TEMPLATES_MAX,
} from "#server/modules/applications/contract";
import type { SessionUser } from "#server/modules/identity/contract";
import type { AppLoadContext } from "@remix-run/node";

const idSchema = z.string().uuid();
const PAGE = "/candidatures/modeles";

/** The agency's staff only: client users handle applications read-only and have no templates; a platform admin belongs to no agency. */
async function requireEditor(request: Request, context: AppLoadContext): Promise<SessionUser> {
  const user = await requireAbility(request, context, "agency.applications");
  if (!mayManageTemplates(user)) throw redirect("/not-authorized");
  return user;
}

/**
 * /candidatures/modeles: the agency's reply templates by purpose and language; create, edit
 * (?edit=<id>) and delete (?delete=<id> asks first, on the page itself: no JavaScript needed).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireEditor(request, context);
  const url = new URL(request.url);
  const [templates, locale] = await Promise.all([
    context.services.applications.replyTemplates(user),
    i18next.getLocale(request),
  ]);
  return json({
    templates: templates.map((x) => ({ ...x, updatedAt: x.updatedAt.toISOString() })),
    max: TEMPLATES_MAX,
    // a new template starts in the language the consultant works in
    language: isTemplateLanguage(locale) ? locale : "fr",
    editing: url.searchParams.get("edit"),
    confirmDelete: url.searchParams.get("delete"),
    saved: url.searchParams.get("saved"),
    deleted: url.searchParams.has("deleted"),
  });
}

export type TemplatesReply = {
  intent: string;
  templateId: string | null;
  result: SubmissionResult<string[]> | null;
  error: string | null;
};

export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireEditor(request, context);
  const { applications } = context.services;
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const rawId = String(form.get("templateId") ?? "");
  const templateId = idSchema.safeParse(rawId).success ? rawId : null;
  const failed = (error: string, status: number) =>
    json<TemplatesReply>({ intent, templateId, result: null, error }, { status });

  if (intent === "create" || intent === "change") {
    if (intent === "change" && !templateId) return failed("templates.not_found", 404);
    const submission = parseWithZod(form, { schema: templateSchema });
    if (submission.status !== "success")
      return json<TemplatesReply>({ intent, templateId, result: submission.reply(), error: null }, { status: 400 });
    const draft = submission.value;
    const done = await attempt(async () =>
      intent === "create"
        ? applications.createTemplate(user, draft)
        : (await applications.changeTemplate(user, templateId!, draft), templateId!),
    );
    if (done.ok) return redirect(`${PAGE}?saved=${done.value}`);
    return json<TemplatesReply>(
      { intent, templateId, result: replyWithError(submission, done.error), error: null },
      { status: done.status },
    );
  }
  if (intent === "delete") {
    if (!templateId) return failed("templates.not_found", 404);
    const done = await attempt(() => applications.deleteTemplate(user, templateId));
    return done.ok ? redirect(`${PAGE}?deleted`) : failed(done.error.key, done.status);
  }
  return failed("failed_operation", 400);
}
