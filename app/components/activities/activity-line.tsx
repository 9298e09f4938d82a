import { Form, Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { ErrorList } from "~/components/forms/field";
import { SubmitButton } from "~/components/submit-button";
import { Badge } from "~/components/ui/badge";
import { Input } from "~/components/ui/input";
import { ACTIVITY_ZONE, localTimeValue } from "#server/modules/activities/contract";
import { NS, resultFor, type ActivityItem, type ActivityReply } from "./types";

/**
 * One activity (or a template e-mail, read from its application's event): what, about which
 * records, when, by and for whom; done / not done, and a new time for a task or meeting.
 */
export function ActivityLine({ item: a, reply }: { item: ActivityItem; reply?: ActivityReply }) {
  const { t, i18n } = useTranslation(NS);
  // times where our users are, as the form reads them
  const when = new Intl.DateTimeFormat(i18n.language, {
    dateStyle: "short",
    timeStyle: "short",
    timeZone: ACTIVITY_ZONE,
  });
  const mine = reply?.result?.initialValue?.activityId === a.id;
  const errors = mine ? resultFor(reply, "reschedule", "complete", "reopen")?.error : undefined;
  const subject = a.source === "mail" ? t(`mailPurposes.${a.subject}`, { defaultValue: a.subject ?? "" }) : a.subject;
  const timed = a.source === "activity" && a.dueAt !== null;
  return (
    <li
      id={`activity-${a.id}`}
      className="grid gap-1 border-b py-2 text-sm last:border-0"
      data-testid="activity"
      data-kind={a.kind}
      data-done={a.doneAt ? "1" : "0"}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge>{t(`types.${a.kind}`)}</Badge>
        <span className={a.doneAt ? "font-medium line-through" : "font-medium"} data-testid="activity-subject">
          {subject ?? t("erased")}
        </span>
        {a.dueAt && (
          <span className="text-muted-foreground">{t("list.due", { at: when.format(new Date(a.dueAt)) })}</span>
        )}
      </div>
      <div className="flex flex-wrap gap-x-3 text-xs text-muted-foreground">
        {a.candidateId && (
          <Link to={`/cv-theque/${a.candidateId}`} className="text-primary underline">
            {a.candidateName ?? t("log.candidate")}
          </Link>
        )}
        {a.companyName && <span>{a.companyName}</span>}
        {a.adId && (
          <Link to={`/mes-annonces/${a.adId}/modifier`} className="text-primary underline">
            {a.adTitle ?? `#${a.adId}`}
          </Link>
        )}
        {a.orderId && (
          <Link to={`/mes-commandes/${a.orderId}`} className="text-primary underline">
            {a.orderTitle ?? t("log.order")}
          </Link>
        )}
        <span>{when.format(new Date(a.at))}</span>
        {a.authorName && <span>{t("list.by", { name: a.authorName })}</span>}
        {a.assigneeName && <span>{t("list.assignedTo", { name: a.assigneeName })}</span>}
        {a.source === "mail" && <span>{t("list.mail")}</span>}
      </div>
      {a.source === "activity" && (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          <input type="hidden" name="activityId" value={a.id} />
          {a.doneAt ? (
            <SubmitButton name="intent" value="reopen" size="sm" variant="outline" data-testid="activity-reopen">
              {t("item.undone")}
            </SubmitButton>
          ) : (
            <SubmitButton name="intent" value="complete" size="sm" variant="outline" data-testid="activity-complete">
              {t("item.done")}
            </SubmitButton>
          )}
          {timed && !a.doneAt && (
            <>
              <Input
                type="datetime-local"
                name="dueAt"
                aria-label={t("item.reschedule")}
                defaultValue={localTimeValue(a.dueAt!)}
                className="h-8 w-auto"
              />
              <SubmitButton name="intent" value="reschedule" size="sm" variant="ghost">
                {t("item.reschedule")}
              </SubmitButton>
            </>
          )}
          <ErrorList
            errors={
              errors
                ? Object.values(errors)
                    .flat()
                    .filter((e): e is string => typeof e === "string")
                : undefined
            }
            ns={NS}
          />
        </Form>
      )}
    </li>
  );
}
