import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { DuplicatePairCard } from "~/components/duplicates/pair-card";
import { EmptyState } from "~/components/empty-state";
import { PageHeader } from "~/components/page-header";
import { Pagination } from "~/components/pagination";
import { StatusNotice } from "~/components/status-notice";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import { PAIRS_PER_PAGE } from "#server/modules/duplicates/contract";
import type { DuplicatesReply, loader } from "./cv-theque_.doublons.server";

export { action, loader } from "./cv-theque_.doublons.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "duplicates"] };

/** /cv-theque/doublons: likely duplicates, best score first; "not a duplicate" and merging from here. */
export default function Duplicates() {
  const { t } = useTranslation("duplicates");
  const { pairs, total, page, platform } = useLoaderData<typeof loader>();
  const reply = useActionReply<DuplicatesReply>();
  // a colleague's dismissal (the agency's room) or the platform's (the admins') reloads the list
  useLive((e) => e.streamId.startsWith("duplicate-pair-"));
  return (
    <div className="grid max-w-5xl gap-6">
      <PageHeader
        title={t("title")}
        actions={
          <Link to="/cv-theque" className="text-sm text-primary underline">
            {t("back")}
          </Link>
        }
      />
      <p className="text-sm text-muted-foreground">{t(platform ? "introPlatform" : "intro")}</p>
      {reply && "error" in reply && (
        <StatusNotice tone="info" testId="duplicates-error">
          {t(reply.error)}
        </StatusNotice>
      )}
      <p className="text-sm text-muted-foreground" data-testid="duplicates-total">
        {t("count", { count: total })}
      </p>
      {pairs.length === 0 ? (
        <EmptyState message={t("none")} testId="duplicates-empty" />
      ) : (
        <ul className="grid gap-4" data-testid="duplicate-pairs">
          {pairs.map((pair) => (
            <DuplicatePairCard key={`${pair.first.id}:${pair.second.id}`} pair={pair} linkFiles={!platform} />
          ))}
        </ul>
      )}
      <Pagination
        page={page}
        pages={Math.max(1, Math.ceil(total / PAIRS_PER_PAGE))}
        labels={{
          nav: t("pagination.nav"),
          previous: t("pagination.previous"),
          next: t("pagination.next"),
          page: t("pagination.page", { page, pages: Math.max(1, Math.ceil(total / PAIRS_PER_PAGE)) }),
        }}
      />
    </div>
  );
}
