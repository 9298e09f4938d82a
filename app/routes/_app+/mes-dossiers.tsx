import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { FolderForm, NS } from "~/components/folders/folder-form";
import { PageHeader } from "~/components/page-header";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import { formatDate } from "~/utils/dates";
import { FOLDER_RESTORE_DAYS } from "#server/modules/folders/contract";
import type { FoldersReply, loader } from "./mes-dossiers.server";

export { action, loader } from "./mes-dossiers.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "folders", "presentations"] };

/** /mes-dossiers: favourite folders of candidates (issue 29), the consultant's and those shared with the agency. */
export default function Folders() {
  const { t } = useTranslation(NS);
  const { folders, deleted, justDeleted, hasAgency, me } = useLoaderData<typeof loader>();
  const reply = useActionReply<FoldersReply>();
  // a colleague creates, shares or fills a folder: the list follows
  useLive((e) => e.streamId.startsWith("folder-"));
  return (
    <div className="grid max-w-5xl gap-6">
      <PageHeader
        title={t("title")}
        actions={
          <Link
            to="/mes-dossiers/presentations"
            className="text-sm text-primary underline"
            data-testid="presentations-link"
          >
            {t("presentations:title")}
          </Link>
        }
      />
      {!hasAgency && (
        <StatusNotice tone="info" testId="folders-no-agency">
          {t("noAgency")}
        </StatusNotice>
      )}
      {justDeleted && (
        <StatusNotice testId="folder-deleted">
          <Form method="post" className="flex flex-wrap items-center gap-3">
            <span>{t("deleted.notice", { name: justDeleted.name })}</span>
            <input type="hidden" name="folderId" value={justDeleted.id} />
            <SubmitButton name="intent" value="restore" size="sm" variant="outline" data-testid="undo-delete">
              {t("deleted.undo")}
            </SubmitButton>
          </Form>
        </StatusNotice>
      )}
      {hasAgency && (
        <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
          <section className="grid content-start gap-3" aria-labelledby="folders-list">
            <h2 id="folders-list" className="sr-only">
              {t("title")}
            </h2>
            {folders.length === 0 ? (
              <EmptyState message={t("empty")} testId="folders-empty" />
            ) : (
              <ul className="grid gap-3" data-testid="folders">
                {folders.map((f) => (
                  <li key={f.id} className="card-surface grid gap-1 p-4" data-testid="folder" data-id={f.id}>
                    <div className="flex flex-wrap items-center gap-2">
                      <Link to={`/mes-dossiers/${f.id}`} className="font-semibold text-primary hover:underline">
                        {f.name}
                      </Link>
                      <Badge data-testid="folder-visibility">{t(`visibility.${f.visibility}`)}</Badge>
                      <span className="text-sm text-muted-foreground" data-testid="folder-count">
                        {t("count", { count: f.count })}
                      </span>
                    </div>
                    {f.description && <p className="text-sm">{f.description}</p>}
                    {f.ownerId !== me && (
                      <p className="text-xs text-muted-foreground">{t("owner", { name: f.ownerName })}</p>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <aside className="grid content-start gap-6">
            <section className="card-surface grid gap-3 p-5">
              <h2 className="font-semibold">{t("create.title")}</h2>
              <FolderForm result={reply?.intent === "create" ? reply.result : null} />
            </section>
            {deleted.length > 0 && (
              <section className="card-surface grid gap-2 p-5" data-testid="deleted-folders">
                <h2 className="font-semibold">{t("deleted.title")}</h2>
                <p className="text-xs text-muted-foreground">{t("deleted.hint", { days: FOLDER_RESTORE_DAYS })}</p>
                <ul className="grid gap-2">
                  {deleted.map((f) => (
                    <li key={f.id}>
                      <Form method="post" className="flex flex-wrap items-center gap-2 text-sm">
                        <span>
                          {f.name} · {formatDate(f.deletedAt)}
                        </span>
                        <input type="hidden" name="folderId" value={f.id} />
                        <SubmitButton name="intent" value="restore" size="sm" variant="outline">
                          {t("deleted.restore")}
                        </SubmitButton>
                      </Form>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </aside>
        </div>
      )}
    </div>
  );
}
