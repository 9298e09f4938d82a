import type { Notice, NoticeSource } from "../module";
import type { PlanningPublished } from "./events";

const ddmm = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** A publication tells each candidate what changed for them, and only that (in-app and by mail). */
export const planningNotices: NoticeSource<PlanningPublished> = {
  eventTypes: ["PlanningPublished"],
  notices(event, { publicUrl }): Notice[] {
    const d = event.data;
    return d.candidates.map(({ candidateId, lines }) => ({
      userId: candidateId,
      kind: "shifts_published",
      params: { count: lines.length, agency: d.agencyName },
      link: "/missions-valides",
      mail: {
        template: "shiftsPublished",
        params: {
          agency: d.agencyName,
          // one line per change; the mail's words for each kind come from mail.json
          lines: lines
            .map(
              (l) =>
                `${l.change === "new" ? "+" : l.change === "changed" ? "~" : "−"} ${ddmm(l.day)} ${l.start}–${l.end} · ${l.adTitle}`,
            )
            .join("\n"),
          link: `${publicUrl}/missions-valides`,
        },
      },
    }));
  },
};
