import { useDroppable } from "@dnd-kit/core";

/** The scrolling timeline, the drop target of pool entries. */
export function Timeline({
  id,
  scrollRef,
  width,
  children,
}: {
  id: string;
  scrollRef: React.RefObject<HTMLDivElement>;
  width: number;
  children: React.ReactNode;
}) {
  const { setNodeRef } = useDroppable({ id: "timeline" });
  return (
    <div
      id={id}
      ref={scrollRef}
      className="relative h-[65vh] min-w-0 flex-1 overflow-auto rounded-md border bg-background [will-change:scroll-position]"
      data-testid="timeline"
    >
      <div ref={setNodeRef} style={{ width }}>
        {children}
      </div>
    </div>
  );
}
