import { useCallback, useEffect } from "react";
import { DAY_MINUTES, STEP_MINUTES } from "#server/modules/planning/contract";
import type { AssignmentRow } from "#server/modules/planning/queries";
import { resized, shifted, type Shift } from "./shifts";

interface BoardKeys {
  canEdit: boolean;
  days: string[];
  change: (a: AssignmentRow, next: Shift) => void;
  remove: (a: AssignmentRow) => void;
  edit: (id: string) => void;
  undoLast: () => void;
}

/**
 * The board's keyboard: Ctrl/Cmd+Z undoes (outside text inputs); on a shift, arrows move a day,
 * Alt+arrows 15 minutes, Shift+arrows change the end; Enter edits, Delete removes.
 * Returns the key handler of a shift.
 */
export function useBoardKeys({ canEdit, days, change, remove, edit, undoLast }: BoardKeys) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if ((e.ctrlKey || e.metaKey) && e.key === "z" && !(e.target instanceof HTMLInputElement)) {
        e.preventDefault();
        undoLast();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [undoLast]);

  return useCallback(
    (a: AssignmentRow, e: React.KeyboardEvent) => {
      if (!canEdit || a.removing) return;
      const dir = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (dir) {
        e.preventDefault();
        if (e.shiftKey) change(a, resized(a, dir * STEP_MINUTES));
        else change(a, shifted(a, dir * (e.altKey ? STEP_MINUTES : DAY_MINUTES), days));
      } else if (e.key === "Enter") {
        e.preventDefault();
        edit(a.id);
      } else if (e.key === "Delete") {
        e.preventDefault();
        remove(a);
      }
    },
    [canEdit, change, remove, edit, days],
  );
}
