import { useRevalidator } from "@remix-run/react";
import { useEffect, useMemo, useRef, useState } from "react";
import { useLive, useLiveSocket } from "~/hooks/use-live";
import {
  boardOf,
  PLANNING_SHIFT,
  type BoardShift,
  type DocumentExpiries,
  type LiveShift,
} from "#server/modules/planning/contract";
import type { BoardFilters } from "#server/modules/planning/queries";
import type { PublicationAnswer, PublicationPreview } from "~/routes/_resources+/planification.publication";

/** A shift as last pushed: its row, or null once it is gone. */
type Patches = ReadonlyMap<string, BoardShift | null>;

interface LoaderBoard {
  shifts: BoardShift[];
  from: string;
  to: string;
  filters: BoardFilters;
  preview: PublicationPreview;
  canEdit: boolean;
  expiries: DocumentExpiries;
}

/** Keeps the patches the loader's data has not caught up with (a newer version, or a removal it still lists). */
export function prunePatches(patches: Patches, shifts: readonly BoardShift[]): Patches {
  if (!patches.size) return patches;
  const loaded = new Map(shifts.map((s) => [s.id, s.version]));
  const kept = new Map(
    [...patches].filter(([id, p]) => (p === null ? loaded.has(id) : (loaded.get(id) ?? 0) < p.version)),
  );
  return kept.size === patches.size ? patches : kept;
}

/** A pushed shift into the patches; pushes may arrive out of order: an older version never replaces a newer one, nor a removal. */
export function withPatch(patches: Patches, shifts: readonly BoardShift[], { id, shift }: LiveShift): Patches {
  const known = patches.has(id) ? patches.get(id) : shifts.find((s) => s.id === id);
  if (known === null || (shift && known && known.version >= shift.version)) return patches;
  return new Map(patches).set(id, shift);
}

/** The loader's shifts with the patches over them. */
export function patchedShifts(shifts: readonly BoardShift[], patches: Patches): BoardShift[] {
  if (!patches.size) return shifts as BoardShift[];
  const out = shifts.filter((s) => !patches.has(s.id));
  for (const p of patches.values()) if (p) out.push(p);
  return out;
}

/**
 * The board's data, live (ADR 0014). Editors are in their agency's planning room, where every
 * changed shift is pushed whole: it is patched into the loader's shifts and the warnings are
 * recomputed here with the server's own pure function; the publish summaries are asked again
 * once the changes pause. A publication (many shifts) and a reconnect (pushes may have been
 * missed) reload the board; readers outside the room (client users) reload on each change.
 */
export function useLiveBoard(data: LoaderBoard) {
  const { revalidate } = useRevalidator();
  const { socket } = useLiveSocket();
  const [patches, setPatches] = useState<Patches>(new Map());
  const [preview, setPreview] = useState<{ of: PublicationPreview; value: PublicationPreview } | null>(null);
  const loaded = useRef(data);
  loaded.current = data;

  // a reload of the board supersedes what it has caught up with
  useEffect(() => setPatches((p) => prunePatches(p, data.shifts)), [data.shifts]);

  useEffect(() => {
    if (!socket || !data.canEdit) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const askPreview = async () => {
      const of = loaded.current.preview;
      const answer = (await fetch("/planification/publication").then((r) => r.json())) as PublicationAnswer;
      if ("preview" in answer) setPreview({ of, value: answer.preview });
    };
    const onShift = (message: LiveShift) => {
      setPatches((p) => withPatch(p, loaded.current.shifts, message));
      clearTimeout(timer);
      timer = setTimeout(() => void askPreview().catch(() => undefined), 800);
    };
    socket.on(PLANNING_SHIFT, onShift);
    return () => {
      clearTimeout(timer);
      socket.off(PLANNING_SHIFT, onShift);
    };
  }, [socket, data.canEdit]);

  const connected = useLive(
    (e) => e.streamId.startsWith("planning-") || (!data.canEdit && e.streamId.startsWith("assignment-")),
  );

  // back after a cut: pushes made meanwhile are not replayed, the reload misses none
  const wasConnected = useRef(false);
  useEffect(() => {
    if (!connected) return;
    if (wasConnected.current) revalidate();
    wasConnected.current = true;
  }, [connected, revalidate]);

  const { from, to, filters, expiries } = data;
  const shifts = useMemo(() => patchedShifts(data.shifts, patches), [data.shifts, patches]);
  const board = useMemo(() => boardOf(shifts, { from, to, filters, expiries }), [shifts, from, to, filters, expiries]);
  // the loader's summaries until a later answer
  const current = preview && preview.of === data.preview ? preview.value : data.preview;
  return { ...board, preview: current, connected };
}
