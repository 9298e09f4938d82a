export * from "./rules";
export type { ClientCandidate, ClientDossier } from "./view";
export type { PresentationSummary, HistoryLine } from "./queries";
