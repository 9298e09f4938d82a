import { memo } from "react";
import { useTranslation } from "react-i18next";
import { hhmm, spanOf, type RowKind } from "#server/modules/planning/contract";
import type { AssignmentRow } from "#server/modules/planning/queries";
import { ddmm, timesOf } from "../format";
import type { DragPreview, Peer } from "../presence";
import { Chip } from "./chip";
import { LANE, NS } from "./layout";
import type { Row } from "./shifts";

interface BoardRowProps {
  row: Row;
  top: number;
  height: number;
  width: number;
  /** the sticky names column */
  nameWidth: number;
  days: string[];
  dayWidth: number;
  perMinute: number;
  canEdit: boolean;
  /** the shift selected here */
  selected: string | null;
  /** the shifts with a warning */
  warned: Set<string>;
  /** the others who selected each shift */
  peersBySelection: Map<string, Peer[]>;
  /** the others on the board, for their drags */
  peers: Peer[];
  /** this browser's drag */
  preview: DragPreview | null;
  rowKind: RowKind;
  month: boolean;
  onSelect: (id: string) => void;
  onKey: (a: AssignmentRow, e: React.KeyboardEvent) => void;
  onEdit: (id: string) => void;
}

// memo: the virtualiser renders the board at each scroll step; a row already drawn stays as it is
export const BoardRow = memo(function BoardRow({
  row,
  top,
  height,
  width,
  nameWidth,
  days,
  dayWidth,
  perMinute,
  canEdit,
  selected,
  warned,
  peersBySelection,
  peers,
  preview,
  rowKind,
  month,
  onSelect,
  onKey,
  onEdit,
}: BoardRowProps) {
  const { t } = useTranslation(NS);
  return (
    <div
      data-testid="board-row"
      data-row={row.key}
      className="absolute left-0 flex border-b"
      style={{ top, height, width }}
    >
      <div
        className="sticky left-0 z-10 shrink-0 truncate border-r bg-background px-2 py-1 text-sm"
        style={{ width: nameWidth }}
        title={row.label}
      >
        {row.label}
      </div>
      <div className="relative" style={{ width: days.length * dayWidth }}>
        {row.items.map((a) => (
          <Chip
            key={a.id}
            a={a}
            left={days.indexOf(a.day) * dayWidth + a.startMin * perMinute}
            width={Math.max(spanOf(a.startMin, a.endMin) * perMinute, 6)}
            top={6 + a.lane * LANE}
            canEdit={canEdit}
            selected={selected === a.id}
            warned={warned.has(a.id)}
            peers={peersBySelection.get(a.id)}
            onSelect={onSelect}
            onKey={onKey}
            onEdit={onEdit}
            vertical={rowKind === "candidates"}
            label={month ? "" : `${timesOf(a)} ${rowKind === "candidates" ? a.adTitle : a.candidateName}`}
            ariaLabel={t("board.chipLabel", {
              candidate: a.candidateName,
              mission: a.adTitle,
              day: ddmm(a.day),
              times: timesOf(a),
              status: t(`status.${a.removing ? "removing" : a.status}`),
            })}
          />
        ))}
        {preview && row.items.some((a) => a.id === preview.assignmentId) ? (
          <Ghost
            p={preview}
            days={days}
            dayWidth={dayWidth}
            perMinute={perMinute}
            label={`${hhmm(preview.startMin)}–${hhmm(preview.endMin)}`}
            testId="drag-preview"
          />
        ) : null}
        {peers.map((peer) =>
          peer.drag && row.items.some((a) => a.id === peer.drag!.assignmentId) ? (
            <Ghost
              key={peer.socketId}
              p={peer.drag}
              days={days}
              dayWidth={dayWidth}
              perMinute={perMinute}
              label={t(peer.drag.kind === "resize" ? "presence.resizing" : "presence.moving", { name: peer.name })}
              testId="remote-drag"
            />
          ) : null,
        )}
      </div>
    </div>
  );
});

/** Where a shift being dragged would land: this browser's drag, or another editor's. */
function Ghost({
  p,
  days,
  dayWidth,
  perMinute,
  label,
  testId,
}: {
  p: DragPreview;
  days: string[];
  dayWidth: number;
  perMinute: number;
  label: string;
  testId: string;
}) {
  const i = days.indexOf(p.day);
  if (i < 0) return null;
  return (
    <div
      data-testid={testId}
      data-day={p.day}
      data-start={hhmm(p.startMin)}
      className="pointer-events-none absolute z-10 overflow-hidden whitespace-nowrap rounded border-2 border-dashed border-fuchsia-500 bg-fuchsia-100/70 px-1 text-[10px] leading-4 text-fuchsia-950"
      style={{
        left: i * dayWidth + p.startMin * perMinute,
        top: 2,
        width: Math.max(spanOf(p.startMin, p.endMin) * perMinute, 40),
        height: 18,
      }}
    >
      {label}
    </div>
  );
}
