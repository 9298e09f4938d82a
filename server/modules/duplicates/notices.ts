import type { Notice, NoticeSource } from "../module";
import type { MergeEvent } from "./events";

/**
 * The merged-away record's owner is told, in their language, that their login was closed by the
 * merge, and again when the undo reopens it (ADR 0039). The closing mail reaches a closed account.
 */
export const mergeNotices: NoticeSource<MergeEvent> = {
  eventTypes: ["CandidatesMerged", "CandidateMergeUndone"],
  notices(event, { publicUrl }): Notice[] {
    const merged = event.type === "CandidatesMerged";
    return [
      {
        userId: event.data.mergedId,
        kind: merged ? "account_merged" : "account_reopened",
        params: {},
        link: "/login",
        mail: { template: merged ? "accountMerged" : "accountReopened", params: { link: `${publicUrl}/login` } },
        toClosedAccount: merged,
      },
    ];
  },
};
