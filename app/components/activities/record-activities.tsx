import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import type { ActivityRow } from "#server/modules/activities/contract";
import { ACTIVITY_ZONE } from "#server/modules/activities/contract";
import type { SerializeFrom } from "@remix-run/node";

/**
 * A record's activities (an ad's, an order's) for the agency's staff: the newest, and a link to
 * log one about it (the log form preselects the record). Client users get an empty list: nothing shows.
 */
export function RecordActivities({
  activities,
  logHref,
}: {
  activities: SerializeFrom<ActivityRow>[] | null;
  logHref: string;
}) {
  const { t, i18n } = useTranslation(["activities", "common"]);
  if (activities === null) return null;
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: ACTIVITY_ZONE,
  });
  return (
    <section className="card-surface grid gap-2 p-6" data-testid="record-activities">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h2 className="font-medium">{t("ofRecord.title")}</h2>
        <Link to={logHref} className="text-sm text-primary underline">
          {t("ofRecord.log")}
        </Link>
      </div>
      {activities.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t("ofRecord.empty")}</p>
      ) : (
        <ul className="grid gap-1 text-sm">
          {activities.map((a) => (
            <li key={`${a.source}-${a.id}`} data-testid="record-activity">
              <span className="text-muted-foreground">{when.format(new Date(a.dueAt ?? a.at))}</span> ·{" "}
              {t(`types.${a.kind}`)} ·{" "}
              {a.source === "mail" ? t(`mailPurposes.${a.subject}`, { defaultValue: "" }) : (a.subject ?? t("erased"))}
              {a.candidateName ? ` · ${a.candidateName}` : ""}
              {a.doneAt ? ` · ${t("statuses.done")}` : ""}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
