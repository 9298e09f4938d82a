import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { Badge } from "~/components/ui/badge";
import { formatDate } from "~/utils/dates";
import type { SupportRequestSummary } from "#server/modules/support/contract";

/** Requests as rows: the requester's history, or the admins' inbox (`inbox`: with the requester). */
export function RequestList({ requests, inbox = false }: { requests: SupportRequestSummary[]; inbox?: boolean }) {
  const { t } = useTranslation(["support", "common"]);
  return (
    <ul className="grid gap-2" data-testid={inbox ? "inbox" : "my-requests"}>
      {requests.map((r) => (
        <li
          key={r.id}
          className="card-surface flex flex-wrap items-center gap-2 p-3"
          data-testid="support-request"
          data-id={r.id}
        >
          <Link to={`/support/demandes/${r.id}`} className="font-medium text-primary hover:underline">
            {t(`topics.${r.topic}`)}
          </Link>
          <Badge data-testid="request-status">{t(`statuses.${r.status}`)}</Badge>
          {r.kind !== "question" && <Badge data-testid="request-kind">{t(`kinds.${r.kind}`)}</Badge>}
          {inbox && (
            <span className="text-sm">
              {r.name} · {r.email}
              {r.visitor && ` · ${t("inbox.visitor")}`}
            </span>
          )}
          <span className="ml-auto text-xs text-muted-foreground">{formatDate(r.updatedAt)}</span>
        </li>
      ))}
    </ul>
  );
}
