import type { NoticeSource } from "../module";
import type { PresentationAnswered } from "./events";

/** A client's answer: an in-app notification to the dossier's owner (live on the badge), linking to the dossier. */
export const presentationNotices: NoticeSource<PresentationAnswered> = {
  eventTypes: ["PresentationAnswered"],
  notices(event) {
    const { ownerId, presentationId, position, answer } = event.data;
    return [
      {
        userId: ownerId,
        kind: `presentation_${answer}`,
        params: { n: position + 1 },
        link: `/mes-dossiers/presentations/${presentationId}`,
      },
    ];
  },
};
