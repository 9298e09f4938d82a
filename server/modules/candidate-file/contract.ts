/** The candidate file's contract (pure, shared with app/): its rule files, listed. */
export * from "./rules";
export * from "./forms";
export type { FileActivity, FileComment, FileTag, TimelineEntry, ListRow } from "./queries";
