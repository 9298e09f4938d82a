import { json, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useActionReply } from "~/hooks/use-action-reply";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { Input } from "~/components/ui/input";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";
import { attempt } from "~/utils/action.server";
import { PageHeader } from "~/components/page-header";
import { EmptyState } from "~/components/empty-state";
import { SubmitButton } from "~/components/submit-button";

export const meta: MetaFunction = () => [{ title: "Missio" }];

/** Platform admins validate new agencies; the list updates live when an agency registers. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const admin = await requireAbility(request, context, "admin.agencies");
  const agencies = await context.services.agencies.forValidation(admin);
  return json({ agencies: agencies.map((a) => ({ ...a, createdAt: a.createdAt.toISOString() })) });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const admin = await requireAbility(request, context, "admin.agencies");
  const form = await request.formData();
  const agencyId = String(form.get("agencyId") ?? "");
  const reason = String(form.get("reason") ?? "");
  const { agencies } = context.services;
  const done = await attempt(() =>
    form.get("intent") === "approve"
      ? agencies.approveAgency(admin, agencyId)
      : agencies.rejectAgency(admin, agencyId, reason),
  );
  if (!done.ok) return json({ agencyId, error: done.error.key, reason }, { status: done.status });
  return json({ agencyId, error: null, reason: "" });
}

export default function AgenciesToValidate() {
  const { t } = useTranslation();
  const { agencies } = useLoaderData<typeof loader>();
  const result = useActionReply<typeof action>();
  useLive((e) => e.type.startsWith("Agency"));
  return (
    <div className="grid gap-6">
      <PageHeader title={t("adminAgencies.title")} />
      {agencies.length === 0 && <EmptyState message={t("common.empty")} />}
      <ul className="grid gap-4" data-testid="agencies">
        {agencies.map((a) => (
          <li key={a.id} className="card-surface grid gap-3 p-4" data-testid="agency-row" data-agency={a.name}>
            <div className="flex flex-wrap items-baseline justify-between gap-2">
              <span>
                <strong>{a.name}</strong>{" "}
                <span className="text-sm text-muted-foreground">
                  · {a.city} · {t(`countries.${a.country}`)}
                </span>
              </span>
              <span className="text-sm" data-testid="agency-status">
                {t(`adminAgencies.status.${a.status}`)}
              </span>
            </div>
            <p className="text-sm text-muted-foreground">
              {a.adminName ?? "---"} · {a.adminEmail ?? "---"} · {formatDate(a.createdAt)}
            </p>
            {a.status === "pending" && (
              <div className="flex flex-wrap items-start gap-3">
                <Form method="post">
                  <input type="hidden" name="agencyId" value={a.id} />
                  <SubmitButton name="intent" value="approve" data-testid="approve">
                    {t("adminAgencies.approve")}
                  </SubmitButton>
                </Form>
                <Form method="post" className="flex flex-wrap items-start gap-2">
                  <input type="hidden" name="agencyId" value={a.id} />
                  <div className="grid gap-1">
                    <Input
                      name="reason"
                      placeholder={t("adminAgencies.reason")}
                      aria-label={t("adminAgencies.reason")}
                      defaultValue={result?.agencyId === a.id ? result.reason : ""}
                      className="w-64"
                      data-testid="reject-reason"
                    />
                    {result?.agencyId === a.id && <ErrorList errors={result.error ? [result.error] : []} />}
                  </div>
                  <SubmitButton variant="destructive" name="intent" value="reject" data-testid="reject">
                    {t("adminAgencies.reject")}
                  </SubmitButton>
                </Form>
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
