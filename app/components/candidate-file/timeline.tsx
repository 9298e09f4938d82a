import { useTranslation } from "react-i18next";
import type { FileData } from "./types";

const NS = ["candidate-file", "common"];

/** Every event about the candidate this agency may see, newest first; a comment shows its text as it is now. */
export function FileTimeline({ file }: { file: FileData }) {
  const { t, i18n } = useTranslation(NS);
  const bodies = new Map(file.comments.map((c) => [c.id, c.body]));
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: "short", timeStyle: "short" });
  const label = (type: string) =>
    t(`types.${type.startsWith("Profile") ? "ProfileSaved" : type}`, { defaultValue: t("timeline.other") });
  return (
    <section className="card-surface grid gap-3 p-5">
      <h2 className="font-semibold">{t("sections.timeline")}</h2>
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
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
