import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { FaqEvent, FaqTexts, SupportEvent } from "./events";
import type { Audience, FaqTopic, RequestKind, RequestStatus } from "./rules";

export type FaqCommand =
  | { type: "Write"; topic: FaqTopic; audiences: Audience[]; texts: FaqTexts }
  | { type: "Publish"; published: boolean }
  | { type: "Move"; position: number };

export interface FaqState {
  exists: boolean;
  published: boolean;
}

/** One FAQ entry: written (created unpublished, then edited), published or taken back, moved in its topic. */
export function faqDecider(faqId: string) {
  const decider: Decider<FaqCommand, FaqState, FaqEvent> = {
    initialState: { exists: false, published: false },
    evolve(state, event) {
      if (event.type === "FaqEntryPublished") return { ...state, published: event.data.published };
      return { ...state, exists: true };
    },
    decide(command, state) {
      if (command.type === "Write") {
        const { topic, audiences, texts } = command;
        return [{ type: "FaqEntryWritten", data: { faqId, topic, audiences, texts, created: !state.exists } }];
      }
      if (!state.exists) throw new AppError("not_found", "errors.notFound");
      if (command.type === "Publish") {
        if (command.published === state.published) return [];
        return [{ type: "FaqEntryPublished", data: { faqId, published: command.published } }];
      }
      return [{ type: "FaqEntryMoved", data: { faqId, position: command.position } }];
    },
  };
  return decider;
}

export type SupportCommand =
  | {
      type: "Open";
      requesterId: string | null;
      kind: RequestKind;
      topic: FaqTopic;
      locale: string;
      name: string;
      email: string;
      message: string;
      attachment: { id: string; name: string } | null;
    }
  | { type: "Answer"; by: string; message: string }
  | { type: "Reply"; by: string; message: string }
  | { type: "SetStatus"; by: string; status: Extract<RequestStatus, "in_progress" | "closed"> };

export interface SupportState {
  requesterId: string | null;
  status: RequestStatus | null;
}

/** the key a request's words are sealed with: the requester's, or the request's own for a visitor */
export const subjectOf = (requestId: string, requesterId: string | null) => requesterId ?? requestId;

/**
 * One support request: opened once; an admin answers it (answered) or sets it in progress or
 * closed; its requester's reply reopens it (new, whatever its status), so the admins see it again.
 * Only the requester's account may reply (a visitor answers the mail).
 */
export function supportDecider(requestId: string) {
  const decider: Decider<SupportCommand, SupportState, SupportEvent> = {
    initialState: { requesterId: null, status: null },
    evolve(state, event) {
      if (event.type === "SupportRequestOpened") return { requesterId: event.data.requesterId, status: "new" };
      return { ...state, status: event.data.status };
    },
    decide(command, state) {
      if (command.type === "Open") {
        if (state.status) throw new AppError("conflict", "errors.requestExists");
        const { requesterId, kind, topic, locale, name, email, message, attachment } = command;
        return [
          {
            type: "SupportRequestOpened",
            data: { requestId, requesterId, kind, topic, locale, attachmentId: attachment?.id ?? null },
            personal: {
              subjectId: subjectOf(requestId, requesterId),
              data: { name, email, message, attachmentName: attachment?.name ?? null },
            },
          },
        ];
      }
      if (!state.status) throw new AppError("not_found", "errors.notFound");
      const ids = { requestId, requesterId: state.requesterId };
      const personal = (message: string) => ({
        subjectId: subjectOf(requestId, state.requesterId),
        data: { message },
      });
      switch (command.type) {
        case "Answer":
          return [
            {
              type: "SupportMessageAdded",
              data: { ...ids, by: command.by, status: "answered" },
              personal: personal(command.message),
            },
          ];
        case "Reply":
          if (!state.requesterId || command.by !== state.requesterId)
            throw new AppError("not_found", "errors.notFound");
          return [
            {
              type: "SupportMessageAdded",
              data: { ...ids, by: null, status: "new" },
              personal: personal(command.message),
            },
          ];
        case "SetStatus":
          if (command.status === state.status) return [];
          return [{ type: "SupportStatusChanged", data: { ...ids, by: command.by, status: command.status } }];
      }
    },
  };
  return decider;
}
