import {
  json,
  redirect,
  type ActionFunctionArgs,
  type AppLoadContext,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { NotificationText } from "~/components/engagement/notification-text";
import { ErrorList } from "~/components/forms/field";
import { useLive } from "~/hooks/use-live";
import { can } from "~/utils/abilities";
import { requireUser } from "~/utils/auth.server";
import { cn } from "~/utils/cn";
import { formatDate } from "~/utils/dates";
import { attempt } from "~/utils/action.server";
import { PageHeader } from "~/components/page-header";
import { SubmitButton } from "~/components/submit-button";
import { EmptyState } from "~/components/empty-state";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "engagement"] };

/** In both menus: candidates (their space) and agency users (agency notifications). */
async function requireReader(request: Request, context: AppLoadContext) {
  const user = await requireUser(request, context);
  if (!can(user.role, "candidate.space") && !can(user.role, "agency.notifications")) throw redirect("/not-authorized");
  return user;
}

/** /notifications: the signed-in person's notifications, newest first; new ones arrive live. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireReader(request, context);
  const { notifications } = context.services;
  const [list, unread] = await Promise.all([
    notifications.listNotifications(user),
    notifications.unreadNotifications(user),
  ]);
  return json({
    unread,
    notifications: list.map((n) => ({
      ...n,
      createdAt: n.createdAt.toISOString(),
      readAt: n.readAt?.toISOString() ?? null,
    })),
  });
}

/** Open one (marked read, then its link is followed) or mark them all read. */
export async function action({ request, context }: ActionFunctionArgs) {
  const user = await requireReader(request, context);
  const form = await request.formData();
  const intent = form.get("intent");
  if (intent !== "readAll" && intent !== "open") return json({ error: "failed_operation" }, { status: 400 });
  const read = await attempt(() =>
    context.services.notifications.markNotificationsRead(
      user,
      intent === "open" ? [String(form.get("id") ?? "")] : undefined,
    ),
  );
  if (!read.ok) return json({ error: read.error.key }, { status: read.status });
  const link = intent === "open" ? read.value : null;
  // only our own pages: a link is a path of this site
  return link?.startsWith("/") && !link.startsWith("//") ? redirect(link) : json({ error: null });
}

export default function Notifications() {
  const { t } = useTranslation(["engagement", "common"]);
  const { notifications, unread } = useLoaderData<typeof loader>();
  const result = useActionReply<typeof action>();
  useLive((e) => e.type.startsWith("Notification"));
  return (
    <div className="grid max-w-3xl gap-6">
      <PageHeader
        title={t("notifications.title")}
        actions={
          unread > 0 && (
            <Form method="post">
              <SubmitButton name="intent" value="readAll" variant="outline" size="sm" data-testid="read-all">
                {t("notifications.readAll")}
              </SubmitButton>
            </Form>
          )
        }
      />
      <p className="text-sm text-muted-foreground" role="status" data-testid="unread-count">
        {t("notifications.unread", { count: unread })}
      </p>
      {result?.error && <ErrorList errors={[result.error]} />}
      {notifications.length === 0 ? (
        <EmptyState testId="no-notifications" message={t("notifications.empty")} />
      ) : (
        <ul className="grid gap-2" data-testid="notifications">
          {notifications.map((n) => (
            <li
              key={n.id}
              className={cn(
                "card-surface flex flex-wrap items-center justify-between gap-3 p-4",
                !n.readAt && "border-l-4 border-l-primary",
              )}
              data-testid="notification"
              data-unread={!n.readAt}
            >
              <div className="grid gap-1">
                <p className={cn("text-sm", !n.readAt && "font-semibold")} data-testid="notification-text">
                  <NotificationText kind={n.kind} params={n.params} />
                </p>
                <p className="text-xs text-muted-foreground">
                  {formatDate(n.createdAt)}
                  {!n.readAt && <span className="sr-only"> · {t("notifications.new")}</span>}
                </p>
              </div>
              {(n.link || !n.readAt) && (
                <Form method="post">
                  <input type="hidden" name="id" value={n.id} />
                  <SubmitButton
                    name="intent"
                    value="open"
                    size="sm"
                    variant={n.link ? "default" : "ghost"}
                    data-testid="notification-open"
                  >
                    {n.link ? t("notifications.open") : t("notifications.markRead")}
                  </SubmitButton>
                </Form>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
