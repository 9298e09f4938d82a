import { Form } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { StatusNotice } from "~/components/status-notice";
import { SubmitButton } from "~/components/submit-button";
import { Input } from "~/components/ui/input";
import { formatDate } from "~/utils/dates";
import { NS, type ActivitiesData, type ActivityReply } from "./types";

/** One's calendar link (tasks and meetings as ICS): shown once when made; made anew (the old one stops) or revoked. */
export function CalendarFeed({ feed, reply }: { feed: ActivitiesData["feed"]; reply?: ActivityReply }) {
  const { t } = useTranslation(NS);
  return (
    <section className="card-surface grid gap-3 p-5" data-testid="calendar-feed">
      <h2 className="font-semibold">{t("feed.title")}</h2>
      <p className="text-sm text-muted-foreground">{t("feed.intro")}</p>
      {reply?.feedUrl && (
        <StatusNotice tone="success">
          <span className="grid gap-1.5">
            {t("feed.newLink")}
            <Input readOnly value={reply.feedUrl} data-testid="feed-url" aria-label={t("feed.title")} />
          </span>
        </StatusNotice>
      )}
      {reply?.intent === "revokeFeed" && <StatusNotice testId="feed-revoked">{t("feed.revoked")}</StatusNotice>}
      <p className="text-sm" data-testid="feed-state">
        {feed ? t("feed.active", { date: formatDate(feed.issuedAt) }) : t("feed.none")}
      </p>
      <Form method="post" className="flex flex-wrap gap-2">
        <SubmitButton name="intent" value="issueFeed" variant="outline" data-testid="feed-issue">
          {feed ? t("feed.regenerate") : t("feed.issue")}
        </SubmitButton>
        {feed && (
          <SubmitButton name="intent" value="revokeFeed" variant="outline" data-testid="feed-revoke">
            {t("feed.revoke")}
          </SubmitButton>
        )}
      </Form>
    </section>
  );
}
