import { json, type ActionFunctionArgs } from "@remix-run/node";
import { can } from "~/utils/abilities";
import { attempt } from "~/utils/action.server";
import { getUser } from "~/utils/auth.server";
import { customMailApiSchema, mayHandleApplications } from "#server/modules/applications/contract";

/** What the endpoint answers: the mail sent, or why not (a spec error key, and the field it is about). */
export type CustomMailAnswer =
  | { ok: true; outboxId: string; purpose: string; subject: string; body: string }
  | { ok: false; error: string; field?: string };

const headers = { "Cache-Control": "no-store" };
const refuse = (error: string, status: number, field?: string) =>
  json<CustomMailAnswer>({ ok: false, error, ...(field ? { field } : {}) }, { status, headers });

/**
 * POST /api/customemail/send (spec section 7): a mail to an application's candidate, from a
 * template (`templateId`, sent as written, placeholders filled) or a `subject` and `body` (with
 * a `templateId`, its purpose is recorded). JSON or form fields in; JSON out, never a redirect:
 * 401 unauthenticated, 403 not_authorized, 400 invalid input (field named), 404
 * application_not_found / templates.not_found (also for a malformed id), 409 templates.candidate_unreachable.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return refuse("method_not_allowed", 405);
  const user = await getUser(request, context);
  if (!user) return refuse("unauthenticated", 401);
  if (!can(user.role, "agency.applications") || !mayHandleApplications(user)) return refuse("not_authorized", 403);

  const input = await readInput(request);
  if (!input) return refuse("invalid_json", 400);
  const parsed = customMailApiSchema.safeParse(input);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return refuse(
      issue.message,
      issue.message.endsWith("not_found") ? 404 : 400,
      issue.path.length ? issue.path.join(".") : undefined,
    );
  }
  const { applicationId, ...mail } = parsed.data;
  const done = await attempt(() => context.services.applications.sendMail(user, applicationId, mail));
  if (!done.ok) return refuse(done.error.key, done.status, done.error.field);
  return json<CustomMailAnswer>({ ok: true, ...done.value }, { headers });
}

/** Only POST is served (a GET would be a mail sent by following a link). */
export const loader = () => refuse("method_not_allowed", 405);

async function readInput(request: Request): Promise<Record<string, unknown> | null> {
  if ((request.headers.get("Content-Type") ?? "").includes("application/json")) {
    const body: unknown = await request.json().catch(() => null);
    return body && typeof body === "object" && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  }
  // form fields: empty ones are absent (a form always sends every field)
  const form = await request.formData().catch(() => null);
  return form && Object.fromEntries([...form].filter(([, v]) => typeof v === "string" && v !== ""));
}
