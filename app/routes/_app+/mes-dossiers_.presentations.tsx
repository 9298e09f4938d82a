import { json, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { useLive } from "~/hooks/use-live";
import { requireAbility } from "~/utils/auth.server";
import { formatDate } from "~/utils/dates";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "presentations"] };
const NS = ["presentations", "common"];

/** /mes-dossiers/presentations: the agency's presentation dossiers, latest first, with their status (issue 29, ADR 0044). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const user = await requireAbility(request, context, "agency.folders");
  return json({ dossiers: await context.services.presentations.presentations(user) });
}

export default function Presentations() {
  const { t } = useTranslation(NS);
  const { dossiers } = useLoaderData<typeof loader>();
  // a client answers or a colleague builds one: the list follows
  useLive((e) => e.streamId.startsWith("presentation-"));
  return (
    <div className="grid max-w-5xl gap-6">
      <PageHeader title={t("title")} />
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      {dossiers.length === 0 ? (
        <EmptyState message={t("empty")} testId="presentations-empty" />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="presentations">
            <thead>
              <tr className="border-b text-left">
                {(["title", "client", "owner", "status", "candidates", "answered", "updated"] as const).map((c) => (
                  <th key={c} scope="col" className="p-2 font-medium">
                    {t(`columns.${c}`)}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {dossiers.map((d) => (
                <tr key={d.id} className="border-b" data-testid="presentation-row" data-id={d.id}>
                  <td className="p-2">
                    <Link
                      to={`/mes-dossiers/presentations/${d.id}`}
                      className="font-medium text-primary hover:underline"
                    >
                      {d.title}
                    </Link>
                  </td>
                  <td className="p-2">{d.companyName}</td>
                  <td className="p-2">{d.ownerName}</td>
                  <td className="p-2">
                    <Badge data-testid="presentation-status">{t(`status.${d.status}`)}</Badge>
                  </td>
                  <td className="p-2 tabular-nums">{d.count}</td>
                  <td className="p-2 tabular-nums">{d.answered}</td>
                  <td className="p-2">{formatDate(d.updatedAt)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
