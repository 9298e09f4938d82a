import { useFetcher } from "@remix-run/react";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { AssignmentRow } from "#server/modules/planning/queries";
import type { PlanningReply } from "~/routes/_app+/planification.server";
import { fieldsOf, type Fields, type Shift, type UndoStep } from "./shifts";

/** A refusal of a drag or key move, with the fields that were sent (to send again). */
export type BoardIssue = { fields: Fields; reply: Extract<PlanningReply, { ok: false }> };
/** The change being saved: its fields, what undoes it, and whether it is itself an undo. */
type SentChange = { fields: Fields; undo: UndoStep | null; isUndo: boolean };
/** A move asked while the previous one is being saved: the last one asked wins. */
type QueuedMove = { id: string; next: Shift };

const UNDO_STEPS = 20;

/**
 * The board's changes: one save at a time through one fetcher, a move asked meanwhile queued,
 * the shifts drawn where they go until saved, the last 20 changes undoable, and a refusal kept
 * as an issue to resolve (the editor shows its own).
 */
export function useBoardCommands({
  assignments,
  canEdit,
  onRemoved,
}: {
  assignments: AssignmentRow[];
  canEdit: boolean;
  onRemoved: () => void;
}) {
  const fetcher = useFetcher<PlanningReply>();
  const [issue, setIssue] = useState<BoardIssue | null>(null);
  const [undoSteps, setUndoSteps] = useState<UndoStep[]>([]);
  const sent = useRef<SentChange | null>(null);
  const busy = fetcher.state !== "idle";
  const onRemovedNow = useRef(onRemoved);
  onRemovedNow.current = onRemoved;

  const byId = useMemo(() => new Map(assignments.map((a) => [a.id, a])), [assignments]);
  const byIdNow = useRef(byId);
  byIdNow.current = byId;
  const [queued, setQueued] = useState<QueuedMove | null>(null);
  const queuedNow = useRef(queued);
  queuedNow.current = queued;
  const drawn = useMemo(
    () => withPendingMoves(assignments, fetcher.formData, queued),
    [assignments, fetcher.formData, queued],
  );

  const submit = useCallback(
    (fields: Fields, step: UndoStep | null = null, isUndo = false) => {
      if (!canEdit) return;
      sent.current = { fields, undo: step, isUndo };
      fetcher.submit({ ...fields, js: "1" }, { method: "post", action: "/planification" });
    },
    [canEdit, fetcher],
  );

  useEffect(() => {
    const reply = fetcher.data;
    const s = sent.current;
    if (fetcher.state !== "idle" || !reply || !s) return;
    sent.current = null;
    const waiting = queuedNow.current;
    setQueued(null);
    const current = waiting && byIdNow.current.get(waiting.id);
    // the waiting move goes with the version the saved one made (the board has reloaded by now)
    if (reply.ok && waiting && current)
      submit(
        { intent: "change", assignmentId: current.id, version: String(current.version), ...fieldsOf(waiting.next) },
        { kind: "change", id: current.id, before: current },
      );
    if (reply.ok) {
      setIssue(null);
      if (s.isUndo) setUndoSteps((u) => u.slice(0, -1));
      else if (reply.intent === "create" && reply.id)
        setUndoSteps((u) => [...u.slice(1 - UNDO_STEPS), { kind: "create", id: reply.id! }]);
      else if (s.undo) setUndoSteps((u) => [...u.slice(1 - UNDO_STEPS), s.undo!]);
      if (reply.intent === "remove") onRemovedNow.current();
    } else if (!s.fields.formId) setIssue({ fields: s.fields, reply }); // the editor shows its own
  }, [fetcher.state, fetcher.data, submit]);

  const change = useCallback(
    (a: AssignmentRow, next: Shift) => {
      if (busy) return setQueued({ id: a.id, next });
      submit(
        { intent: "change", assignmentId: a.id, version: String(a.version), ...fieldsOf(next) },
        { kind: "change", id: a.id, before: a },
      );
    },
    [busy, submit],
  );

  const reassign = useCallback(
    (a: AssignmentRow, next: Shift, candidateId: string) => {
      if (!busy)
        submit({ intent: "change", assignmentId: a.id, version: String(a.version), candidateId, ...fieldsOf(next) });
    },
    [busy, submit],
  );

  const remove = useCallback(
    (a: AssignmentRow) => submit({ intent: "remove", assignmentId: a.id, version: String(a.version) }),
    [submit],
  );

  const undoLast = useCallback(() => {
    const step = undoSteps.at(-1);
    if (!step || busy) return;
    const current = byId.get(step.id);
    if (!current) return setUndoSteps((u) => u.slice(0, -1));
    if (step.kind === "create")
      submit({ intent: "remove", assignmentId: current.id, version: String(current.version) }, null, true);
    else
      submit(
        { intent: "change", assignmentId: current.id, version: String(current.version), ...fieldsOf(step.before) },
        null,
        true,
      );
  }, [undoSteps, busy, byId, submit]);

  const dismissIssue = useCallback(() => setIssue(null), []);

  return {
    reply: fetcher.data,
    busy,
    byId,
    drawn,
    issue,
    dismissIssue,
    canUndo: undoSteps.length > 0,
    submit,
    change,
    reassign,
    remove,
    undoLast,
  };
}

/** While a change is under way or waits, the shift is drawn where it goes. */
function withPendingMoves(
  assignments: AssignmentRow[],
  saving: FormData | undefined,
  queued: QueuedMove | null,
): AssignmentRow[] {
  let out = assignments;
  if (saving && saving.get("intent") === "change") {
    const id = String(saving.get("assignmentId"));
    const [sh, sm] = String(saving.get("start")).split(":").map(Number) as [number, number];
    const [eh, em] = String(saving.get("end")).split(":").map(Number) as [number, number];
    out = out.map((a) =>
      a.id === id ? { ...a, day: String(saving.get("day")), startMin: sh * 60 + sm, endMin: eh * 60 + em } : a,
    );
  }
  return queued ? out.map((a) => (a.id === queued.id ? { ...a, ...queued.next } : a)) : out;
}
