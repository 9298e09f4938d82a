import { DndContext, PointerSensor, useDraggable, useDroppable, useSensor, useSensors, type DragEndEvent, type DragMoveEvent } from "@dnd-kit/core";
import { useFetcher } from "@remix-run/react";
import { useVirtualizer } from "@tanstack/react-virtual";
import { memo, useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button";
import { cn } from "~/utils/cn";
import { addDaysTo, DAY_MINUTES, hhmm, poolKey, spanOf, STEP_MINUTES, type PlanningView, type PlanningWarning, type RowKind } from "#server/modules/planning/contract";
import type { AssignmentRow, PoolRow } from "#server/modules/planning/queries";
import type { PlanningReply } from "~/routes/_app+/planification.server";
import type { CandidateSearchAnswer } from "~/routes/_resources+/planification.candidates";
import { ddmm, timesOf, warningText } from "./format";
import { initialsOf, usePresence, type DragPreview, type Peer } from "./presence";

const DAY_WIDTH: Record<PlanningView, number> = { day: 1152, week: 168, month: 44 };
const NAME_WIDTH = 200;
const LANE = 22;
const NS = ["planning", "common"];
const POINTER = { activationConstraint: { distance: 4 } };
/** One draggable per shift: a drag that starts on its right edge resizes it. */
const RESIZE_HANDLE = "resize-handle";
const startedOnHandle = (e: Event | null | undefined) => e?.target instanceof Element && e.target.closest(`[data-testid="${RESIZE_HANDLE}"]`) !== null;
/** The row under the pointer where a drag ended (its key: the candidate's id on the candidates' rows). */
/** The candidate row under a point of the viewport. */
function rowAt(point: { x: number; y: number } | null): string | null {
  if (!point) return null;
  const { x, y } = point;
  const row = document.elementsFromPoint(x, y).find((el): el is HTMLElement => el instanceof HTMLElement && el.dataset.testid === "board-row" && el.getBoundingClientRect().top <= y && y < el.getBoundingClientRect().bottom);
  return row?.dataset.row ?? null;
}

/** The last pointer position in the viewport (updated on every pointer move). */
function useLastPointer() {
  const at = useRef<{ x: number; y: number } | null>(null);
  useEffect(() => {
    const track = (e: PointerEvent) => void (at.current = { x: e.clientX, y: e.clientY });
    window.addEventListener("pointermove", track, { passive: true, capture: true });
    window.addEventListener("pointerdown", track, { passive: true, capture: true });
    return () => {
      window.removeEventListener("pointermove", track, { capture: true });
      window.removeEventListener("pointerdown", track, { capture: true });
    };
  }, []);
  return at;
}

type Shift = Pick<AssignmentRow, "day" | "startMin" | "endMin" | "breakMin" | "place" | "note">;
type Fields = Record<string, string>;
type UndoStep = { kind: "change"; id: string; before: Shift } | { kind: "create"; id: string };

interface Row {
  key: string;
  label: string;
  items: (AssignmentRow & { lane: number })[];
  lanes: number;
}

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

/** The shift moved by whole steps of minutes (it may land on another day). */
function shifted(a: Shift, minutes: number, days: string[]): Shift {
  const base = days.indexOf(a.day);
  const total = (base < 0 ? 0 : base) * DAY_MINUTES + a.startMin + minutes;
  const dayIndex = Math.floor(total / DAY_MINUTES);
  const startMin = ((total % DAY_MINUTES) + DAY_MINUTES) % DAY_MINUTES;
  const span = spanOf(a.startMin, a.endMin);
  return { ...a, day: addDaysTo(days[0]!, dayIndex), startMin, endMin: (startMin + span) % DAY_MINUTES };
}
function resized(a: Shift, minutes: number): Shift {
  const span = Math.min(Math.max(spanOf(a.startMin, a.endMin) + minutes, STEP_MINUTES), DAY_MINUTES - STEP_MINUTES);
  return { ...a, endMin: (a.startMin + span) % DAY_MINUTES };
}
const snap = (minutes: number) => Math.round(minutes / STEP_MINUTES) * STEP_MINUTES;
const fieldsOf = (s: Shift): Fields => ({
  day: s.day,
  start: hhmm(s.startMin),
  end: hhmm(s.endMin),
  overnight: s.endMin <= s.startMin ? "on" : "",
  breakMinutes: String(s.breakMin),
  place: s.place,
  note: s.note,
});

/** Rows of the chosen kind with each shift in a lane (shifts of one row that overlap stack). */
function rowsOf(kind: RowKind, assignments: AssignmentRow[], pool: PoolRow[], days: string[]): Row[] {
  const keyOf = (a: { candidateId: string; adId: number; clientId: string | null }) =>
    kind === "candidates" ? a.candidateId : kind === "missions" ? String(a.adId) : (a.clientId ?? "-");
  const labelOf = (a: { candidateName: string; adTitle: string; clientName: string | null }) =>
    kind === "candidates" ? a.candidateName : kind === "missions" ? a.adTitle : (a.clientName ?? "—");
  const rows = new Map<string, Row>();
  for (const p of pool) if (!rows.has(keyOf(p))) rows.set(keyOf(p), { key: keyOf(p), label: labelOf(p), items: [], lanes: 1 });
  for (const a of assignments) {
    const row = rows.get(keyOf(a)) ?? { key: keyOf(a), label: labelOf(a), items: [], lanes: 1 };
    rows.set(row.key, row);
    row.items.push({ ...a, lane: 0 });
  }
  for (const row of rows.values()) {
    const ends: number[] = [];
    const at = (a: AssignmentRow) => days.indexOf(a.day) * DAY_MINUTES + a.startMin;
    row.items.sort((x, y) => at(x) - at(y));
    for (const item of row.items) {
      const s = at(item);
      const lane = ends.findIndex((e) => e <= s);
      item.lane = lane < 0 ? ends.length : lane;
      ends[item.lane] = s + spanOf(item.startMin, item.endMin);
    }
    row.lanes = Math.max(1, ends.length);
  }
  return [...rows.values()].sort((a, b) => a.label.localeCompare(b.label));
}

export function Board(props: BoardProps) {
  const { view, from, to, canEdit, me } = props;
  const { t } = useTranslation(NS);
  const days = useMemo(() => {
    const out: string[] = [];
    for (let d = from; d <= to; d = addDaysTo(d, 1)) out.push(d);
    return out;
  }, [from, to]);
  const dayWidth = DAY_WIDTH[view];
  const perMinute = dayWidth / DAY_MINUTES;
  const fetcher = useFetcher<PlanningReply>();
  const presence = usePresence(canEdit ? me.agencyId : null);
  const [selected, setSelected] = useState<string | null>(null);
  const [editing, setEditing] = useState<string | null>(null);
  const [preview, setPreview] = useState<DragPreview | null>(null);
  const [issue, setIssue] = useState<{ fields: Fields; reply: Extract<PlanningReply, { ok: false }> } | null>(null);
  const [undo, setUndo] = useState<UndoStep[]>([]);
  const sent = useRef<{ fields: Fields; undo: UndoStep | null; isUndo: boolean } | null>(null);
  const busy = fetcher.state !== "idle";

  const byId = useMemo(() => new Map(props.assignments.map((a) => [a.id, a])), [props.assignments]);
  const byIdNow = useRef(byId);
  byIdNow.current = byId;
  // a move asked while the previous one is being saved waits for it (the last one asked wins)
  const [queued, setQueued] = useState<{ id: string; next: Shift } | null>(null);
  const queuedNow = useRef(queued);
  queuedNow.current = queued;
  // while a change is under way or waits, the shift is drawn where it goes
  const optimistic = useMemo(() => {
    const f = fetcher.formData;
    let out = props.assignments;
    if (f && f.get("intent") === "change") {
      const id = String(f.get("assignmentId"));
      const [sh, sm] = String(f.get("start")).split(":").map(Number) as [number, number];
      const [eh, em] = String(f.get("end")).split(":").map(Number) as [number, number];
      out = out.map((a) => (a.id === id ? { ...a, day: String(f.get("day")), startMin: sh * 60 + sm, endMin: eh * 60 + em } : a));
    }
    return queued ? out.map((a) => (a.id === queued.id ? { ...a, ...queued.next } : a)) : out;
  }, [props.assignments, fetcher.formData, queued]);
  const rows = useMemo(() => rowsOf(props.rows, optimistic, props.pool, days), [props.rows, optimistic, props.pool, days]);
  const warned = useMemo(() => new Set(props.warnings.flatMap((w) => w.assignmentIds)), [props.warnings]);

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
      if (s.isUndo) setUndo((u) => u.slice(0, -1));
      else if (reply.intent === "create" && reply.id) setUndo((u) => [...u.slice(-19), { kind: "create", id: reply.id! }]);
      else if (s.undo) setUndo((u) => [...u.slice(-19), s.undo!]);
      if (reply.intent === "remove" || reply.intent === "change") setEditing((e) => (e && reply.intent === "remove" ? null : e));
    } else if (!s.fields.formId) setIssue({ fields: s.fields, reply }); // the editor shows its own
  }, [fetcher.state, fetcher.data, submit]);

  const change = useCallback(
    (a: AssignmentRow, next: Shift) => {
      if (busy) return setQueued({ id: a.id, next });
      submit({ intent: "change", assignmentId: a.id, version: String(a.version), ...fieldsOf(next) }, { kind: "change", id: a.id, before: a });
    },
    [busy, submit],
  );

  const reassign = useCallback(
    (a: AssignmentRow, next: Shift, candidateId: string) => {
      if (!busy) submit({ intent: "change", assignmentId: a.id, version: String(a.version), candidateId, ...fieldsOf(next) });
    },
    [busy, submit],
  );

  const undoLast = useCallback(() => {
    const step = undo.at(-1);
    if (!step || busy) return;
    const current = byId.get(step.id);
    if (!current) return setUndo((u) => u.slice(0, -1));
    if (step.kind === "create") submit({ intent: "remove", assignmentId: current.id, version: String(current.version) }, null, true);
    else submit({ intent: "change", assignmentId: current.id, version: String(current.version), ...fieldsOf(step.before) }, null, true);
  }, [undo, busy, byId, submit]);

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

  const { update: updatePresence } = presence;
  const select = useCallback(
    (id: string | null) => {
      setSelected(id);
      updatePresence({ selection: id });
    },
    [updatePresence],
  );

  /** Keyboard: arrows move a day, Alt+arrows 15 minutes, Shift+arrows change the end; Enter edits, Delete removes. */
  const onChipKey = useCallback(
    (a: AssignmentRow, e: React.KeyboardEvent) => {
      if (!canEdit || a.removing) return;
      const dir = e.key === "ArrowRight" ? 1 : e.key === "ArrowLeft" ? -1 : 0;
      if (dir) {
        e.preventDefault();
        if (e.shiftKey) change(a, resized(a, dir * STEP_MINUTES));
        else change(a, shifted(a, dir * (e.altKey ? STEP_MINUTES : DAY_MINUTES), days));
      } else if (e.key === "Enter") {
        e.preventDefault();
        setEditing(a.id);
      } else if (e.key === "Delete") {
        e.preventDefault();
        submit({ intent: "remove", assignmentId: a.id, version: String(a.version) });
      }
    },
    [canEdit, change, days, submit],
  );

  // the options must be the same object at each render: a new one remakes the context every draggable reads
  const sensors = useSensors(useSensor(PointerSensor, POINTER));
  const targetOf = useCallback(
    (activeId: string, dx: number, resize: boolean): DragPreview | null => {
      const [kind, id] = activeId.split(":") as [string, string];
      const a = byId.get(id);
      if (!a || kind !== "a") return null;
      const minutes = snap(dx / perMinute);
      const next = resize ? resized(a, minutes) : shifted(a, minutes, days);
      return { assignmentId: id, day: next.day, startMin: next.startMin, endMin: next.endMin, kind: resize ? "resize" : "move" };
    },
    [byId, perMinute, days],
  );
  // a move reported after the drop (pointer events still in flight) must not show the drag again to the others
  const dragging = useRef(false);
  // where the pointer is now, in the viewport: dnd-kit's delta also counts the page's scrolling
  // during the drag, which the rects read at the drop already include
  const pointerAt = useLastPointer();
  const onDragMove = useCallback(
    (e: DragMoveEvent) => {
      if (!dragging.current) return;
      const p = targetOf(String(e.active.id), e.delta.x, startedOnHandle(e.activatorEvent));
      setPreview(p);
      if (p) presence.update({ drag: p, selection: p.assignmentId });
    },
    [targetOf, presence],
  );
  const onDragEnd = useCallback(
    (e: DragEndEvent) => {
      dragging.current = false;
      setPreview(null);
      presence.update({ drag: null });
      const id = String(e.active.id);
      if (id.startsWith("p:")) {
        // from the pool onto the timeline: a new shift on the day under the pointer, read from the
        // timeline as it is now (it may have scrolled by itself during the drag)
        const scroller = document.getElementById("planning-scroll");
        const pointer = pointerAt.current;
        if (!e.over || !scroller || !pointer) return;
        const x = pointer.x - scroller.getBoundingClientRect().left - NAME_WIDTH + scroller.scrollLeft;
        const dayIndex = Math.floor(x / dayWidth);
        if (dayIndex < 0 || dayIndex >= days.length) return;
        const start = view === "day" ? Math.min(snap((x % dayWidth) / perMinute), DAY_MINUTES - 8 * 60) : 8 * 60;
        submit({
          intent: "create",
          placementId: id.slice(2),
          ...fieldsOf({ day: days[dayIndex]!, startMin: start, endMin: start + 9 * 60, breakMin: 60, place: "", note: "" }),
        });
        return;
      }
      const resize = startedOnHandle(e.activatorEvent);
      const p = targetOf(id, e.delta.x, resize);
      const a = p && byId.get(p.assignmentId);
      if (!p || !a) return;
      // dropped on another candidate's row: the shift becomes theirs
      const other = props.rows === "candidates" && !resize ? rowAt(pointerAt.current) : null;
      if (other && other !== a.candidateId) return reassign(a, { ...a, day: p.day, startMin: p.startMin, endMin: p.endMin }, other);
      if (p.day === a.day && p.startMin === a.startMin && p.endMin === a.endMin) return;
      change(a, { ...a, day: p.day, startMin: p.startMin, endMin: p.endMin });
    },
    [presence, targetOf, byId, change, reassign, submit, dayWidth, days, perMinute, view, props.rows, pointerAt],
  );

  const scrollRef = useRef<HTMLDivElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: (i) => 12 + rows[i]!.lanes * LANE,
    overscan: 6,
    // rows entering the overscan render in the background (useDeferredValue below), not inside the scroll frame
    useFlushSync: false,
  });
  const shownRows = useDeferredValue(virtual.getVirtualItems());
  const width = NAME_WIDTH + days.length * dayWidth;
  const peersBy = useMemo(() => {
    const sel = new Map<string, Peer[]>();
    for (const p of presence.peers) if (p.selection) sel.set(p.selection, [...(sel.get(p.selection) ?? []), p]);
    return sel;
  }, [presence.peers]);
  const editingRow = editing ? byId.get(editing) : undefined;

  return (
    <div className="grid min-w-0 gap-3" data-testid="planning-board" data-view={view}>
      <div className="flex flex-wrap items-center gap-2">
        <ul className="flex items-center gap-1" data-testid="presence" aria-label={t("presence.label")}>
          {presence.people.map((p) => (
            <li
              key={p.socketId}
              title={p.name}
              data-testid="presence-avatar"
              data-user={p.userId}
              className="grid h-8 w-8 place-items-center rounded-full bg-primary text-xs font-semibold text-primary-foreground"
            >
              {initialsOf(p.name)}
              <span className="sr-only">{p.name}</span>
            </li>
          ))}
        </ul>
        <span className="text-xs text-muted-foreground">
          {presence.people.length ? t("presence.others", { count: presence.people.length }) : t("presence.alone")}
        </span>
        {canEdit ? (
          <Button type="button" size="sm" variant="outline" disabled={!undo.length || busy} onClick={undoLast} data-testid="undo">
            {t("board.undo")}
          </Button>
        ) : null}
        {busy ? <span className="text-xs text-muted-foreground">{t("board.saving")}</span> : null}
      </div>
      {issue ? (
        <IssuePanel issue={issue} onRetry={(fields) => submit(fields)} onClose={() => setIssue(null)} current={byId.get(issue.fields.assignmentId ?? "")} />
      ) : null}
      <DndContext
        sensors={sensors}
        onDragStart={() => (dragging.current = true)}
        onDragMove={onDragMove}
        onDragEnd={onDragEnd}
        onDragCancel={() => ((dragging.current = false), setPreview(null), presence.update({ drag: null }))}
      >
        <div className="flex min-w-0 gap-3">
          <Timeline id="planning-scroll" scrollRef={scrollRef} width={width}>
            <div className="sticky top-0 z-20 flex border-b bg-background" style={{ width }}>
              <div className="sticky left-0 z-30 shrink-0 border-r bg-background px-2 py-1 text-xs font-semibold" style={{ width: NAME_WIDTH }}>
                {t(`rows.${props.rows}`)}
              </div>
              {days.map((d) => (
                <div key={d} className="shrink-0 border-r px-1 py-1 text-center text-xs" style={{ width: dayWidth }} data-testid="day-head" data-day={d}>
                  {view === "month" ? d.slice(8, 10) : ddmm(d)}
                </div>
              ))}
            </div>
            <div style={{ height: virtual.getTotalSize(), width, position: "relative" }}>
              {/* the day lines once for the whole height, plain borders: cheap to paint while scrolling */}
              {days.map((d, i) => (
                <div key={d} aria-hidden className="absolute inset-y-0 border-r border-border/50" style={{ left: NAME_WIDTH + (i + 1) * dayWidth - 1 }} />
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
                    days={days}
                    dayWidth={dayWidth}
                    perMinute={perMinute}
                    canEdit={canEdit}
                    selected={selected}
                    warned={warned}
                    peersBy={peersBy}
                    peers={presence.peers}
                    preview={preview}
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
          {canEdit ? <Pool pool={props.pool} missions={props.missions} /> : null}
        </div>
      </DndContext>
      {editingRow ? <Editor key={editingRow.id} a={editingRow} onClose={() => setEditing(null)} submit={submit} reply={fetcher.data} busy={busy} /> : null}
      <p className="text-xs text-muted-foreground">{t("board.keys")}</p>
    </div>
  );
}

interface BoardRowProps {
  row: Row;
  top: number;
  height: number;
  width: number;
  days: string[];
  dayWidth: number;
  perMinute: number;
  canEdit: boolean;
  selected: string | null;
  warned: Set<string>;
  peersBy: Map<string, Peer[]>;
  peers: Peer[];
  preview: DragPreview | null;
  rowKind: RowKind;
  month: boolean;
  onSelect: (id: string) => void;
  onKey: (a: AssignmentRow, e: React.KeyboardEvent) => void;
  onEdit: (id: string) => void;
}

// memo: the virtualiser renders the board at each scroll step; a row already drawn stays as it is
const BoardRow = memo(function BoardRow({
  row,
  top,
  height,
  width,
  days,
  dayWidth,
  perMinute,
  canEdit,
  selected,
  warned,
  peersBy,
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
    <div data-testid="board-row" data-row={row.key} className="absolute left-0 flex border-b" style={{ top, height, width }}>
      <div className="sticky left-0 z-10 shrink-0 truncate border-r bg-background px-2 py-1 text-sm" style={{ width: NAME_WIDTH }} title={row.label}>
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
            peers={peersBy.get(a.id)}
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

function Timeline({ id, scrollRef, width, children }: { id: string; scrollRef: React.RefObject<HTMLDivElement>; width: number; children: React.ReactNode }) {
  const { setNodeRef } = useDroppable({ id: "timeline" });
  return (
    <div id={id} ref={scrollRef} className="relative h-[65vh] min-w-0 flex-1 overflow-auto rounded-md border bg-background [will-change:scroll-position]" data-testid="timeline">
      <div ref={setNodeRef} style={{ width }}>
        {children}
      </div>
    </div>
  );
}

interface ChipProps {
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
const Chip = memo(function Chip({ a, left, width, top, canEdit, selected, warned, peers, label, ariaLabel, vertical, onSelect, onKey, onEdit }: ChipProps) {
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
        draft ? "border border-dashed border-amber-600 bg-amber-100 text-amber-950" : "border border-primary bg-primary/15",
        a.removing && "line-through opacity-60",
        warned && "outline outline-2 outline-amber-500",
        selected && "ring-2 ring-primary",
        peers?.length && "ring-2 ring-fuchsia-500",
        move.isDragging && "z-20 opacity-80 shadow-lg",
      )}
      style={{ left, top, width: width + dw, height: LANE - 2, transform: dx || dy ? `translate3d(${dx}px,${dy}px,0)` : undefined }}
    >
      {warned ? <span aria-hidden>⚠</span> : null}
      <span className="truncate">{label}</span>
      {peers?.length ? (
        <span data-testid="remote-selection" className="ml-1 rounded bg-fuchsia-500 px-1 text-[9px] text-white" title={peers.map((p) => p.name).join(", ")}>
          {peers.map((p) => initialsOf(p.name)).join(" ")}
        </span>
      ) : null}
      {canEdit && !a.removing ? (
        <span aria-hidden data-testid={RESIZE_HANDLE} className="absolute inset-y-0 right-0 w-1.5 cursor-ew-resize bg-black/10" />
      ) : null}
    </div>
  );
});

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
      style={{ left: i * dayWidth + p.startMin * perMinute, top: 2, width: Math.max(spanOf(p.startMin, p.endMin) * perMinute, 40), height: 18 }}
    >
      {label}
    </div>
  );
}

// memo: the board re-renders on every scroll step (the virtualiser), the pool need not
const PoolItem = memo(function PoolItem({ p }: { p: PoolEntry }) {
  const key = poolKey(p);
  const d = useDraggable({ id: `p:${key}` });
  return (
    <li
      ref={d.setNodeRef}
      {...d.listeners}
      {...d.attributes}
      data-testid="pool-item"
      data-placement={key}
      data-kind={p.kind}
      className={cn("cursor-grab rounded border bg-background px-2 py-1 text-xs", p.kind !== "mission" && "border-dashed", d.isDragging && "opacity-70 shadow")}
      style={d.transform ? { transform: `translate3d(${d.transform.x}px,${d.transform.y}px,0)`, position: "relative", zIndex: 40 } : undefined}
    >
      <span className="font-medium">{p.candidateName}</span>
      <br />
      <span className="text-muted-foreground">{p.adTitle}</span>
    </li>
  );
});

/** A pool entry: on mission, retained for the ad, or one of the agency's candidates found by name (placed when first planned). */
type PoolEntry = Pick<PoolRow, "placementId" | "candidateId" | "candidateName" | "adId" | "adTitle"> & { kind: PoolRow["kind"] | "candidate" };
const POOL_GROUPS = ["mission", "retained"] as const;

/**
 * The candidates available for the period's missions: drag one onto a day to plan a shift.
 * Those on mission, those retained for a mission's ad, and any of the agency's candidates,
 * found by name for the mission chosen.
 */
const Pool = memo(function Pool({ pool, missions }: { pool: PoolRow[]; missions: { id: number; name: string }[] }) {
  const { t } = useTranslation(NS);
  const [q, setQ] = useState("");
  const match = (p: PoolEntry) => `${p.candidateName} ${p.adTitle}`.toLowerCase().includes(q.toLowerCase());
  return (
    <aside className="grid w-56 shrink-0 content-start gap-2" data-testid="pool">
      <input value={q} onChange={(e) => setQ(e.target.value)} placeholder={t("pool.search")} className="h-8 rounded-md border px-2 text-xs" aria-label={t("pool.search")} />
      <div className="grid max-h-[58vh] gap-3 overflow-auto">
        {POOL_GROUPS.map((kind) => {
          const shown = pool.filter((p) => p.kind === kind && match(p)).slice(0, 200);
          return (
            <section key={kind} className="grid gap-1" data-testid={`pool-${kind}`}>
              <h2 className="text-sm font-semibold">{t(`pool.groups.${kind}`)}</h2>
              {shown.length ? (
                <ul className="grid gap-1">
                  {shown.map((p) => (
                    <PoolItem key={poolKey(p)} p={p} />
                  ))}
                </ul>
              ) : (
                <p className="text-xs text-muted-foreground">{t("pool.empty")}</p>
              )}
            </section>
          );
        })}
        <AgencyCandidates missions={missions} />
      </div>
    </aside>
  );
});

/** Any of the agency's candidates (who applied to it or worked for it), found by name, for the mission chosen. */
function AgencyCandidates({ missions }: { missions: { id: number; name: string }[] }) {
  const { t } = useTranslation(NS);
  const found = useFetcher<CandidateSearchAnswer>();
  const [mission, setMission] = useState(missions[0]?.id ?? 0);
  const title = missions.find((m) => m.id === mission)?.name ?? "";
  const people = found.data && "candidates" in found.data ? found.data.candidates : [];
  return (
    <section className="grid gap-1" data-testid="pool-candidates">
      <h2 className="text-sm font-semibold">{t("pool.groups.candidate")}</h2>
      <select value={mission} onChange={(e) => setMission(Number(e.target.value))} className="h-8 rounded-md border px-1 text-xs" aria-label={t("pool.mission")} data-testid="pool-mission-choice">
        {missions.map((m) => (
          <option key={m.id} value={m.id}>
            {m.name}
          </option>
        ))}
      </select>
      <input
        type="search"
        placeholder={t("pool.findCandidate")}
        aria-label={t("pool.findCandidate")}
        className="h-8 rounded-md border px-2 text-xs"
        data-testid="pool-find"
        onChange={(e) => (e.target.value.trim().length >= 2 ? found.load(`/planification/candidates?q=${encodeURIComponent(e.target.value.trim())}`) : undefined)}
      />
      {mission ? (
        <ul className="grid gap-1">
          {people.map((c) => (
            <PoolItem key={c.id} p={{ kind: "candidate", placementId: null, candidateId: c.id, candidateName: c.name, adId: mission, adTitle: title }} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}

/** A refusal of a drag or key move: warnings to override with a reason, or who changed it first. */
function IssuePanel({
  issue,
  current,
  onRetry,
  onClose,
}: {
  issue: { fields: Fields; reply: Extract<PlanningReply, { ok: false }> };
  current?: AssignmentRow;
  onRetry: (f: Fields) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation(NS);
  const [reason, setReason] = useState("");
  const { reply, fields } = issue;
  return (
    <div
      role="alert"
      className="grid gap-2 rounded-md border border-amber-500 bg-amber-50 p-3 text-sm dark:bg-amber-950"
      data-testid="board-issue"
      data-error={reply.error}
    >
      {reply.changedBy !== undefined ? (
        <>
          <p data-testid="conflict-notice">{t("conflict.changedBy", { name: reply.changedBy || t("conflict.someone") })}</p>
          {current ? <p>{t("conflict.now", { day: ddmm(current.day), times: timesOf(current) })}</p> : null}
          <p className="text-xs">{t("conflict.yours", { day: ddmm(fields.day ?? ""), times: `${fields.start ?? ""}–${fields.end ?? ""}` })}</p>
          <div className="flex gap-2">
            {current ? (
              <Button size="sm" type="button" onClick={() => onRetry({ ...fields, version: String(current.version) })} data-testid="conflict-retry">
                {t("conflict.retry")}
              </Button>
            ) : null}
            <Button size="sm" variant="outline" type="button" onClick={onClose}>
              {t("conflict.dismiss")}
            </Button>
          </div>
        </>
      ) : reply.warnings?.length ? (
        <form
          className="grid gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            onRetry({ ...fields, reason });
          }}
        >
          {reply.warnings.map((w) => (
            <p key={w.key} data-testid="issue-warning">
              ⚠ {warningText(t, w)}
            </p>
          ))}
          <label className="grid gap-1 text-xs">
            {t("form.reason")}
            <input required value={reason} onChange={(e) => setReason(e.target.value)} className="h-8 rounded-md border px-2" data-testid="override-reason" />
          </label>
          <div className="flex gap-2">
            <Button size="sm" type="submit" data-testid="override-submit">
              {t("warnings.override")}
            </Button>
            <Button size="sm" variant="outline" type="button" onClick={onClose}>
              {t("conflict.dismiss")}
            </Button>
          </div>
        </form>
      ) : (
        <div className="flex items-center gap-2">
          <p>{t(reply.error)}</p>
          {Object.entries(reply.result.error ?? {}).map(([k, v]) => (
            <p key={k}>{(v ?? []).map((e) => t(e)).join(" ")}</p>
          ))}
          <Button size="sm" variant="outline" type="button" onClick={onClose}>
            {t("conflict.dismiss")}
          </Button>
        </div>
      )}
    </div>
  );
}

/**
 * The form of one assignment. The version is the one shown when it opened: a change by someone
 * else meanwhile is refused with their name, the inputs stay as typed, and saving again applies
 * them over the current state.
 */
function Editor({
  a,
  onClose,
  submit,
  reply,
  busy,
}: {
  a: AssignmentRow;
  onClose: () => void;
  submit: (f: Fields) => void;
  reply: PlanningReply | undefined;
  busy: boolean;
}) {
  const { t } = useTranslation(NS);
  const [version, setVersion] = useState(a.version);
  const [opened] = useState(() => fieldsOf(a));
  const failed = reply && !reply.ok && reply.formId === `edit-${a.id}` ? reply : null;
  useEffect(() => {
    if (failed?.currentVersion) setVersion(failed.currentVersion);
  }, [failed]);
  const send = (form: HTMLFormElement, intent: string) => {
    const data = Object.fromEntries([...new FormData(form).entries()].map(([k, v]) => [k, String(v)]));
    submit({ ...data, intent, formId: `edit-${a.id}`, assignmentId: a.id, version: String(version) });
  };
  const err = (name: string) => failed?.result.error?.[name]?.map((e) => t(e)).join(" ");
  const cell = "h-8 rounded-md border px-2 text-sm";
  return (
    <section className="card-surface grid gap-2 p-3" data-testid="assignment-editor" aria-label={t("editor.title")}>
      <h2 className="text-sm font-semibold">
        {t("editor.title")}: {a.candidateName} · {a.adTitle}
      </h2>
      {failed?.changedBy !== undefined ? (
        <p role="alert" className="text-sm text-amber-700" data-testid="conflict-notice">
          {t("conflict.changedBy", { name: failed.changedBy || t("conflict.someone") })} {t("conflict.now", { day: ddmm(a.day), times: timesOf(a) })}
        </p>
      ) : null}
      {failed?.warnings?.map((w) => (
        <p key={w.key} role="alert" className="text-sm text-amber-700" data-testid="form-warning">
          ⚠ {warningText(t, w)}
        </p>
      ))}
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          send(e.currentTarget, "change");
        }}
      >
        {(
          [
            ["day", "date"],
            ["start", "time"],
            ["end", "time"],
            ["breakMinutes", "number"],
            ["place", "text"],
            ["note", "text"],
          ] as const
        ).map(([name, type]) => (
          <label key={name} className="grid gap-1 text-xs">
            {t(`form.${name === "breakMinutes" ? "break" : name}`)}
            <input name={name} type={type} defaultValue={opened[name]} className={cell} data-testid={`edit-${name}`} />
            {err(name) ? <span className="text-destructive">{err(name)}</span> : null}
          </label>
        ))}
        <label className="flex items-center gap-1 text-xs">
          <input type="checkbox" name="overnight" defaultChecked={opened.overnight === "on"} /> {t("form.overnight")}
        </label>
        <label className="grid gap-1 text-xs">
          {t("form.reason")}
          <input name="reason" className={cell} data-testid="edit-reason" />
          {err("reason") ? <span className="text-destructive">{err("reason")}</span> : null}
        </label>
        <Button type="submit" size="sm" disabled={busy} data-testid="edit-save">
          {t("list.save")}
        </Button>
        <Button type="button" size="sm" variant="outline" onClick={onClose}>
          {t("editor.close")}
        </Button>
      </form>
      <div className="flex flex-wrap items-end gap-4">
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send(e.currentTarget, "copy");
          }}
        >
          <label className="grid gap-1 text-xs">
            {t("editor.copyDays")}
            <input name="days" placeholder="2026-12-01, 2026-12-02" className={cell} data-testid="copy-days" />
          </label>
          <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid="copy-submit">
            {t("editor.copy")}
          </Button>
        </form>
        <form
          className="flex items-end gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            send(e.currentTarget, "repeat");
          }}
        >
          <label className="grid gap-1 text-xs">
            {t("editor.weeks")}
            <input name="weeks" type="number" min={1} max={12} defaultValue={4} className={cn(cell, "w-20")} data-testid="repeat-weeks" />
          </label>
          <Button type="submit" size="sm" variant="outline" disabled={busy} data-testid="repeat-submit">
            {t("editor.repeat")}
          </Button>
        </form>
        <Button
          type="button"
          size="sm"
          variant="destructive"
          disabled={busy}
          onClick={() => submit({ intent: "remove", assignmentId: a.id, version: String(version) })}
          data-testid="edit-remove"
        >
          {t("list.remove")}
        </Button>
      </div>
    </section>
  );
}

export { warningText };
