import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { getFormProps } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { Form, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { ErrorList, TextField } from "~/components/forms/field";
import { useZodForm } from "~/components/forms/use-zod-form";
import { SelectField } from "~/components/forms/select-field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useLive } from "~/hooks/use-live";
import { can } from "~/utils/abilities";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { INVITABLE_ROLES } from "#server/modules/identity/contract";
import { PageHeader } from "~/components/page-header";
import { SubmitButton } from "~/components/submit-button";
import { StatusNotice } from "~/components/status-notice";
import { AgencyApplicationsPanel } from "~/components/applications/agency-stats";
import { AgencyGlance } from "~/components/dashboard/glances";
import { agencyGlance } from "~/utils/dashboard-glance.server";
import { logoAction } from "~/utils/agency-logo.server";
import { AgencyIdentity } from "~/components/dashboard/agency-logo-form";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "applications"] };

/**
 * Agency dashboard, updated live: applications, what matters now (ads, proposals, this week's
 * planning, timesheets), the agency's branches, team and clients; platform figures for admins.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.dashboard");
  const { agencies } = context.services;
  const now = new Date();
  const [overview, platform, applications, glance] = await Promise.all([
    user.agencyId ? agencies.overview(user) : null,
    user.role === "PLATFORM_ADMIN" ? agencies.platformCounts(user) : null,
    context.services.applications.agencyStats(user, now),
    agencyGlance(context.services, user, now.toISOString().slice(0, 10)),
  ]);
  return json({ me: user.id, firstName: user.firstName, canManageTeam: can(user.role, "agency.team"), overview, platform, applications, glance });
}

const inviteSchema = z.object({
  intent: z.literal("invite"),
  email: z.string({ required_error: "validation.required" }).trim().email("validation.email"),
  firstName: z.string({ required_error: "validation.required" }).trim().min(1).max(80),
  lastName: z.string({ required_error: "validation.required" }).trim().min(1).max(80),
  role: z.enum(INVITABLE_ROLES, { required_error: "validation.required", invalid_type_error: "validation.required" }),
  clientId: z.string().uuid().optional(),
  locale: z.enum(["fr", "en", "de", "it", "pt"]).default("fr"),
});

/**
 * Agency admins invite colleagues and client users (set-password link by mail), and disable
 * or re-enable a colleague; a disabled person is signed out at once.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.team");
  // the logo's form is the only multipart one
  if (/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? "")) return logoAction(request, context, user);
  const form = await request.formData();
  if (form.get("intent") === "invite") {
    const submission = parseWithZod(form, { schema: inviteSchema });
    if (submission.status !== "success") return json({ invite: submission.reply(), error: null, userId: null }, { status: 400 });
    const invited = await attempt(() =>
      context.services.agencies.invite(user, { ...submission.value, clientId: submission.value.clientId ?? null, agencyId: user.agencyId!, inviter: { id: user.id, name: `${user.firstName} ${user.lastName}` } }),
    );
    if (!invited.ok) return json({ invite: replyWithError(submission, invited.error), error: null, userId: null }, { status: invited.status });
    return json({ invite: submission.reply({ resetForm: true }), error: null, userId: null, invited: submission.value.email });
  }
  const targetId = String(form.get("userId") ?? "");
  // the identity module checks the colleague is of the same agency (and not oneself)
  const done = await attempt(() => context.services.identity.setMemberEnabled(user, targetId, form.get("intent") !== "disable", String(form.get("reason") ?? "")));
  if (!done.ok) return json({ invite: null, error: done.error.key, userId: targetId }, { status: done.status });
  return json({ invite: null, error: null, userId: targetId });
}

export default function AgencyDashboard() {
  const { t } = useTranslation();
  const { me, firstName, canManageTeam, overview, platform, applications, glance } = useLoaderData<typeof loader>();
  const result = useActionReply<typeof action>();
  // the reply of a colleague's enable/disable form
  const member = result && "userId" in result ? result : null;
  const live = useLive();
  return (
    <div className="grid gap-6">
      <PageHeader
        title={t("dashboard.agency.welcome", { name: firstName })}
        actions={
          <span className="text-xs text-muted-foreground" data-testid="live-status">
            {t(live ? "dashboard.live" : "dashboard.offline")}
          </span>
        }
      />
      <AgencyApplicationsPanel stats={applications} />
      <AgencyGlance glance={glance} />
      {platform && (
        <section className="grid gap-4 sm:grid-cols-3" data-testid="platform-figures">
          <Figure label={t("dashboard.admin.agencies")} value={platform.agencies} />
          <Figure label={t("dashboard.admin.pending")} value={platform.pending} />
          <Figure label={t("dashboard.admin.candidates")} value={platform.candidates} />
        </section>
      )}
      {overview && (
        <>
          <AgencyIdentity agency={overview.agency} canManage={canManageTeam} reply={result && "logo" in result ? result.logo : null} />
          <div className="grid gap-6 lg:grid-cols-3">
            <List title={t("dashboard.agency.branches")} testId="branches" items={overview.branches.map((b) => ({ id: b.id, text: b.name, sub: b.city }))} />
            <section className="card-surface p-6">
              <h3 className="mb-3 font-semibold">
                {t("dashboard.agency.team")} <span className="text-muted-foreground">({overview.team.length})</span>
              </h3>
              <ul className="grid gap-3 text-sm" data-testid="team">
                {overview.team.map((m) => (
                  <li key={m.id} className="grid gap-1" data-testid={`member-${m.id}`}>
                    <span>
                      <span className="font-medium">{m.name}</span> <span className="text-muted-foreground">· {t(`roles.${m.role}`)}</span>
                      {!m.enabled && <span className="ml-2 rounded bg-destructive/10 px-1.5 text-xs text-destructive">{t("dashboard.agency.disabled")}</span>}
                    </span>
                    {canManageTeam && m.id !== me && (
                      <Form method="post" className="flex flex-wrap gap-2">
                        <input type="hidden" name="userId" value={m.id} />
                        {m.enabled && <Input name="reason" placeholder={t("dashboard.agency.reason")} aria-label={t("dashboard.agency.reason")} className="h-8 w-40" />}
                        <Button type="submit" size="sm" variant={m.enabled ? "outline" : "secondary"} name="intent" value={m.enabled ? "disable" : "enable"} className="h-8">
                          {t(m.enabled ? "dashboard.agency.disable" : "dashboard.agency.enable")}
                        </Button>
                        {member?.userId === m.id && <ErrorList errors={member.error ? [member.error] : []} />}
                      </Form>
                    )}
                  </li>
                ))}
              </ul>
            </section>
            <List title={t("dashboard.agency.clients")} testId="clients" items={overview.clients.map((c) => ({ id: c.id, text: c.name, sub: c.city }))} />
          </div>
          {canManageTeam && <InviteForm clients={overview.clients} />}
        </>
      )}
    </div>
  );
}

function InviteForm({ clients }: { clients: { id: string; name: string }[] }) {
  const { t, i18n } = useTranslation();
  const data = useActionReply<typeof action>();
  const [form, fields] = useZodForm(inviteSchema, data && "invite" in data ? data.invite : undefined, { id: "invite" });
  const invited = data && "invited" in data ? String(data.invited) : null;
  return (
    <section className="card-surface p-6">
      <h3 className="mb-1 font-semibold">{t("invite.title")}</h3>
      <p className="mb-4 text-sm text-muted-foreground">{t("invite.text")}</p>
      {invited && (
        <StatusNotice className="mb-4" testId="invite-sent">
          {t("invite.sent", { email: invited })}
        </StatusNotice>
      )}
      <Form method="post" {...getFormProps(form)} className="grid gap-4 sm:grid-cols-2">
        <input type="hidden" name="intent" value="invite" />
        <input type="hidden" name="locale" value={i18n.language} />
        <TextField label={t("login.email")} meta={fields.email} type="email" />
        <SelectField label={t("invite.role")} meta={fields.role} placeholder="" options={INVITABLE_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))} />
        <TextField label={t("fields.firstName")} meta={fields.firstName} />
        <TextField label={t("fields.lastName")} meta={fields.lastName} />
        <SelectField label={t("invite.client")} meta={fields.clientId} placeholder={t("invite.noClient")} options={clients.map((c) => ({ value: c.id, label: c.name }))} />
        <div className="flex items-end">
          <SubmitButton data-testid="invite-submit">
            {t("invite.submit")}
          </SubmitButton>
        </div>
        <ErrorList id={form.errorId} errors={form.errors} />
      </Form>
    </section>
  );
}

function Figure({ label, value }: { label: string; value: number }) {
  return (
    <div className="card-surface p-6">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-3xl font-semibold">{value}</p>
    </div>
  );
}

function List({ title, items, testId }: { title: string; items: { id: string; text: string; sub: string }[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <section className="card-surface p-6">
      <h3 className="mb-3 font-semibold">
        {title} <span className="text-muted-foreground">({items.length})</span>
      </h3>
      {items.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("common.empty")}</p>
      ) : (
        <ul className="grid gap-2 text-sm" data-testid={testId}>
          {items.map((i) => (
            <li key={i.id}>
              <span className="font-medium">{i.text}</span> <span className="text-muted-foreground">· {i.sub}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
