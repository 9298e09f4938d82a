import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { FileData } from "./types";

const NS = ["candidate-file", "common"];

/** Every event about the candidate this agency may see, newest first; a comment shows its text as it is now. */
export function FileTimeline({ file }: { file: FileData }) {
  const { t, i18n } = useTranslation(NS);
  const bodies = new Map(file.comments.map((c) => [c.id, c.body]));
  // this agency's activities about the candidate (issue 29): their kind and subject as they are now
  const activities = new Map(file.activities.map((a) => [a.id, a]));
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const label = (type: string) =>
    t(`types.${type.startsWith("Profile") ? "ProfileSaved" : type}`, { defaultValue: t("timeline.other") });
  return (
    <section className="card-surface grid gap-3 p-5">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-semibold">{t("sections.timeline")}</h2>
        <Link
          to={`/activites-generales?candidateId=${file.id}`}
          className="text-sm text-primary underline"
          data-testid="log-activity-link"
        >
          {t("activities:ofRecord.log")}
        </Link>
      </div>
      {file.timeline.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("timeline.empty")}</p>
      ) : (
        <ol className="grid gap-2 text-sm" data-testid="file-timeline">
          {file.timeline.map((e) => (
            <li key={e.position} className="grid gap-0.5" data-testid="timeline-entry" data-type={e.type}>
              <span>
                <span className="text-muted-foreground">{when.format(new Date(e.at))}</span> ·{" "}
                <span className="text-muted-foreground">{t(`kinds.${e.kind}`, { defaultValue: e.kind })}</span> ·{" "}
                <span className="font-medium">{label(e.type)}</span>
                {e.actorName ? ` ${t("timeline.by", { name: e.actorName })}` : ""}
              </span>
              {e.type === "CandidateCommentAdded" && e.commentId && bodies.get(e.commentId) && (
                <span className="whitespace-pre-wrap pl-3">{bodies.get(e.commentId)}</span>
              )}
              {e.type === "PresentationAnswered" && e.answer && (
                <span className="pl-3" data-testid="timeline-answer">
                  {t(`presentations:answers.${e.answer}`)}
                </span>
              )}
              {e.type === "ActivityLogged" && e.activityId && activities.get(e.activityId) && (
                <span className="pl-3" data-testid="timeline-activity">
                  {t(`activities:types.${activities.get(e.activityId)!.kind}`)}:{" "}
                  {activities.get(e.activityId)!.subject ?? t("activities:erased")}
                </span>
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
