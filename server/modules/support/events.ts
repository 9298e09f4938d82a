import type { Audience, FaqLanguage, FaqTopic, RequestKind, RequestStatus } from "./rules";

/**
 * The FAQ (`faq-<id>`) and support requests (`support-<id>`). An FAQ entry is the platform's own
 * text, in clear. A request's words (name, e-mail, message, answers, the attachment's name) are
 * the requester's personal data, sealed with their key (the request's id for a visitor), so
 * erasing the person leaves nothing readable in the log.
 */
export const faqStream = (faqId: string) => `faq-${faqId}`;
export const supportStream = (requestId: string) => `support-${requestId}`;

export type FaqTexts = Record<FaqLanguage, { question: string; answer: string }>;

export interface FaqEntryWritten {
  type: "FaqEntryWritten";
  data: { faqId: string; topic: FaqTopic; audiences: Audience[]; texts: FaqTexts; created: boolean };
}
export interface FaqEntryPublished {
  type: "FaqEntryPublished";
  data: { faqId: string; published: boolean };
}
export interface FaqEntryMoved {
  type: "FaqEntryMoved";
  data: { faqId: string; position: number };
}
export type FaqEvent = FaqEntryWritten | FaqEntryPublished | FaqEntryMoved;
export const FAQ_EVENT_TYPES: FaqEvent["type"][] = ["FaqEntryWritten", "FaqEntryPublished", "FaqEntryMoved"];

/** what every request event says in clear: no personal data */
export type RequestIds = {
  requestId: string;
  /** the account, null for a visitor */
  requesterId: string | null;
};
export interface SupportRequestOpened {
  type: "SupportRequestOpened";
  data: RequestIds & {
    kind: RequestKind;
    topic: FaqTopic;
    locale: string;
    attachmentId: string | null;
    name?: string;
    email?: string;
    message?: string;
    attachmentName?: string | null;
  };
  personal?: {
    subjectId: string;
    data: { name: string; email: string; message: string; attachmentName: string | null };
  };
}
export interface SupportMessageAdded {
  type: "SupportMessageAdded";
  /** an admin's answer (by) or the requester's reply (by null), which reopens the request */
  data: RequestIds & { by: string | null; status: RequestStatus; message?: string };
  personal?: { subjectId: string; data: { message: string } };
}
export interface SupportStatusChanged {
  type: "SupportStatusChanged";
  data: RequestIds & { by: string; status: RequestStatus };
}
export type SupportEvent = SupportRequestOpened | SupportMessageAdded | SupportStatusChanged;
export const SUPPORT_EVENT_TYPES: SupportEvent["type"][] = [
  "SupportRequestOpened",
  "SupportMessageAdded",
  "SupportStatusChanged",
];
