/** Support's contract (pure, shared with app/): limits, choices, forms and the shapes pages read. */
export * from "./rules";
export * from "./forms";
export type {
  FaqItem,
  FaqAdminItem,
  SupportRequestSummary,
  SupportRequestDetail,
  SupportMessage,
  InboxFilter,
} from "./queries";
export type { FaqSearchResult } from "./faq-search";
