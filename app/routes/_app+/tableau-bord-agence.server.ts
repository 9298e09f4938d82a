import { json, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { parseWithZod } from "@conform-to/zod";
import { can } from "~/utils/abilities";
import { requireAbility } from "~/utils/auth.server";
import { attempt, replyWithError } from "~/utils/action.server";
import { agencyGlance } from "~/utils/dashboard-glance.server";
import { logoAction } from "~/utils/agency-logo.server";
import { inviteSchema } from "~/utils/invite-schema";
import { presetPeriod, previousPeriod, statsToday } from "#server/modules/statistics/contract";

/** The agency dashboard's data: the agency's overview, platform figures for admins, applications and the week at a glance. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.dashboard");
  const { agencies } = context.services;
  const now = new Date();
  // the statistics' summary: this month beside last month, for the agency's staff
  const month = presetPeriod("this_month", statsToday(now));
  const [overview, platform, applications, glance, statistics] = await Promise.all([
    user.agencyId ? agencies.overview(user) : null,
    user.role === "PLATFORM_ADMIN" ? agencies.platformCounts(user) : null,
    context.services.applications.agencyStats(user, now),
    agencyGlance(context.services, user, now.toISOString().slice(0, 10)),
    can(user.role, "agency.statistics")
      ? context.services.statistics.statisticsSummary(user, { period: month, previous: previousPeriod(month) }, now)
      : null,
  ]);
  return json({
    me: user.id,
    firstName: user.firstName,
    canManageTeam: can(user.role, "agency.team"),
    overview,
    platform,
    applications,
    glance,
    statistics,
  });
}

/**
 * Agency admins invite colleagues and client users (set-password link by mail), and disable
 * or re-enable a colleague; a disabled person is signed out at once.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireAbility(request, context, "agency.team");
  // the logo's form is the only multipart one
  if (/^multipart\/form-data\b/i.test(request.headers.get("Content-Type") ?? ""))
    return logoAction(request, context, user);
  const form = await request.formData();
  if (form.get("intent") === "invite") {
    const submission = parseWithZod(form, { schema: inviteSchema });
    if (submission.status !== "success")
      return json({ invite: submission.reply(), error: null, userId: null }, { status: 400 });
    const invited = await attempt(() =>
      context.services.agencies.invite(user, {
        ...submission.value,
        clientId: submission.value.clientId ?? null,
        agencyId: user.agencyId!,
        inviter: { id: user.id, name: `${user.firstName} ${user.lastName}` },
      }),
    );
    if (!invited.ok)
      return json(
        { invite: replyWithError(submission, invited.error), error: null, userId: null },
        { status: invited.status },
      );
    return json({
      invite: submission.reply({ resetForm: true }),
      error: null,
      userId: null,
      invited: submission.value.email,
    });
  }
  const targetId = String(form.get("userId") ?? "");
  // the identity module checks the colleague is of the same agency (and not oneself)
  const done = await attempt(() =>
    context.services.identity.setMemberEnabled(
      user,
      targetId,
      form.get("intent") !== "disable",
      String(form.get("reason") ?? ""),
    ),
  );
  if (!done.ok) return json({ invite: null, error: done.error.key, userId: targetId }, { status: done.status });
  return json({ invite: null, error: null, userId: targetId });
}
