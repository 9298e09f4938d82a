/**
 * The statistics module's contract (pure, shared with app/): the page's filters and periods, and
 * the report's types.
 */
export * from "./periods";
export type { AnswerTimes, Pair, StatsReport } from "./queries";
