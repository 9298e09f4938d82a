import type { NoticeSource } from "../module";
import type { ActivityReminded } from "./events";

/** The reminder at a task's or meeting's time: an in-app notification to its assignee (live on the badge). */
export const activityNotices: NoticeSource<ActivityReminded> = {
  eventTypes: ["ActivityReminded"],
  notices(event) {
    const { assigneeId, kind, activityId } = event.data;
    return [
      {
        userId: assigneeId,
        kind: `activity_due_${kind}`,
        params: {},
        link: `/activites-generales#activity-${activityId}`,
      },
    ];
  },
};
