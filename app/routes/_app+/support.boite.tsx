import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { NS } from "~/components/support/contact-form";
import { RequestList } from "~/components/support/request-list";
import { Button } from "~/components/ui/button";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";
import {
  REQUEST_KINDS,
  REQUEST_STATUSES,
  type RequestKind,
  type RequestStatus,
} from "#server/modules/support/contract";

export const meta: MetaFunction = () => [{ title: "Support · Missio" }];
export const handle = { i18n: ["common", "support"] };

const oneOf = <T extends string>(list: readonly T[], v: string | null): T | null =>
  list.includes(v as T) ? (v as T) : null;

/** /support/boite: the platform admins' inbox of support requests, filtered by status and kind, live. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "admin.support");
  const params = new URL(request.url).searchParams;
  const filter = {
    status: oneOf<RequestStatus>(REQUEST_STATUSES, params.get("statut")),
    kind: oneOf<RequestKind>(REQUEST_KINDS, params.get("type")),
  };
  return json({ filter, requests: await context.services.support.supportInbox(user, filter) });
}

export default function SupportInbox() {
  const { t } = useTranslation(NS);
  const { filter, requests } = useLoaderData<typeof loader>();
  // a new request or a reply arrives in the admins' room: the list follows
  useLive((e) => e.streamId.startsWith("support-"));
  const selectClass = "h-10 rounded-md border border-input bg-background px-3 text-sm";
  return (
    <div className="grid max-w-5xl gap-6">
      <PageHeader
        title={t("inbox.title")}
        actions={
          <Link to="/support/faq" className="text-sm text-primary hover:underline">
            {t("editor.title")}
          </Link>
        }
      />
      <Form method="get" className="flex flex-wrap items-end gap-3" data-testid="inbox-filters">
        <label className="grid gap-1 text-sm">
          {t("inbox.status")}
          <select name="statut" defaultValue={filter.status ?? ""} className={selectClass}>
            <option value="">{t("inbox.all")}</option>
            {REQUEST_STATUSES.map((s) => (
              <option key={s} value={s}>
                {t(`statuses.${s}`)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          {t("inbox.kind")}
          <select name="type" defaultValue={filter.kind ?? ""} className={selectClass}>
            <option value="">{t("inbox.all")}</option>
            {REQUEST_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`kinds.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="outline">
          {t("inbox.filter")}
        </Button>
      </Form>
      {requests.length ? (
        <RequestList requests={requests} inbox />
      ) : (
        <EmptyState message={t("inbox.empty")} testId="inbox-empty" />
      )}
    </div>
  );
}
