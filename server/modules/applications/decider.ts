import { nameUuid } from "../../lib/ids";
import type { Decider } from "../../event-store/decider";
import { ConcurrencyError } from "../../event-store/types";
import { AppError } from "../../lib/errors";
import {
  AUTO_REPLY_AFTER_MS,
  isFinal,
  mayChangeStatus,
  STATUS,
  UNDO_MS,
  type Interest,
  type RefusalReason,
  type StatusCode,
} from "./contract";
import { applicationStream, type AppliedCv, type ApplicationEvent } from "./events";

/** A consultant acting: their agency (null: a platform admin, who may act on any). */
export interface Handler {
  agencyId: string | null;
}

export type ApplicationCommand =
  | {
      type: "Submit";
      applicationId: string;
      userId: string;
      /** the account may apply (enabled candidate), read just before deciding */
      candidateEnabled: boolean;
      /** the ad as read just before deciding; null: no such ad */
      ad: {
        id: number;
        agencyId: string;
        online: boolean;
        questions: number;
        title: string;
        agencyName: string;
        branchId: string | null;
        clientId: string | null;
        consultantId: string;
      } | null;
      source: string;
      answers: boolean[];
      cv: AppliedCv | null;
      message: string;
      channel: "signed_in" | "anonymous";
    }
  | {
      type: "ChangeStatus";
      by: Handler;
      to: StatusCode;
      reason: RefusalReason | null;
      expectedVersion?: number;
      batchId?: string | null;
    }
  | { type: "UndoBatch"; by: Handler; batchId: string }
  | { type: "ChangeInterest"; by: Handler; interest: Interest | null; expectedVersion?: number }
  | { type: "AddNote"; by: Handler; noteId: string; note: string }
  | { type: "RecordMail"; by: Handler; mailId: string; purpose: string; subject: string; body: string }
  | { type: "Withdraw"; userId: string }
  | { type: "HideFromDashboard"; userId: string }
  /** the 48-hour job: rejects if the reply is due and nobody acted; `mail`: the agency's refusal template, filled in */
  | { type: "AutoReply"; mail?: RefusalMail | null }
  /**
   * The window after the status change at `version` passed: tell the candidate, unless a later
   * status change (or the undo) made it untrue or the candidate already knows that status.
   * `mail`: the agency's refusal template, filled in (read for a refusal only).
   */
  | { type: "NotifyStatus"; version: number; mail?: RefusalMail | null }
  /** a proposal for this ad accepted by the candidate */
  | { type: "Place" }
  /** the retention job: a refusal kept past its period (ADR 0048); once */
  | { type: "Anonymise" };

export interface ApplicationState {
  exists: boolean;
  applicationId: string;
  userId: string;
  agencyId: string;
  adTitle: string;
  agencyName: string;
  status: StatusCode;
  withdrawn: boolean;
  hidden: boolean;
  autoReplyDueAt: string | null;
  /** a consultant did something with it (cancels the automatic reply) */
  answered: boolean;
  lastChange: {
    from: StatusCode;
    to: StatusCode;
    at: number;
    batchId: string | null;
    reason: RefusalReason | null;
    by: string;
  } | null;
  /** its words were removed by the retention job */
  anonymised: boolean;
  /** every event counts: the stream's version */
  version: number;
  /** the version of the last status change (a note or a mail leaves a pending notice true) */
  statusVersion: number;
  /** the status the candidate was last told of */
  toldStatus: StatusCode;
}

/** The application's id: the same for the same ad and candidate (see events.ts). */
export const applicationIdFor = (adId: number, userId: string): Promise<string> =>
  nameUuid(`application:${adId}:${userId}`);

/** The agency's own refusal text for this candidate, read just before deciding (templates-commands.ts). */
export interface RefusalMail {
  templateId: string;
  subject: string;
  body: string;
}

/** The refusal notice, with the agency's text when there is one (sealed: it names the candidate). */
function refusalNotified(
  state: ApplicationState,
  reason: RefusalReason | null,
  auto: boolean,
  mail: RefusalMail | null | undefined,
): ApplicationEvent {
  const data = {
    applicationId: state.applicationId,
    userId: state.userId,
    adTitle: state.adTitle,
    agencyName: state.agencyName,
    reason,
    auto,
  };
  if (!mail) return { type: "ApplicationRefusalNotified", data };
  return {
    type: "ApplicationRefusalNotified",
    data: { ...data, templateId: mail.templateId },
    personal: { subjectId: state.userId, data: { subject: mail.subject, body: mail.body } },
  };
}

const notFound = () => new AppError("not_found", "application_not_found");
const locked = () => new AppError("conflict", "failed_operation_update_status");

/** Another agency's application reads as missing, never as forbidden (no leak). */
function handled(state: ApplicationState, by: Handler) {
  if (!state.exists || (by.agencyId !== null && by.agencyId !== state.agencyId)) throw notFound();
}
function fresh(state: ApplicationState, expectedVersion: number | undefined) {
  if (expectedVersion !== undefined && expectedVersion !== state.version)
    throw new ConcurrencyError(applicationStream(state.applicationId), expectedVersion);
}
function own(state: ApplicationState, userId: string) {
  if (!state.exists || state.userId !== userId) throw notFound();
}

export const applicationDecider: Decider<ApplicationCommand, ApplicationState, ApplicationEvent> = {
  initialState: {
    exists: false,
    applicationId: "",
    userId: "",
    agencyId: "",
    adTitle: "",
    agencyName: "",
    status: STATUS.pending,
    withdrawn: false,
    hidden: false,
    autoReplyDueAt: null,
    answered: false,
    lastChange: null,
    anonymised: false,
    version: 0,
    statusVersion: 0,
    toldStatus: STATUS.pending,
  },
  evolve(s, e) {
    const state = { ...s, version: s.version + 1 };
    switch (e.type) {
      case "ApplicationSubmitted": {
        const d = e.data;
        return {
          ...state,
          exists: true,
          applicationId: d.applicationId,
          userId: d.userId,
          agencyId: d.agencyId,
          adTitle: d.adTitle,
          agencyName: d.agencyName,
          status: STATUS.pending,
          withdrawn: false,
          hidden: false,
          autoReplyDueAt: d.autoReplyDueAt,
          answered: false,
          lastChange: null,
          statusVersion: state.version,
          toldStatus: STATUS.pending,
        };
      }
      case "ApplicationStatusChanged": {
        const d = e.data;
        const at = d.at ? new Date(d.at).getTime() : 0;
        return {
          ...state,
          status: d.to,
          answered: state.answered || d.by === "consultant",
          lastChange: { from: d.from, to: d.to, at, batchId: d.batchId, reason: d.reason, by: d.by },
          statusVersion: state.version,
          // a refusal is told by its own event; before issue 27 other changes were told at once
          toldStatus: d.toldLater || d.to === STATUS.rejected ? state.toldStatus : d.to,
        };
      }
      case "ApplicationInterestChanged":
      case "ApplicationNoteAdded":
      case "ApplicationMailSent":
        return { ...state, answered: true };
      case "ApplicationWithdrawn":
        return { ...state, withdrawn: true };
      case "ApplicationHiddenFromDashboard":
        return { ...state, hidden: true };
      case "ApplicationRefusalNotified":
        return { ...state, toldStatus: STATUS.rejected };
      case "ApplicationStatusNotified":
        return { ...state, toldStatus: e.data.status };
      case "ApplicationAnonymised":
        return { ...state, anonymised: true };
      default:
        return state;
    }
  },
  decide(command, state, ctx): ApplicationEvent[] {
    const now = ctx.clock.now();
    switch (command.type) {
      case "Submit": {
        const { ad } = command;
        if (!command.candidateEnabled) throw new AppError("forbidden", "account_disabled_cannot_apply");
        if (!ad || !ad.online) throw new AppError("not_found", "announcement_not_found");
        // withdrawn: applying again starts over; otherwise once per ad
        if (state.exists && !state.withdrawn) throw new AppError("conflict", "candidature_exist");
        if (command.answers.length !== ad.questions) throw new AppError("invalid", "validation.required");
        const anyNo = command.answers.some((a) => !a);
        return [
          {
            type: "ApplicationSubmitted",
            data: {
              applicationId: command.applicationId,
              userId: command.userId,
              adId: ad.id,
              agencyId: ad.agencyId,
              adTitle: ad.title,
              agencyName: ad.agencyName,
              branchId: ad.branchId,
              adClientId: ad.clientId,
              consultantId: ad.consultantId,
              source: command.source,
              answers: command.answers,
              // the file's name is the candidate's (often their own name): sealed below, blank here
              cv: command.cv && { ...command.cv, name: "" },
              channel: command.channel,
              autoReplyDueAt: anyNo ? new Date(now.getTime() + AUTO_REPLY_AFTER_MS).toISOString() : null,
            },
            personal: { subjectId: command.userId, data: { message: command.message, cvName: command.cv?.name ?? "" } },
          },
        ];
      }
      case "ChangeStatus": {
        handled(state, command.by);
        fresh(state, command.expectedVersion);
        if (state.status === command.to) return [];
        if (state.withdrawn || isFinal(state.status) || !mayChangeStatus(state.status, command.to)) throw locked();
        return [
          {
            type: "ApplicationStatusChanged",
            data: {
              applicationId: state.applicationId,
              userId: state.userId,
              adTitle: state.adTitle,
              from: state.status,
              to: command.to,
              by: "consultant",
              reason: command.to === STATUS.rejected ? (command.reason ?? null) : null,
              batchId: command.batchId ?? null,
              at: now.toISOString(),
              toldLater: true,
            },
          },
        ];
      }
      case "UndoBatch": {
        handled(state, command.by);
        const last = state.lastChange;
        // only the batch's own change, still the last one, still within the window
        if (!last || last.batchId !== command.batchId || state.status !== last.to) return [];
        if (now.getTime() - last.at > UNDO_MS) throw new AppError("conflict", "undo_expired");
        return [
          {
            type: "ApplicationStatusChanged",
            data: {
              applicationId: state.applicationId,
              userId: state.userId,
              adTitle: state.adTitle,
              from: last.to,
              to: last.from,
              by: "consultant",
              reason: null,
              batchId: null,
              at: now.toISOString(),
              toldLater: true,
            },
          },
        ];
      }
      case "ChangeInterest": {
        handled(state, command.by);
        fresh(state, command.expectedVersion);
        return [
          {
            type: "ApplicationInterestChanged",
            data: { applicationId: state.applicationId, candidateId: state.userId, interest: command.interest },
          },
        ];
      }
      case "AddNote": {
        handled(state, command.by);
        return [
          {
            type: "ApplicationNoteAdded",
            data: { applicationId: state.applicationId, candidateId: state.userId, noteId: command.noteId },
            personal: { subjectId: state.userId, data: { note: command.note } },
          },
        ];
      }
      case "RecordMail": {
        handled(state, command.by);
        return [
          {
            type: "ApplicationMailSent",
            data: {
              applicationId: state.applicationId,
              userId: state.userId,
              mailId: command.mailId,
              purpose: command.purpose,
            },
            personal: { subjectId: state.userId, data: { subject: command.subject, body: command.body } },
          },
        ];
      }
      case "Withdraw": {
        own(state, command.userId);
        if (state.withdrawn) return [];
        // only a pending application can be withdrawn; a decided one stays as decided
        if (state.status !== STATUS.pending) throw locked();
        return [{ type: "ApplicationWithdrawn", data: { applicationId: state.applicationId, userId: state.userId } }];
      }
      case "HideFromDashboard": {
        own(state, command.userId);
        return state.hidden
          ? []
          : [
              {
                type: "ApplicationHiddenFromDashboard",
                data: { applicationId: state.applicationId, userId: state.userId },
              },
            ];
      }
      case "AutoReply": {
        const due = state.autoReplyDueAt;
        // idempotent: not due yet, already answered by a consultant, withdrawn or decided: nothing
        if (!state.exists || !due || state.answered || state.withdrawn || state.status !== STATUS.pending) return [];
        if (now.getTime() < new Date(due).getTime()) return [];
        return [
          {
            type: "ApplicationStatusChanged",
            data: {
              applicationId: state.applicationId,
              userId: state.userId,
              adTitle: state.adTitle,
              from: state.status,
              to: STATUS.rejected,
              by: "auto",
              reason: "missing_qualification",
              batchId: null,
              at: now.toISOString(),
            },
          },
          refusalNotified(state, "missing_qualification", true, command.mail),
        ];
      }
      case "NotifyStatus": {
        // only a change still the last one, and news to the candidate (an undone change is not)
        if (!state.exists || state.withdrawn || state.statusVersion !== command.version) return [];
        if (state.status === state.toldStatus) return [];
        if (state.status === STATUS.rejected)
          return [refusalNotified(state, state.lastChange?.reason ?? null, false, command.mail)];
        return [
          {
            type: "ApplicationStatusNotified",
            data: {
              applicationId: state.applicationId,
              userId: state.userId,
              adTitle: state.adTitle,
              status: state.status,
            },
          },
        ];
      }
      case "Anonymise": {
        if (!state.exists) throw notFound();
        if (state.status !== STATUS.rejected) throw locked();
        if (state.anonymised) return [];
        const { applicationId, userId } = state;
        return [{ type: "ApplicationAnonymised", data: { applicationId, userId, rule: "refused-applications" } }];
      }
      case "Place": {
        if (!state.exists || state.status === STATUS.mission) return [];
        return [
          {
            type: "ApplicationStatusChanged",
            data: {
              applicationId: state.applicationId,
              userId: state.userId,
              adTitle: state.adTitle,
              from: state.status,
              to: STATUS.mission,
              by: "proposal",
              reason: null,
              batchId: null,
              at: now.toISOString(),
            },
          },
        ];
      }
    }
  },
};
