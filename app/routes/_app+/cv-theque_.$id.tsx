import type { MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ArchivePanel } from "~/components/candidate-file/archive-panel";
import { CommentsPanel } from "~/components/candidate-file/comments-panel";
import { Dealings } from "~/components/candidate-file/dealings";
import { DeactivationPanel } from "~/components/candidate-file/deactivation-panel";
import { MailPanel, ProposePanel } from "~/components/candidate-file/file-actions";
import { ContactPanel, DocumentsPanel, ProfilePanel } from "~/components/candidate-file/person-panels";
import { FoldersPanel } from "~/components/folders/folders-panel";
import { TagsPanel } from "~/components/candidate-file/tags-panel";
import { FileTimeline } from "~/components/candidate-file/timeline";
import { PageHeader } from "~/components/page-header";
import { Badge } from "~/components/ui/badge";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import type { FileReply, loader } from "./cv-theque_.$id.server";

export { action, loader } from "./cv-theque_.$id.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = {
  i18n: [
    "common",
    "folders",
    "candidate-file",
    "profile",
    "documents",
    "applications",
    "placements",
    "timesheets",
    "activities",
    "presentations",
  ],
};

/**
 * /cv-theque/{id}: the candidate's file (issue 28). Every form posts to this route and works
 * without JavaScript; with it, a change by a colleague (this agency's file stream, the
 * candidate's applications…) reloads the page's data through the agency's room.
 */
export default function CandidateFile() {
  const { t } = useTranslation(["candidate-file", "common"]);
  const { file, me, ads, templates, folders } = useLoaderData<typeof loader>();
  const reply = useActionReply<FileReply>();
  // the agency's room only carries this agency's file events; the candidate's own streams and applications too
  const streams = new Set([
    `profile-${file.id}`,
    `candidate-${file.id}`,
    // erased (issue 30): the page reloads into its not-found state
    `erasure-${file.id}`,
    ...file.applications.map((a) => `application-${a.id}`),
  ]);
  useLive(
    (e) =>
      (e.streamId.startsWith("candidate-file-") && e.streamId.endsWith(`-${file.id}`)) ||
      streams.has(e.streamId) ||
      e.streamId.startsWith("folder-") ||
      // an activity of the agency may be about this candidate (issue 29)
      e.streamId.startsWith("activity-"),
  );
  return (
    <div
      className="grid max-w-6xl gap-6"
      data-testid="candidate-file"
      data-archived={file.archive ? "1" : "0"}
      data-deactivated={file.deactivation ? "1" : "0"}
    >
      <PageHeader
        title={`${file.person.firstName} ${file.person.lastName}`}
        actions={
          <Link to="/old-cv-theque" className="text-sm text-primary underline">
            {t("back")}
          </Link>
        }
      >
        {file.archive && <Badge data-testid="archived-badge">{t("archivedBadge")}</Badge>}
        {!file.person.enabled && <Badge>{t("disabledBadge")}</Badge>}
        {file.deactivation && <Badge data-testid="deactivated-badge">{t("deactivatedBadge")}</Badge>}
      </PageHeader>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-6">
          <ContactPanel file={file} />
          <DocumentsPanel file={file} />
          <ProfilePanel file={file} />
          <Dealings file={file} />
        </div>
        <aside className="grid content-start gap-6">
          <ProposePanel file={file} ads={ads} reply={reply} />
          <MailPanel file={file} templates={templates} reply={reply} />
          <FoldersPanel candidateId={file.id} folders={folders} />
          <TagsPanel file={file} reply={reply} />
          <CommentsPanel file={file} me={me} reply={reply} />
          <ArchivePanel file={file} reply={reply} />
          <DeactivationPanel file={file} reply={reply} />
          <FileTimeline file={file} />
        </aside>
      </div>
    </div>
  );
}
