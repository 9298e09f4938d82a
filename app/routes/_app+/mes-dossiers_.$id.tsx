import type { MetaFunction } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { EmptyState } from "~/components/empty-state";
import { ErrorList } from "~/components/forms/field";
import { FolderForm, NS } from "~/components/folders/folder-form";
import { FolderMembers } from "~/components/folders/folder-members";
import { PageHeader } from "~/components/page-header";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import type { FolderReply, loader } from "./mes-dossiers_.$id.server";

export { action, loader } from "./mes-dossiers_.$id.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "folders", "presentations"] };

/**
 * /mes-dossiers/{id}: a favourite folder (issue 29). Every form posts here and works without
 * JavaScript; with it, a colleague's change to a shared folder reloads the page's data live
 * (its events reach the agency's room; a private folder's only its owner's).
 */
export default function FolderPage() {
  const { t } = useTranslation(NS);
  const { folder } = useLoaderData<typeof loader>();
  const reply = useActionReply<FolderReply>();
  useLive((e) => e.streamId === `folder-${folder.id}`);
  // a refused add, move or removal (the edit form shows its own errors on its fields)
  const refused =
    reply && reply.intent !== "edit"
      ? [...(reply.result.error?.[""] ?? []), ...(reply.result.error?.candidateId ?? [])]
      : undefined;
  return (
    <div className="grid max-w-6xl gap-6" data-testid="folder-page" data-version={folder.version}>
      <PageHeader
        title={folder.name}
        actions={
          <>
            <Link
              to={`/cv-theque?folder=${folder.id}`}
              className="text-sm text-primary underline"
              data-testid="open-search"
            >
              {t("page.openSearch")}
            </Link>
            <Link
              to={`/mes-dossiers/presentations/nouveau?dossier=${folder.id}`}
              className="text-sm text-primary underline"
              data-testid="folder-present"
            >
              {t("presentations:fromFolder")}
            </Link>
            <a
              href={`/mes-dossiers/${folder.id}/csv`}
              className="text-sm text-primary underline"
              data-testid="export-csv"
              download
            >
              {t("page.export")}
            </a>
            <Link to="/mes-dossiers" className="text-sm text-primary underline">
              {t("page.back")}
            </Link>
          </>
        }
      >
        <Badge data-testid="folder-visibility">{t(`visibility.${folder.visibility}`)}</Badge>
      </PageHeader>
      {folder.description && (
        <p className="text-sm" data-testid="folder-description">
          {folder.description}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <section className="grid content-start gap-3" aria-labelledby="members-title">
          <h2 id="members-title" className="font-semibold">
            {t("page.members")} ({folder.members.length})
          </h2>
          <ErrorList errors={refused} ns={NS} />
          {folder.members.length === 0 ? (
            <EmptyState message={t("page.none")} testId="folder-empty" />
          ) : (
            <FolderMembers members={folder.members} />
          )}
        </section>
        <aside className="grid content-start gap-6">
          {folder.manage ? (
            <section className="card-surface grid gap-4 p-5" data-testid="folder-settings">
              <h2 className="font-semibold">{t("page.settings")}</h2>
              <FolderForm folder={folder} result={reply?.intent === "edit" ? reply.result : null} />
              <Form method="post" className="flex flex-wrap gap-2">
                <input type="hidden" name="visibility" value={folder.visibility === "agency" ? "private" : "agency"} />
                <SubmitButton name="intent" value="visibility" variant="outline" data-testid="toggle-share">
                  {folder.visibility === "agency" ? t("page.unshare") : t("page.share")}
                </SubmitButton>
              </Form>
              <Form method="post">
                <SubmitButton name="intent" value="delete" variant="destructive" data-testid="delete-folder">
                  {t("page.delete")}
                </SubmitButton>
              </Form>
            </section>
          ) : (
            <p className="text-sm text-muted-foreground">{t("page.ownerOnly")}</p>
          )}
        </aside>
      </div>
    </div>
  );
}
