import type { Decider } from "../../event-store/decider";
import { AppError } from "../../lib/errors";
import type { MergeEvent } from "./events";
import { MERGE_UNDO_DAYS, type MergeMoves, type ProfileSections } from "./merge-rules";

export type MergeCommand =
  | {
      type: "Merge";
      survivorId: string;
      by: string;
      moved: MergeMoves;
      before: ProfileSections;
      after: ProfileSections;
    }
  | { type: "Undo"; by: string };

type Merged = { survivorId: string; moved: MergeMoves; mergedAt: string; before?: ProfileSections };
export type MergeState = { merged: Merged | null };

const DAY_MS = 86_400_000;

/** A merge of one record into another, and its undo within 30 days (by the decider's clock): each once. */
export function mergeDecider(mergedId: string) {
  const decider: Decider<MergeCommand, MergeState, MergeEvent> = {
    initialState: { merged: null },
    evolve(_state, event) {
      if (event.type === "CandidateMergeUndone") return { merged: null };
      const { survivorId, moved, mergedAt, before } = event.data;
      return { merged: { survivorId, moved, mergedAt, before } };
    },
    decide(command, state, { clock }) {
      if (command.type === "Merge") {
        if (state.merged) throw new AppError("conflict", "merge.errors.alreadyMerged");
        if (command.survivorId === mergedId) throw new AppError("invalid", "merge.errors.survivor", "survivor");
        const { survivorId, by, moved, before, after } = command;
        return [
          {
            type: "CandidatesMerged",
            data: {
              survivorId,
              mergedId,
              candidateIds: [survivorId, mergedId],
              moved,
              by,
              mergedAt: clock.now().toISOString(),
            },
            personal: { subjectId: survivorId, data: { before, after } },
          },
        ];
      }
      const merged = state.merged;
      if (!merged) throw new AppError("conflict", "merge.errors.notMerged");
      if (clock.now().getTime() - new Date(merged.mergedAt).getTime() > MERGE_UNDO_DAYS * DAY_MS)
        throw new AppError("conflict", "merge.errors.tooLate");
      // the survivor erased meanwhile: its profile is gone, nothing of it to restore
      if (!merged.before) throw new AppError("conflict", "merge.errors.notMerged");
      const { survivorId, moved } = merged;
      return [
        {
          type: "CandidateMergeUndone",
          data: { survivorId, mergedId, candidateIds: [survivorId, mergedId], moved, by: command.by },
          personal: { subjectId: survivorId, data: { restored: merged.before } },
        },
      ];
    },
  };
  return decider;
}
