/** Activities' contract (pure, shared with app/): its rule files, listed. */
export * from "./rules";
export * from "./forms";
export type { ActivityRow, Colleague } from "./queries";
