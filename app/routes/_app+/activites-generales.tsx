import type { MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { CalendarFeed } from "~/components/activities/calendar-feed";
import { LogForm } from "~/components/activities/log-form";
import { MyDay } from "~/components/activities/my-day";
import { TeamList } from "~/components/activities/team-list";
import { PageHeader } from "~/components/page-header";
import { useActionReply } from "~/hooks/use-action-reply";
import { useLive } from "~/hooks/use-live";
import type { ActivityReply, loader } from "./activites-generales.server";

export { action, loader } from "./activites-generales.server";

export const meta: MetaFunction = () => [{ title: "Missio" }];
export const handle = { i18n: ["common", "activities"] };

/**
 * /activites-generales (issue 29): my day, the team's activities and the log form. Every form
 * posts to this route and works without JavaScript; with it, a colleague's activity (the agency's
 * room) reloads the page's data.
 */
export default function Activities() {
  const { t } = useTranslation(["activities", "common"]);
  const data = useLoaderData<typeof loader>();
  const reply = useActionReply<ActivityReply>();
  useLive((e) => e.streamId.startsWith("activity-"));
  return (
    <div className="grid max-w-7xl gap-6">
      <PageHeader title={t("title")} />
      <p className="text-sm text-muted-foreground">{t("intro")}</p>
      <div className="grid gap-6 lg:grid-cols-[3fr_2fr]">
        <div className="grid content-start gap-6">
          <MyDay data={data} reply={reply} />
          <TeamList data={data} reply={reply} />
        </div>
        <aside className="grid content-start gap-6">
          <LogForm data={data} reply={reply} />
          <CalendarFeed feed={data.feed} reply={reply} />
        </aside>
      </div>
    </div>
  );
}
