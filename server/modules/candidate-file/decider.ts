import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { CandidateFileEvent } from "./events";
import {
  TAGS_PER_FILE,
  tagKey,
  type ArchiveReason,
  type DeactivateReason,
  type ReactivateReason,
  type TagColour,
} from "./rules";

export type CandidateFileCommand =
  | { type: "AddTag"; tag: string; colour: TagColour }
  /** `heldBy`: the record whose file shows the tag, when a merge moved it there from this stream's record */
  | { type: "RemoveTag"; tag: string; heldBy?: string }
  | { type: "AddComment"; commentId: string; authorId: string; body: string }
  | { type: "EditComment"; commentId: string; by: string; body: string }
  | { type: "DeleteComment"; commentId: string; by: string }
  | { type: "Archive"; reason: ArchiveReason; text: string }
  | { type: "Restore" }
  | { type: "Deactivate"; reason: DeactivateReason; text: string }
  | { type: "Reactivate"; reason: ReactivateReason; text: string }
  | { type: "RecordMail"; mailId: string; templateId: string; purpose: string; subject: string; body: string };

export interface CandidateFileState {
  agencyId: string;
  candidateId: string;
  /** tag key → the tag as written */
  tags: Record<string, string>;
  /** live comments → their author */
  comments: Record<string, string>;
  archived: boolean;
  /** this agency deactivated the candidate (for itself only) */
  deactivated: boolean;
}

/**
 * One agency's file on one candidate: its tags, comments (only the author edits or deletes), archive,
 * deactivation for this agency (a reason each way) and the mails sent from the file.
 */
export function candidateFileDecider(agencyId: string, candidateId: string) {
  const ids = { agencyId, candidateId };
  const sealed = <D>(data: D) => ({ subjectId: candidateId, data });
  const decider: Decider<CandidateFileCommand, CandidateFileState, CandidateFileEvent> = {
    initialState: { ...ids, tags: {}, comments: {}, archived: false, deactivated: false },
    evolve(state, event) {
      switch (event.type) {
        case "CandidateTagAdded":
          return { ...state, tags: { ...state.tags, [tagKey(event.data.tag)]: event.data.tag } };
        case "CandidateTagRemoved": {
          const { [tagKey(event.data.tag)]: _gone, ...tags } = state.tags;
          return { ...state, tags };
        }
        case "CandidateCommentAdded":
          return { ...state, comments: { ...state.comments, [event.data.commentId]: event.data.authorId } };
        case "CandidateCommentDeleted": {
          const { [event.data.commentId]: _gone, ...comments } = state.comments;
          return { ...state, comments };
        }
        case "CandidateArchived":
          return { ...state, archived: true };
        case "CandidateRestored":
          return { ...state, archived: false };
        case "CandidateDeactivated":
          return { ...state, deactivated: true };
        case "CandidateReactivated":
          return { ...state, deactivated: false };
        default:
          return state;
      }
    },
    decide(command, state) {
      switch (command.type) {
        case "AddTag": {
          if (state.tags[tagKey(command.tag)]) throw new AppError("conflict", "errors.tagExists", "tag");
          if (Object.keys(state.tags).length >= TAGS_PER_FILE)
            throw new AppError("invalid", "errors.tooManyTags", "tag");
          return [{ type: "CandidateTagAdded", data: { ...ids, tag: command.tag, colour: command.colour } }];
        }
        case "RemoveTag": {
          const tag = state.tags[tagKey(command.tag)];
          if (!tag) throw new AppError("not_found", "errors.tagNotFound");
          const heldBy = command.heldBy && command.heldBy !== candidateId ? { heldBy: command.heldBy } : {};
          return [{ type: "CandidateTagRemoved", data: { ...ids, tag, ...heldBy } }];
        }
        case "AddComment":
          return [
            {
              type: "CandidateCommentAdded",
              data: { ...ids, commentId: command.commentId, authorId: command.authorId },
              personal: sealed({ body: command.body }),
            },
          ];
        case "EditComment":
        case "DeleteComment": {
          const author = state.comments[command.commentId];
          if (!author) throw new AppError("not_found", "errors.commentNotFound");
          if (author !== command.by) throw new AppError("forbidden", "errors.notAuthor");
          return command.type === "EditComment"
            ? [
                {
                  type: "CandidateCommentEdited",
                  data: { ...ids, commentId: command.commentId },
                  personal: sealed({ body: command.body }),
                },
              ]
            : [{ type: "CandidateCommentDeleted", data: { ...ids, commentId: command.commentId } }];
        }
        case "Archive":
          if (state.archived) throw new AppError("conflict", "errors.alreadyArchived");
          return [
            {
              type: "CandidateArchived",
              data: { ...ids, reason: command.reason },
              personal: sealed({ text: command.text }),
            },
          ];
        case "Restore":
          if (!state.archived) throw new AppError("conflict", "errors.notArchived");
          return [{ type: "CandidateRestored", data: ids }];
        case "Deactivate":
          if (state.deactivated) throw new AppError("conflict", "errors.alreadyDeactivated");
          return [
            {
              type: "CandidateDeactivated",
              data: { ...ids, reason: command.reason },
              personal: sealed({ text: command.text }),
            },
          ];
        case "Reactivate":
          if (!state.deactivated) throw new AppError("conflict", "errors.notDeactivated");
          return [
            {
              type: "CandidateReactivated",
              data: { ...ids, reason: command.reason },
              personal: sealed({ text: command.text }),
            },
          ];
        case "RecordMail":
          // the access rule allowed contact before the mail was written; a deactivated candidate gets none from this agency
          if (state.deactivated) throw new AppError("conflict", "errors.deactivatedNoMail");
          return [
            {
              type: "CandidateMailSent",
              data: { ...ids, mailId: command.mailId, templateId: command.templateId, purpose: command.purpose },
              personal: sealed({ subject: command.subject, body: command.body }),
            },
          ];
      }
    },
  };
  return decider;
}
