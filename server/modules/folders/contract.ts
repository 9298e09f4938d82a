/** Favourite folders' contract (pure, shared with app/): limits, policy, forms and the shapes pages read. */
export * from "./rules";
export * from "./forms";
export type { FolderSummary, DeletedFolder, FolderMember } from "./queries";
