/** The profile's part of the candidates contract (pure): the sections' schemas and choices, completion, the views. */
export * from "./rules";
export { MAIN_PROFILE } from "./events";
export type { AgencyProfileView, NamedProfile, ProfileChange, ProfileView } from "./queries";
