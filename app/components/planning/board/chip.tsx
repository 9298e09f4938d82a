import { useDraggable } from "@dnd-kit/core";
import { memo } from "react";
import { hhmm } from "#server/modules/planning/contract";
import type { AssignmentRow } from "#server/modules/planning/queries";
import { cn } from "~/utils/cn";
import { initialsOf, type Peer } from "../presence";
import { LANE, RESIZE_HANDLE, startedOnHandle } from "./layout";

export interface ChipProps {
  a: AssignmentRow & { lane: number };
  left: number;
  width: number;
  top: number;
  canEdit: boolean;
  selected: boolean;
  warned: boolean;
  peers: Peer[] | undefined;
  label: string;
  ariaLabel: string;
  vertical: boolean;
  onSelect: (id: string) => void;
  onKey: (a: AssignmentRow, e: React.KeyboardEvent) => void;
  onEdit: (id: string) => void;
}

/** One shift; drafts are dashed and amber, removals struck through; others' selections ringed. */
export const Chip = memo(function Chip({
  a,
  left,
  width,
  top,
  canEdit,
  selected,
  warned,
  peers,
  label,
  ariaLabel,
  vertical,
  onSelect,
  onKey,
  onEdit,
}: ChipProps) {
  // the fewest hooks per shift: hundreds mount while the board scrolls
  const move = useDraggable({ id: `a:${a.id}`, disabled: !canEdit || a.removing });
  const resizing = move.isDragging && startedOnHandle(move.activatorEvent);
  const dx = resizing ? 0 : (move.transform?.x ?? 0);
  // on the candidates' rows a shift may also go to another candidate's row
  const dy = resizing || !vertical ? 0 : (move.transform?.y ?? 0);
  const dw = resizing ? (move.transform?.x ?? 0) : 0;
  const draft = a.status === "draft";
  return (
    <div
      ref={move.setNodeRef}
      {...move.attributes}
      {...move.listeners}
      role="button"
      tabIndex={0}
      aria-label={ariaLabel}
      data-testid="assignment"
      data-id={a.id}
      data-day={a.day}
      data-start={hhmm(a.startMin)}
      data-end={hhmm(a.endMin)}
      data-status={a.status}
      data-version={a.version}
      onFocus={() => onSelect(a.id)}
      onKeyDown={(e) => onKey(a, e)}
      onDoubleClick={() => onEdit(a.id)}
      className={cn(
        "absolute flex items-center overflow-hidden whitespace-nowrap rounded px-1 text-[11px] leading-5 focus:outline-none focus-visible:ring-2 focus-visible:ring-ring",
        draft
          ? "border border-dashed border-amber-600 bg-amber-100 text-amber-950"
          : "border border-primary bg-primary/15",
        a.removing && "line-through opacity-60",
        warned && "outline outline-2 outline-amber-500",
        selected && "ring-2 ring-primary",
        peers?.length && "ring-2 ring-fuchsia-500",
        move.isDragging && "z-20 opacity-80 shadow-lg",
      )}
      style={{
        left,
        top,
        width: width + dw,
        height: LANE - 2,
        transform: dx || dy ? `translate3d(${dx}px,${dy}px,0)` : undefined,
      }}
    >
      {warned ? <span aria-hidden>⚠</span> : null}
      <span className="truncate">{label}</span>
      {peers?.length ? (
        <span
          data-testid="remote-selection"
          className="ml-1 rounded bg-fuchsia-500 px-1 text-[9px] text-white"
          title={peers.map((p) => p.name).join(", ")}
        >
          {peers.map((p) => initialsOf(p.name)).join(" ")}
        </span>
      ) : null}
      {canEdit && !a.removing ? (
        <span
          aria-hidden
          data-testid={RESIZE_HANDLE}
          className="absolute inset-y-0 right-0 w-1.5 cursor-ew-resize bg-black/10"
        />
      ) : null}
    </div>
  );
});
