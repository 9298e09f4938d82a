import { MouseSensor, TouchSensor, useSensor, useSensors, type DragEndEvent, type DragMoveEvent } from "@dnd-kit/core";
import { useCallback, useEffect, useRef, useState } from "react";
import { DAY_MINUTES, type PlanningView, type RowKind } from "#server/modules/planning/contract";
import type { AssignmentRow } from "#server/modules/planning/queries";
import type { DragPreview, usePresence } from "../presence";
import { rowAt, startedOnHandle } from "./layout";
import { fieldsOf, resized, shifted, snap, type Fields, type Shift } from "./shifts";

const MOUSE = { activationConstraint: { distance: 4 } };
// a finger drags after a short press, so that a swipe still scrolls the timeline and the pool on a phone
const TOUCH = { activationConstraint: { delay: 250, tolerance: 8 } };

interface BoardDrag {
  view: PlanningView;
  rowKind: RowKind;
  days: string[];
  /** the sticky names column, left of the days */
  nameWidth: number;
  dayWidth: number;
  perMinute: number;
  byId: Map<string, AssignmentRow>;
  updatePresence: ReturnType<typeof usePresence>["update"];
  submit: (fields: Fields) => void;
  change: (a: AssignmentRow, next: Shift) => void;
  reassign: (a: AssignmentRow, next: Shift, candidateId: string) => void;
}

/**
 * Dragging on the board: a shift moves (or resizes from its right edge, or goes to another
 * candidate's row), a pool entry dropped on a day plans a new shift. The drag is previewed here
 * and shown to the others (presence). Returns the preview and DndContext's sensors and handlers.
 */
export function useBoardDrag({
  view,
  rowKind,
  days,
  nameWidth,
  dayWidth,
  perMinute,
  byId,
  updatePresence,
  submit,
  change,
  reassign,
}: BoardDrag) {
  const [preview, setPreview] = useState<DragPreview | null>(null);
  // the options must be the same object at each render: a new one remakes the context every draggable reads
  const sensors = useSensors(useSensor(MouseSensor, MOUSE), useSensor(TouchSensor, TOUCH));
  const targetOf = useCallback(
    (activeId: string, dx: number, resize: boolean): DragPreview | null => {
      const [kind, id] = activeId.split(":") as [string, string];
      const a = byId.get(id);
      if (!a || kind !== "a") return null;
      const minutes = snap(dx / perMinute);
      const next = resize ? resized(a, minutes) : shifted(a, minutes, days);
      return {
        assignmentId: id,
        day: next.day,
        startMin: next.startMin,
        endMin: next.endMin,
        kind: resize ? "resize" : "move",
      };
    },
    [byId, perMinute, days],
  );
  // a move reported after the drop (pointer events still in flight) must not show the drag again to the others
  const dragging = useRef(false);
  // where the pointer is now, in the viewport: dnd-kit's delta also counts the page's scrolling
  // during the drag, which the rects read at the drop already include
  const pointerAt = useLastPointer();

  const onDragStart = useCallback(() => void (dragging.current = true), []);
  const onDragMove = useCallback(
    (e: DragMoveEvent) => {
      if (!dragging.current) return;
      const p = targetOf(String(e.active.id), e.delta.x, startedOnHandle(e.activatorEvent));
      setPreview(p);
      if (p) updatePresence({ drag: p, selection: p.assignmentId });
    },
    [targetOf, updatePresence],
  );
  const onDragCancel = useCallback(() => {
    dragging.current = false;
    setPreview(null);
    updatePresence({ drag: null });
  }, [updatePresence]);

  /** From the pool onto the timeline: a new shift on the day under the pointer. */
  const planFromPool = useCallback(
    (placementId: string, e: DragEndEvent) => {
      // read from the timeline as it is now (it may have scrolled by itself during the drag)
      const scroller = document.getElementById("planning-scroll");
      const pointer = pointerAt.current;
      if (!e.over || !scroller || !pointer) return;
      const x = pointer.x - scroller.getBoundingClientRect().left - nameWidth + scroller.scrollLeft;
      const dayIndex = Math.floor(x / dayWidth);
      if (dayIndex < 0 || dayIndex >= days.length) return;
      const start = view === "day" ? Math.min(snap((x % dayWidth) / perMinute), DAY_MINUTES - 8 * 60) : 8 * 60;
      submit({
        intent: "create",
        placementId,
        ...fieldsOf({
          day: days[dayIndex]!,
          startMin: start,
          endMin: start + 9 * 60,
          breakMin: 60,
          place: "",
          note: "",
        }),
      });
    },
    [submit, nameWidth, dayWidth, days, perMinute, view, pointerAt],
  );

  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      onDragCancel();
      const id = String(e.active.id);
      if (id.startsWith("p:")) return planFromPool(id.slice(2), e);
      const resize = startedOnHandle(e.activatorEvent);
      const p = targetOf(id, e.delta.x, resize);
      const a = p && byId.get(p.assignmentId);
      if (!p || !a) return;
      // dropped on another candidate's row: the shift becomes theirs
      const other = rowKind === "candidates" && !resize ? rowAt(pointerAt.current) : null;
      if (other && other !== a.candidateId)
        return reassign(a, { ...a, day: p.day, startMin: p.startMin, endMin: p.endMin }, other);
      if (p.day === a.day && p.startMin === a.startMin && p.endMin === a.endMin) return;
      change(a, { ...a, day: p.day, startMin: p.startMin, endMin: p.endMin });
    },
    [onDragCancel, planFromPool, targetOf, byId, change, reassign, rowKind, pointerAt],
  );

  return { preview, sensors, onDragStart, onDragMove, onDragEnd, onDragCancel };
}

/** The last pointer position in the viewport (updated on every pointer move). */
function useLastPointer() {
  const at = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const track = (e: PointerEvent) => void (at.current = { x: e.clientX, y: e.clientY });
    // a touch drag: the browser may stop sending pointer events once it considered panning
    const touch = (e: TouchEvent) => {
      const t = e.touches[0];
      if (t) at.current = { x: t.clientX, y: t.clientY };
    };
    window.addEventListener("pointermove", track, { passive: true, capture: true });
    window.addEventListener("pointerdown", track, { passive: true, capture: true });
    window.addEventListener("touchmove", touch, { passive: true, capture: true });
    return () => {
      window.removeEventListener("pointermove", track, { capture: true });
      window.removeEventListener("pointerdown", track, { capture: true });
      window.removeEventListener("touchmove", touch, { capture: true });
    };
  }, []);
  return at;
}
