import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, sortableKeyboardCoordinates, useSortable } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { Form, Link, useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { formatDate } from "~/utils/dates";
import type { FolderMember } from "#server/modules/folders/contract";
import { NS } from "./folder-form";

type Member = Omit<FolderMember, "addedAt"> & { addedAt: string };

/**
 * A folder's candidates in order. With JavaScript they are reordered by dragging a handle, or
 * from the keyboard (focus the handle, space, arrow keys, space); without it, each row has
 * up and down buttons in a form. Every move posts `move` with the new position.
 */
export function FolderMembers({ members }: { members: Member[] }) {
  const { t } = useTranslation(NS);
  const fetcher = useFetcher();
  const [order, setOrder] = useState(() => members.map((m) => m.id));
  // the server's order (a colleague's move, a reload) wins over ours once it arrives
  const serverOrder = members.map((m) => m.id).join();
  useEffect(() => setOrder(serverOrder ? serverOrder.split(",") : []), [serverOrder]);
  const byId = new Map(members.map((m) => [m.id, m]));
  const sensors = useSensors(
    useSensor(PointerSensor),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const name = (id: string | number) => {
    const m = byId.get(String(id));
    return m ? `${m.firstName} ${m.lastName}` : "";
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const to = order.indexOf(String(over.id));
    setOrder((o) => arrayMove(o, o.indexOf(String(active.id)), to));
    fetcher.submit({ intent: "move", candidateId: String(active.id), position: String(to) }, { method: "post" });
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: { draggable: t("page.dragHelp") },
        announcements: {
          onDragStart: ({ active }) => t("page.dragStart", { name: name(active.id) }),
          onDragOver: ({ active, over }) =>
            over ? t("page.dragOver", { name: name(active.id), position: order.indexOf(String(over.id)) + 1 }) : "",
          onDragEnd: ({ active, over }) =>
            over ? t("page.moved", { name: name(active.id), position: order.indexOf(String(over.id)) + 1 }) : "",
          onDragCancel: ({ active }) => t("page.dragCancel", { name: name(active.id) }),
        },
      }}
    >
      <SortableContext items={order}>
        <ol className="grid gap-2" data-testid="folder-members">
          {order.map((id, i) => {
            const m = byId.get(id);
            return m ? <MemberRow key={id} member={m} index={i} last={i === order.length - 1} /> : null;
          })}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function MemberRow({ member: m, index, last }: { member: Member; index: number; last: boolean }) {
  const { t } = useTranslation(NS);
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id: m.id });
  const name = `${m.firstName} ${m.lastName}`;
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`card-surface flex flex-wrap items-center gap-3 p-3 ${isDragging ? "opacity-70 shadow-lg" : ""}`}
      data-testid="folder-member"
      data-id={m.id}
    >
      <button
        type="button"
        className="cursor-grab rounded px-2 py-1 text-muted-foreground hover:bg-secondary focus-visible:outline focus-visible:outline-2"
        aria-label={t("page.drag", { name })}
        data-testid="drag-handle"
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <Link to={`/cv-theque/${m.id}`} className="font-medium text-primary hover:underline" data-testid="member-name">
          {name}
        </Link>
        <span className="text-xs text-muted-foreground" data-testid="member-added">
          {[m.place, t("page.addedBy", { name: m.addedByName, date: formatDate(m.addedAt) })]
            .filter(Boolean)
            .join(" · ")}
        </span>
      </div>
      <Form method="post" className="flex gap-1">
        <input type="hidden" name="candidateId" value={m.id} />
        <button
          type="submit"
          name="position"
          value={index - 1}
          disabled={index === 0}
          className="rounded border px-2 text-sm disabled:opacity-40"
          aria-label={t("page.up", { name })}
        >
          ↑
        </button>
        <button
          type="submit"
          name="position"
          value={index + 1}
          disabled={last}
          className="rounded border px-2 text-sm disabled:opacity-40"
          aria-label={t("page.down", { name })}
        >
          ↓
        </button>
        <input type="hidden" name="intent" value="move" />
      </Form>
      <Form method="post">
        <input type="hidden" name="candidateId" value={m.id} />
        <button
          type="submit"
          name="intent"
          value="remove"
          className="rounded px-2 text-sm text-destructive hover:underline"
          aria-label={t("page.remove", { name })}
          data-testid="remove-member"
        >
          {t("page.removeShort")}
        </button>
      </Form>
    </li>
  );
}
