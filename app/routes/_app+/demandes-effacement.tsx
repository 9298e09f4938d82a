import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import { attempt } from "~/utils/action.server";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Missio" }];

/** Platform admins: pending erasure requests (issue 30), each carried out at once if need be. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAbility(request, context, "admin.erasure");
  return json({ requests: await context.services.erasure.pendingErasures(admin) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAbility(request, context, "admin.erasure");
  const form = await request.formData();
  const userId = String(form.get("userId") ?? "");
  const done = await attempt(() => context.services.erasure.carryOutErasure(admin, userId));
  if (!done.ok) return json({ error: done.error.key, done: false }, { status: done.status });
  return json({ error: null, done: true });
}

export default function ErasureRequests() {
  const { t } = useTranslation();
  const { requests } = useLoaderData<typeof loader>();
  const result = useActionReply<typeof action>();
  useLive((e) => e.streamId.startsWith("erasure-"));
  return (
    <div className="grid gap-6">
      <PageHeader title={t("erasure.admin.title")} />
      {result?.done && <StatusNotice testId="erasure-carried-out">{t("erasure.admin.done")}</StatusNotice>}
      {result?.error && (
        <p role="alert" className="text-sm text-destructive">
          {t(result.error)}
        </p>
      )}
      {requests.length === 0 && <EmptyState message={t("common.empty")} />}
      <ul className="grid gap-4" data-testid="erasure-requests">
        {requests.map((r) => (
          <li key={r.userId} className="card-surface grid gap-3 p-4" data-testid="erasure-request" data-email={r.email}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <strong>{r.name || "---"}</strong>
              <span className="text-sm text-muted-foreground">{r.email || "---"}</span>
            </div>
            <p className="text-sm text-muted-foreground">
              {t(`erasure.admin.by.${r.requestedBy}`)} · {formatDate(r.requestedAt)} ·{" "}
              {t("erasure.admin.due", { date: formatDate(r.dueAt) })}
            </p>
            <Form method="post">
              <input type="hidden" name="userId" value={r.userId} />
              <SubmitButton variant="destructive" data-testid="carry-out">
                {t("erasure.admin.carryOut")}
              </SubmitButton>
            </Form>
          </li>
        ))}
      </ul>
    </div>
  );
}
