import { DndContext } from "@dnd-kit/core";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useCallback, useDeferredValue, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { DAY_MINUTES, type PlanningView, type PlanningWarning, type RowKind } from "#server/modules/planning/contract";
import type { AssignmentRow, PoolRow } from "#server/modules/planning/queries";
import { ddmm } from "../format";
import { usePresence, type Peer } from "../presence";
import { BoardRow } from "./board-row";
import { BoardToolbar } from "./board-toolbar";
import { Editor } from "./editor";
import { IssuePanel } from "./issue-panel";
import { boardGeometry, LANE, NS } from "./layout";
import { Pool } from "./pool";
import { daysBetween, rowsOf } from "./shifts";
import { Timeline } from "./timeline";
import { useBoardCommands } from "./use-board-commands";
import { useBoardDrag } from "./use-board-drag";
import { useBoardKeys } from "./use-board-keys";
import { useNarrow, useWidthOf } from "./use-narrow";

export interface BoardProps {
  view: PlanningView;
  from: string;
  to: string;
  rows: RowKind;
  assignments: AssignmentRow[];
  pool: PoolRow[];
  /** the agency's missions, for placing any of its candidates from the pool */
  missions: { id: number; name: string }[];
  warnings: PlanningWarning[];
  canEdit: boolean;
  me: { id: string; name: string; agencyId: string | null };
}

/** The planning timeline: rows of shifts to drag, resize, edit and undo, with the others' presence. */
export function Board(props: BoardProps) {
  const { view, from, to, canEdit, me } = props;
  const { t } = useTranslation(NS);
  const days = useMemo(() => daysBetween(from, to), [from, to]);
  const scrollRef = useRef<HTMLDivElement>(null);
  const narrow = useNarrow();
  const { nameWidth, dayWidth } = boardGeometry(view, narrow, useWidthOf(scrollRef));
  const perMinute = dayWidth / DAY_MINUTES;
  const presence = usePresence(canEdit ? me.agencyId : null);
  const { update: updatePresence } = presence;
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const closeEditor = useCallback(() => setEditing(null), []);

  const commands = useBoardCommands({ assignments: props.assignments, canEdit, onRemoved: closeEditor });
  const { byId, busy, submit } = commands;
  const onChipKey = useBoardKeys({
    canEdit,
    days,
    change: commands.change,
    remove: commands.remove,
    edit: setEditing,
    undoLast: commands.undoLast,
  });
  const drag = useBoardDrag({
    view,
    rowKind: props.rows,
    days,
    nameWidth,
    dayWidth,
    perMinute,
    byId,
    updatePresence,
    submit,
    change: commands.change,
    reassign: commands.reassign,
  });

  const rows = useMemo(
    () => rowsOf(props.rows, commands.drawn, props.pool, days),
    [props.rows, commands.drawn, props.pool, days],
  );
  const warned = useMemo(() => new Set(props.warnings.flatMap((w) => w.assignmentIds)), [props.warnings]);
  const select = useCallback(
    (id: string | null) => {
      setSelected(id);
      updatePresence({ selection: id });
    },
    [updatePresence],
  );

  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => 12 + rows[i]!.lanes * LANE,
    overscan: 6,
    // rows entering the overscan render in the background (useDeferredValue below), not inside the scroll frame
    useFlushSync: false,
  });
  const shownRows = useDeferredValue(virtual.getVirtualItems());
  const width = nameWidth + days.length * dayWidth;
  const peersBySelection = useMemo(() => {
    const sel = new Map<string, Peer[]>();
    for (const p of presence.peers) if (p.selection) sel.set(p.selection, [...(sel.get(p.selection) ?? []), p]);
    return sel;
  }, [presence.peers]);
  const editingRow = editing ? byId.get(editing) : undefined;
  const { issue } = commands;

  return (
    <div className="grid min-w-0 gap-3" data-testid="planning-board" data-view={view}>
      <BoardToolbar
        people={presence.people}
        canEdit={canEdit}
        canUndo={commands.canUndo}
        busy={busy}
        onUndo={commands.undoLast}
      />
      {issue ? (
        <IssuePanel
          issue={issue}
          onRetry={(fields) => submit(fields)}
          onClose={commands.dismissIssue}
          current={byId.get(issue.fields.assignmentId ?? "")}
        />
      ) : null}
      <DndContext
        sensors={drag.sensors}
        onDragStart={drag.onDragStart}
        onDragMove={drag.onDragMove}
        onDragEnd={drag.onDragEnd}
        onDragCancel={drag.onDragCancel}
      >
        {/* on a phone the pool folds above the timeline, which takes the whole width */}
        <div className={narrow ? "flex min-w-0 flex-col-reverse gap-3" : "flex min-w-0 gap-3"}>
          <Timeline id="planning-scroll" scrollRef={scrollRef} width={width}>
            <div className="sticky top-0 z-20 flex border-b bg-background" style={{ width }}>
              <div
                className="sticky left-0 z-30 shrink-0 border-r bg-background px-2 py-1 text-xs font-semibold"
                style={{ width: nameWidth }}
              >
                {t(`rows.${props.rows}`)}
              </div>
              {days.map((d) => (
                <div
                  key={d}
                  className="shrink-0 border-r px-1 py-1 text-center text-xs"
                  style={{ width: dayWidth }}
                  data-testid="day-head"
                  data-day={d}
                >
                  {view === "month" ? d.slice(8, 10) : ddmm(d)}
                </div>
              ))}
            </div>
            <div style={{ height: virtual.getTotalSize(), width, position: "relative" }}>
              {/* the day lines once for the whole height, plain borders: cheap to paint while scrolling */}
              {days.map((d, i) => (
                <div
                  key={d}
                  aria-hidden
                  className="absolute inset-y-0 border-r border-border/50"
                  style={{ left: nameWidth + (i + 1) * dayWidth - 1 }}
                />
              ))}
              {shownRows.map((v) => {
                const row = rows[v.index];
                // the deferred rows may still count rows a new filter took away
                return row ? (
                  <BoardRow
                    key={row.key}
                    row={row}
                    top={v.start}
                    height={v.size}
                    width={width}
                    nameWidth={nameWidth}
                    days={days}
                    dayWidth={dayWidth}
                    perMinute={perMinute}
                    canEdit={canEdit}
                    selected={selected}
                    warned={warned}
                    peersBySelection={peersBySelection}
                    peers={presence.peers}
                    preview={drag.preview}
                    rowKind={props.rows}
                    month={view === "month"}
                    onSelect={select}
                    onKey={onChipKey}
                    onEdit={setEditing}
                  />
                ) : null;
              })}
            </div>
          </Timeline>
          {canEdit ? <Pool pool={props.pool} missions={props.missions} folding={narrow} /> : null}
        </div>
      </DndContext>
      {editingRow ? (
        <Editor
          key={editingRow.id}
          a={editingRow}
          onClose={closeEditor}
          submit={submit}
          reply={commands.reply}
          busy={busy}
        />
      ) : null}
      <p className="text-xs text-muted-foreground">{t("board.keys")}</p>
    </div>
  );
}
