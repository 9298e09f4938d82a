/** The engagement module's contract (pure, shared with app/): saved-search limits. */
export { ALERT_DIGEST_SIZE, MAX_SAVED_SEARCHES, SEARCH_NAME_MAX, SEARCH_QUERY_MAX } from "./events";
